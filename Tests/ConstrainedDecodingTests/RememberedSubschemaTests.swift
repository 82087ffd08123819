import Foundation
import JSONValues
import Testing

@testable import ConstrainedDecoding

/// A subschema reached again below the root reuses the rules it compiled to the first time
/// (``SubschemaKey``): fewer rules, and the same tokens allowed at every step as when each place
/// compiles its own copy.
@Suite struct RememberedSubschemaTests {
    static func grammar(_ schema: JSONValue, remembering: Bool) throws(SchemaError) -> Grammar {
        var options = JSONSchemaOptions()
        options.remembersSubschemas = remembering
        return try Grammar.jsonSchema(schema, options: options)
    }

    /// Walks both grammars in lockstep on random tokens; every mask and every "can end here" must
    /// agree. Returns the first disagreement.
    static func firstDifference(_ left: CompiledGrammar, _ right: CompiledGrammar, seeds: Range<UInt64>, steps: Int) -> String? {
        let vocabulary = left.vocabulary
        for seed in seeds {
            let leftMatcher = GrammarMatcher(grammar: left)
            let rightMatcher = GrammarMatcher(grammar: right)
            var random = SplitMix64(seed: seed)
            var bytes: [UInt8] = []
            for _ in 0..<steps {
                let allowed = leftMatcher.nextTokenBitmask().allowedTokens
                let expected = rightMatcher.nextTokenBitmask().allowedTokens
                let text = String(decoding: bytes, as: UTF8.self).debugDescription
                if allowed != expected { return "seed \(seed): masks differ after \(text)" }
                if leftMatcher.canTerminate != rightMatcher.canTerminate { return "seed \(seed): ending differs after \(text)" }
                // Ending tokens only now and then, so that walks reach into the schema.
                let going = allowed.filter { !vocabulary.endOfGenerationTokens.contains($0) }
                guard !going.isEmpty else { break }
                let token = going[Int(random.next() % UInt64(going.count))]
                do {
                    try leftMatcher.acceptToken(token)
                    try rightMatcher.acceptToken(token)
                } catch {
                    return "seed \(seed): an allowed token was refused after \(text): \(error)"
                }
                bytes += vocabulary.tokenBytes[token]
            }
        }
        return nil
    }

    /// Two properties with the same `oneOf` of overlapping branches (a list of numbers or of
    /// integers, a long string or any string): its branches are made exclusive and compiled once,
    /// not once per property.
    @Test func aSubschemaReachedTwiceCompilesOnce() throws {
        let choice =
            #"{"oneOf": [{"type": "array", "items": {"type": "number"}, "maxItems": 3}, {"type": "array", "items": {"type": "integer"}, "minItems": 2}, {"type": "string", "maxLength": 500}, {"type": "string", "minLength": 400}]}"#
        let schema = try JSONReader.read(
            #"{"type": "object", "properties": {"first": \#(choice), "second": \#(choice)}, "required": ["first", "second"], "additionalProperties": false}"#)
        let remembered = try Self.grammar(schema, remembering: true)
        let copied = try Self.grammar(schema, remembering: false)
        #expect(remembered.ruleCount < copied.ruleCount, "\(remembered.ruleCount) rules against \(copied.ruleCount)")
        let left = try CompiledGrammar(remembered, vocabulary: TestVocabularies.synthetic)
        let right = try CompiledGrammar(copied, vocabulary: TestVocabularies.synthetic)
        let difference = Self.firstDifference(left, right, seeds: 0..<8, steps: 120)
        #expect(difference == nil, "\(difference ?? "")")
        // Each property takes one branch, and not a value two branches accept.
        #expect(ByteChecks.accepts(left, #"{"first": [1.5], "second": "abc"}"#))
        #expect(ByteChecks.accepts(left, #"{"first": [1, 2, 3, 4], "second": "abc"}"#))
        #expect(!ByteChecks.accepts(left, #"{"first": [1, 2], "second": "abc"}"#))
    }

    /// On the JSONSchemaBench development split (every schema with `$ref`s and combinators in a
    /// release build; a sample of them in a debug build): the same schemas compile, to no more
    /// rules, and both grammars allow the same tokens along random walks.
    @Test func benchSchemasAllowTheSameTokensAsWhenEachCopyCompiles() throws {
        let all = try JSONSchemaBenchTests.loadSchemas()
        guard !all.isEmpty else { return }
        let combined = all.filter { entry in
            let text = entry.schema.serialized(layout: .compact)
            return text.contains("\"$ref\"") && (text.contains("\"oneOf\"") || text.contains("\"anyOf\"") || text.contains("\"allOf\""))
        }
        let stride = JSONSchemaBenchTests.stride * 3
        let sample = combined.enumerated().filter { $0.offset % stride == 0 || $0.element.name.contains("travis") }.map(\.element)
        var compared = 0
        var fewerRules = 0
        for (name, schema) in sample {
            let copied: Grammar
            let right: CompiledGrammar
            do {
                copied = try Self.grammar(schema, remembering: false)
                right = try CompiledGrammar(copied, vocabulary: TestVocabularies.synthetic)
            } catch {
                // Refused when each copy compiles (for its size, say): remembering may compile it.
                continue
            }
            let remembered: Grammar
            let left: CompiledGrammar
            do {
                remembered = try Self.grammar(schema, remembering: true)
                left = try CompiledGrammar(remembered, vocabulary: TestVocabularies.synthetic)
            } catch {
                Issue.record("\(name) compiles only when each copy compiles: \(error)")
                continue
            }
            #expect(remembered.ruleCount <= copied.ruleCount, "\(name)")
            if remembered.ruleCount < copied.ruleCount { fewerRules += 1 }
            let difference = Self.firstDifference(left, right, seeds: 0..<3, steps: 150)
            #expect(difference == nil, "\(name): \(difference ?? "")")
            compared += 1
        }
        print("remembered subschemas: \(compared) of \(sample.count) sampled schemas compared, \(fewerRules) with fewer rules")
        #expect(compared > 0)
        #expect(fewerRules > 0)
    }
}
