import JSONValues
import Testing
@testable import ConstrainedDecoding

/// Equal rules become one before a grammar is prepared (``Grammar/mergingIdenticalRules()``):
/// fewer rules to flatten, check and analyse, and fewer mask-cache entries, with the same masks.
@Suite struct RuleMergingTests {
    /// Forty names: as an enum, more states than are inlined, so the enum is a rule of its own.
    static let names = (0..<40).map { "name-\($0)-of-forty" }

    /// The same enum through one definition used twice, and spelt out a third time.
    static let repeated: String = {
        let enumText = "[" + names.map { JSONWriter.quoted($0) }.joined(separator: ", ") + "]"
        return ##"{"type": "object", "properties": {"first": {"$ref": "#/definitions/name"}, "second": {"$ref": "#/definitions/name"}, "third": {"enum": "##
            + enumText
            + ##"}, "list": {"type": "array", "items": {"$ref": "#/definitions/name"}, "maxItems": 3}}, "required": ["first", "second", "third", "list"], "definitions": {"name": {"enum": "##
            + enumText + "}}}"
    }()

    /// A tree: a recursive reference, beside two equal object shapes.
    static let recursive =
        ##"{"type": "object", "properties": {"value": {"type": "integer"}, "left": {"$ref": "#"}, "right": {"$ref": "#"}, "a": {"type": "object", "properties": {"x": {"type": "boolean"}}, "required": ["x"]}, "b": {"type": "object", "properties": {"x": {"type": "boolean"}}, "required": ["x"]}}, "required": ["value"]}"##

    static func automata(_ grammar: Grammar) -> [ByteDFA] {
        grammar.rules.compactMap { rule in
            if case .automaton(let dfa) = rule { return dfa }
            return nil
        }
    }

    @Test func aRepeatedEnumBecomesOneRule() throws {
        let grammar = try Grammar.jsonSchema(Self.repeated)
        let large = Self.automata(grammar).filter { $0.stateCount > 100 }
        #expect(large.count >= 2, "the schema no longer repeats a large rule: \(large.map(\.stateCount))")
        let merged = grammar.mergingIdenticalRules()
        #expect(Self.automata(merged).filter { $0.stateCount > 100 }.count == 1)
        #expect(merged.rules.count < grammar.rules.count)
        #expect(Set(merged.rules).count == merged.rules.count, "two merged rules are still equal")
    }

    @Test(arguments: [repeated, recursive])
    func everyKeptRuleIsReachedFromTheRoot(_ schema: String) throws {
        let merged = try Grammar.jsonSchema(schema).mergingIdenticalRules()
        var reached: Set<Int32> = [merged.root]
        var work = [merged.root]
        while let rule = work.popLast() {
            for callee in merged.rules[Int(rule)].callees where reached.insert(callee).inserted { work.append(callee) }
        }
        #expect(reached.count == merged.rules.count)
    }

    @Test(arguments: [repeated, recursive])
    func mergingChangesNoMask(_ schema: String) throws {
        var vocabularies: [(String, TokenVocabulary)] = [("synthetic", TestVocabularies.synthetic)]
        if let smol = TestVocabularies.smol { vocabularies.append(("SmolLM2", smol)) }
        for (name, vocabulary) in vocabularies {
            let grammar = try Grammar.jsonSchema(schema)
            let merged = try CompiledGrammar(grammar, vocabulary: vocabulary, sharesLengthMasks: true, mergesRules: true)
            let separate = try CompiledGrammar(grammar, vocabulary: vocabulary, sharesLengthMasks: true, mergesRules: false)
            for seed in 1...3 {
                let walking = GrammarMatcher(grammar: merged)
                let reference = GrammarMatcher(grammar: separate)
                var random = SplitMix64(seed: UInt64(seed))
                var steps = 0
                while steps < 120, !reference.canTerminate {
                    let allowed = walking.nextTokenBitmask().allowedTokens
                    #expect(allowed == reference.nextTokenBitmask().allowedTokens, "\(name), seed \(seed): masks differ at step \(steps)")
                    guard !allowed.isEmpty else { break }
                    let token = allowed[Int(random.next() % UInt64(allowed.count))]
                    try walking.acceptToken(token)
                    try reference.acceptToken(token)
                    steps += 1
                }
                #expect(steps > 5, "\(name), seed \(seed): the walk ended after \(steps) tokens")
            }
            #expect(merged.cachedStateCount <= separate.cachedStateCount, "\(name)")
        }
    }

    @Test func theMergedGrammarAcceptsWhatTheSchemaDoes() throws {
        let compiled = try ByteChecks.compile(Self.repeated)
        #expect(ByteChecks.accepts(compiled, #"{"first": "name-1-of-forty", "second": "name-39-of-forty", "third": "name-0-of-forty", "list": ["name-2-of-forty"]}"#))
        #expect(!ByteChecks.accepts(compiled, #"{"first": "name-1-of-forty", "second": "name-40-of-forty", "third": "name-0-of-forty", "list": []}"#))
        let tree = try ByteChecks.compile(Self.recursive)
        #expect(ByteChecks.accepts(tree, #"{"value": 1, "left": {"value": 2, "right": {"value": 3}}, "a": {"x": true}}"#))
        #expect(!ByteChecks.accepts(tree, #"{"value": 1, "left": {"right": {"value": 3}}}"#))
    }
}
