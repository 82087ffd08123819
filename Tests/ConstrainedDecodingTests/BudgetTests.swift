@testable import ConstrainedDecoding
import Foundation
import JSONValues
import Testing

/// Budget-aware decoding and loop breaking, without a model: the grammar's shortest completions,
/// the engine's closing loop driven by a stubborn scripted "model", and the repetition guard.
@Suite struct BudgetTests {
    typealias Tokenizer = ConstraintTests.LongestMatchTokenizer

    /// Printable ASCII one byte each, a few long pieces a looping model likes, and end of text.
    static let tokenizer: Tokenizer = {
        var pieces = (0x20...0x7E).map { String(UnicodeScalar(UInt8($0))) }
        pieces += ["0000", "aaaa", "\", \"", "\"]", "\"}", "\": \"", "\": ", ", ", "{\"", "Produce", "<eos>"]
        return Tokenizer(pieces: pieces)
    }()

    static let schemas: [String] = [
        #"{"type": "object", "properties": {"a": {"type": "string", "minLength": 3}, "b": {"type": "array", "items": {"type": "integer"}, "minItems": 2}}, "required": ["a", "b"]}"#,
        #"{"type": "array", "prefixItems": [{"type": "boolean"}, {"enum": ["red", "green"]}], "minItems": 2}"#,
        ##"{"$defs": {"node": {"type": "object", "properties": {"next": {"anyOf": [{"$ref": "#/$defs/node"}, {"type": "null"}]}}, "required": ["next"]}}, "$ref": "#/$defs/node"}"##,
        #"{"type": "object", "properties": {"id": {"type": "string", "format": "uuid"}, "n": {"type": "number", "minimum": 10}}, "required": ["id", "n"]}"#,
        #"{"type": "string", "pattern": "^[a-z]{4,6}-[0-9]+$"}"#,
        // Counted beside its automaton (design note 0019): the minimum owes twelve characters.
        #"{"type": "object", "properties": {"w": {"type": "string", "pattern": "^(?:\\S+\\s+){0,9}\\S+$", "minLength": 12, "maxLength": 100}}, "required": ["w"]}"#
    ]

    func compile(_ schema: String) throws -> CompiledGrammar {
        try CompiledGrammar(Grammar.jsonSchema(schema), vocabulary: Self.tokenizer.vocabulary)
    }

    /// Following bytes that shorten the completion by exactly one ends the grammar in exactly the
    /// promised number of bytes, and no byte shortens it by more than one (a true lower bound).
    @Test(arguments: schemas) func theShortestCompletionIsExactAndReachable(_ schema: String) throws {
        let grammar = try compile(schema)
        let matcher = GrammarMatcher(grammar: grammar)
        let promised = matcher.minimumCompletionBytes
        #expect(promised == grammar.shortestSentenceBytes)
        var written: [UInt8] = []
        while !matcher.canTerminate {
            let current = matcher.minimumCompletionBytes
            let next = matcher.minimumCompletionBytesByNextByte()
            #expect(next.values.allSatisfy { $0 >= current - 1 }, "a byte shortened the completion by more than one")
            let byte = try #require(next.filter { $0.value == current - 1 }.keys.min(), "no byte continues a shortest completion")
            try matcher.acceptBytes([byte])
            written.append(byte)
            #expect(written.count <= promised)
        }
        #expect(written.count == promised)
        #expect(matcher.minimumCompletionBytes == 0)
        // The shortest sentence is an instance of the schema.
        #expect((try? JSONReader.read(String(decoding: written, as: UTF8.self))) != nil)
    }

    /// Every automaton state's distance equals a plain fixpoint over all states (each relaxed until
    /// nothing changes, in no particular order), whether the automaton leads back to earlier states
    /// (loops, recursion) or only forward (a trie, whose reading stops after one pass).
    @Test(
        arguments: schemas + [
            #"{"enum": ["alpha", "alphabet", "beta", "gamma", "delta", "epsilon", "be"]}"#,
            #"{"type": "object", "properties": {"k": {"enum": ["x1", "x22", "x333"]}, "v": {"type": "string", "pattern": "^(ab)+c?$"}}, "required": ["v"]}"#,
            // A list long enough to share its endings: no cycle, and moves back to earlier states.
            #"{"type": "array", "items": {"enum": ["# + (0..<500).map { "\"w\($0 * 37 % 1000)-\(["end", "tail", "x"][$0 % 3])\"" }.joined(separator: ", ") + "]}}"
        ])
    func distancesEqualAPlainFixpoint(_ schema: String) throws {
        let grammar = try compile(schema)
        let tables = grammar.tables
        let computed = grammar.distances
        let unreachable = CompletionDistances.unreachable
        var ruleMinimum = computed.ruleMinimum
        var stateMinimum = [Int](repeating: unreachable, count: tables.stateAccepting.count)
        let automata = (0..<tables.ruleKind.count).filter { tables.ruleKind[$0] == GrammarTables.kindAutomaton }
        for rule in automata { ruleMinimum[rule] = unreachable }
        func end(of rule: Int) -> Int {
            automata.first { $0 > rule }.map { Int(tables.ruleStateBase[$0]) } ?? tables.stateAccepting.count
        }
        var changed = true
        while changed {
            changed = false
            for rule in automata {
                let base = Int(tables.ruleStateBase[rule])
                let classCount = Int(tables.ruleClassCount[rule])
                for state in base..<end(of: rule) {
                    var best = tables.stateAccepting[state] ? 0 : unreachable
                    for byteClass in 0..<classCount {
                        let target = tables.transitions[Int(tables.stateTransitionBase[state]) + byteClass]
                        if target >= 0 { best = min(best, stateMinimum[base + Int(target)] + 1) }
                    }
                    for call in Int(tables.stateCallStart[state])..<Int(tables.stateCallStart[state + 1]) {
                        let callee = ruleMinimum[Int(tables.callCallee[call])]
                        let rest = stateMinimum[base + Int(tables.callTarget[call])]
                        if callee < unreachable, rest < unreachable { best = min(best, callee + rest) }
                    }
                    if best < stateMinimum[state] {
                        stateMinimum[state] = best
                        changed = true
                    }
                }
                if stateMinimum[base] < ruleMinimum[rule] {
                    ruleMinimum[rule] = stateMinimum[base]
                    changed = true
                }
            }
        }
        #expect(stateMinimum == computed.stateMinimum)
        #expect(ruleMinimum == computed.ruleMinimum)
    }

    /// The engine's loop: sample (here: always the allowed token the stubborn model likes best),
    /// and when that token would leave too few tokens to finish, sample again among closing tokens.
    func generate(_ grammar: CompiledGrammar, budget: Int, breaksLoops: Bool = false, favourite: [String]) -> (text: String, tokens: Int, complete: Bool) {
        let tokenizer = Self.tokenizer
        let constraint = GrammarConstraint(grammar: grammar, vocabulary: tokenizer, jumpForward: true, breaksLoops: breaksLoops)
        var words = [UInt32](repeating: 0, count: (tokenizer.pieces.count + 31) / 32)
        var text = ""
        var produced = 0
        let preference = favourite.map { tokenizer.id($0) } + (0..<Int32(tokenizer.pieces.count)).reversed()
        func pick() -> Int32? {
            preference.first { words[Int($0) >> 5] & (1 << UInt32($0 & 31)) != 0 }
        }
        while produced < budget {
            words.withUnsafeMutableBufferPointer { constraint.fillAllowedTokens($0) }
            guard var token = pick() else { break }
            if !constraint.canFinish(after: token, within: budget - produced - 1) {
                words.withUnsafeMutableBufferPointer { constraint.narrowToClosingTokens($0) }
                guard let closing = pick() else { break }
                token = closing
            }
            if token == tokenizer.endOfGenerationTokens[0] { return (text, produced, true) }
            guard constraint.accept(token) else { break }
            produced += 1
            text += tokenizer.pieces[Int(token)]
            for forced in constraint.takeForcedTokens() {
                produced += 1
                text += tokenizer.pieces[Int(forced)]
            }
            if constraint.isComplete { return (text, produced, true) }
        }
        return (text, produced, constraint.tokensToFinish == 0)
    }

    /// A model that would write zeros forever still ends with valid JSON within every budget from
    /// the shortest answer up, using no more tokens than the budget.
    @Test func aStubbornModelEndsValidWithinEveryBudget() throws {
        let schema = #"{"type": "object", "properties": {"id": {"type": "string"}, "tags": {"type": "array", "items": {"type": "string"}}}, "required": ["id", "tags"]}"#
        let grammar = try compile(schema)
        let shortest = grammar.shortestSentenceBytes
        for budget in shortest...(shortest + 40) {
            let result = generate(grammar, budget: budget, favourite: ["0000", "\", \"", "0"])
            #expect(result.complete, "budget \(budget): \(result.text)")
            #expect(result.tokens <= budget)
            #expect((try? JSONReader.read(result.text)) != nil, "budget \(budget): \(result.text)")
        }
    }

    /// Below the shortest answer, the constraint says up front how much it needs.
    @Test func theShortestAnswerIsWhatAGenerationMustReserve() throws {
        let grammar = try compile(Self.schemas[0])
        let constraint = GrammarConstraint(grammar: grammar, vocabulary: Self.tokenizer)
        #expect(constraint.tokensToFinish == grammar.shortestSentenceBytes)
        #expect(grammar.shortestSentenceBytes == #"{"a": "   ", "b": [0, 0]}"#.utf8.count)
    }

    /// With loop breaking on, a value that repeats itself is steered to its end long before the
    /// budget: the zeros stop after the guard's span and the answer completes.
    @Test func aLoopingValueIsClosedOnceTheLoopIsSeen() throws {
        let grammar = try compile(#"{"type": "object", "properties": {"id": {"type": "string"}, "n": {"type": "integer"}}, "required": ["id", "n"]}"#)
        let looping = generate(grammar, budget: 400, breaksLoops: false, favourite: ["0000"])
        // Without the guard the zeros run until the budget, which then closes the answer.
        #expect(looping.complete && looping.tokens >= 390, "\(looping.tokens)")
        let broken = generate(grammar, budget: 400, breaksLoops: true, favourite: ["0000"])
        #expect(broken.complete, "\(broken.text)")
        #expect(broken.tokens < 3 * RepetitionGuard.minimumSpan + 20, "\(broken.text)")
        #expect((try? JSONReader.read(broken.text)) != nil, "\(broken.text)")
    }

    /// An array that repeats one element is closed as a whole, not only the element.
    @Test func aRepeatedArrayElementClosesTheArray() throws {
        let grammar = try compile(#"{"type": "array", "items": {"type": "string"}}"#)
        let result = generate(grammar, budget: 400, breaksLoops: true, favourite: ["\"]", "Produce", "\", \""].reversed())
        #expect(result.complete, "\(result.text)")
        #expect(result.text.hasSuffix("]"))
        #expect(result.text.components(separatedBy: "Produce").count - 1 < RepetitionGuard.minimumSpan, "\(result.text)")
    }

    @Test func theRepetitionGuardSeesRunsAndPeriodsButNotVariedText() {
        var run = RepetitionGuard()
        let same = (0..<RepetitionGuard.minimumSpan).map { _ in run.record(7, depth: 3) }
        #expect(same.dropLast().allSatisfy { $0 == nil })
        #expect(same.last == 3)

        var period = RepetitionGuard()
        var found: Int?
        for index in 0..<40 where found == nil {
            // "Produce", "Produce", …: quote, word, quote-comma at depth 3; the separator at depth 2.
            found = period.record(Int32(index % 4), depth: index % 4 == 3 ? 2 : 3)
        }
        #expect(found == 2)

        // Three action items over and over, each 13 sampled tokens (task, owner, priority and the
        // separator, keys forced), the separator at the array's depth: a period of 39.
        var items = RepetitionGuard()
        var foundItems: Int?
        var recorded = 0
        while foundItems == nil, recorded < 400 {
            let position = recorded % 39
            foundItems = items.record(Int32(100 + position), depth: position % 13 == 12 ? 1 : 2)
            recorded += 1
        }
        #expect(foundItems == 1)
        #expect(recorded == 3 * 39, "found after \(recorded) tokens")

        var varied = RepetitionGuard()
        var state: UInt64 = 42
        for _ in 0..<200 {
            state = state &* 6_364_136_223_846_793_005 &+ 1
            #expect(varied.record(Int32(state >> 40 & 0xFFF), depth: 1) == nil)
        }
    }
}
