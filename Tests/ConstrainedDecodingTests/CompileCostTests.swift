import JSONValues
import Testing
@testable import ConstrainedDecoding

/// What keeps schema compilation cheap and bounded: strings with a pattern and a length are built
/// as one automaton without a second determinization, identical string constraints share one rule,
/// and a grammar past ``JSONSchemaOptions/maximumAutomatonStates`` is refused.
@Suite struct CompileCostTests {
    static let boundedPatterns: [(pattern: String, minimum: Int, maximum: Int)] = [
        (#"^(?:\S+\s+){0,9}\S+$"#, 0, 100),
        (#"^(?:\S+\s+){0,19}\S+$"#, 1, 200),
        (#"^\d{1,15}(?:\.\d{1,5})?$"#, 1, 30),
        (#"^[a-z]+(-[a-z]+)*$"#, 2, 64),
        ("[a-zA-Z0-9_.-]+", 3, 40),
        ("^(cat|dog)s?$", 0, 10)
    ]

    @Test(arguments: boundedPatterns.indices)
    func theQuotedAutomatonHasTheLanguageOfTheQuotedNFA(_ index: Int) throws {
        let (source, minimum, maximum) = Self.boundedPatterns[index]
        let pattern = try RegexPattern(source).automaton(jsonEscaped: true).trimmed().determinized()
        let content = try pattern.boundedLength(minimum: minimum, maximum: maximum, stateLimit: 100_000)
        let direct = try #require(content.quotedJSONString())
        let quote = ByteNFA.literal([UInt8(ascii: "\"")])
        let reference = try ByteNFA.concatenation([quote, content.nfa, quote]).trimmed().determinized()
        // Each accepts nothing the other rejects.
        #expect(try direct.intersection(reference.complemented()).nfa.isEmptyLanguage)
        #expect(try reference.intersection(direct.complemented()).nfa.isEmptyLanguage)
        #expect(!direct.nfa.isEmptyLanguage)
    }

    @Test(arguments: boundedPatterns.indices)
    func theCountedLengthHasTheLanguageOfTheLengthPattern(_ index: Int) throws {
        let (source, minimum, maximum) = Self.boundedPatterns[index]
        for anchored in [source, "^" + source.trimmingPrefix("^")] {
            let pattern = try RegexPattern(anchored).automaton(jsonEscaped: true).trimmed().determinized()
            // Any character: `.` and the two line ends (`[\s\S]` would keep to the scalars that
            // every regex reading agrees on, a restriction that lengths do not make).
            let lengths = try RegexPattern("^(?:.|\\n|\\r){\(minimum),\(maximum)}$").automaton(jsonEscaped: true).trimmed().determinized()
            let reference = try pattern.intersection(lengths)
            let counted = try pattern.boundedLength(minimum: minimum, maximum: maximum, stateLimit: 100_000)
            let extra = Self.shortestWitness(try counted.intersection(reference.complemented()))
            let missing = Self.shortestWitness(try reference.intersection(counted.complemented()))
            #expect(extra == nil, "\(anchored): accepted only when counted: \(extra.map { Array($0) } ?? [])")
            #expect(missing == nil, "\(anchored): accepted only by the pattern: \(missing.map { Array($0) } ?? [])")
        }
    }

    /// A shortest accepted byte string, or nil when the automaton accepts none.
    static func shortestWitness(_ dfa: ByteDFA) -> [UInt8]? {
        var previous = [(Int32, UInt8)?](repeating: nil, count: dfa.stateCount)
        var seen = [Bool](repeating: false, count: dfa.stateCount)
        var queue: [Int32] = [0]
        seen[0] = true
        var head = 0
        while head < queue.count {
            let state = queue[head]
            head += 1
            if dfa.accepting[Int(state)] {
                var bytes: [UInt8] = []
                var current = state
                while let (from, byte) = previous[Int(current)] { bytes.append(byte); current = from }
                return bytes.reversed()
            }
            for byte in 0..<256 {
                let target = dfa.next(state, UInt8(byte))
                guard target >= 0, !seen[Int(target)] else { continue }
                seen[Int(target)] = true
                previous[Int(target)] = (state, UInt8(byte))
                queue.append(target)
            }
        }
        return nil
    }

    /// Past the state limit, the product keeps the states it built for the first smaller maximum
    /// that fits: the same automaton as one built for that maximum from the start.
    @Test func aMaximumThatDoesNotFitIsCutFromTheStatesAlreadyBuilt() throws {
        let pattern = try RegexPattern(#"^(?:\S+\s+){0,19}\S+$"#).automaton(jsonEscaped: true).trimmed().determinized()
        #expect(throws: SchemaError.self) { try pattern.boundedLength(minimum: 1, maximum: 200, stateLimit: 20_000) }
        let cut = try pattern.boundedLength(minimum: 1, maximum: 200, stateLimit: 20_000, smallerMaxima: [100, 50, 25])
        #expect(cut.maximum == 100)
        let direct = try pattern.boundedLength(minimum: 1, maximum: 100, stateLimit: 100_000)
        #expect(cut.automaton.stateCount == direct.stateCount)
        #expect(cut.automaton.lengthCounts?.maximum == 100)
        #expect(try cut.automaton.intersection(direct.complemented()).nfa.isEmptyLanguage)
        #expect(try direct.intersection(cut.automaton.complemented()).nfa.isEmptyLanguage)
        // No smaller maximum that fits: refused, as without any.
        #expect(throws: SchemaError.self) {
            try pattern.boundedLength(minimum: 1, maximum: 200, stateLimit: 20_000, smallerMaxima: [199, 150])
        }
    }

    /// An enum is built as the trie of its values: determinizing it adds no state, and its
    /// language is that of the values one by one.
    @Test func anEnumIsTheTrieOfItsValues() throws {
        let words = ["alpha", "alphabet", "alpine", "beta", "", "b"].map { Array($0.utf8) }
        let trie = ByteNFA.trie(words)
        let dfa = try trie.determinized()
        #expect(dfa.stateCount == trie.stateCount)
        let union = try ByteNFA.union(words.map { ByteNFA.literal($0) }).trimmed().determinized()
        #expect(try dfa.intersection(union.complemented()).nfa.isEmptyLanguage)
        #expect(try union.intersection(dfa.complemented()).nfa.isEmptyLanguage)
        let compiled = try ByteChecks.compile(#"{"enum": ["alpha", "alphabet", "alpine", 3, null]}"#)
        for accepted in [#""alpha""#, #""alphabet""#, "3", "null"] { #expect(ByteChecks.accepts(compiled, accepted), "\(accepted)") }
        for refused in [#""alp""#, #""alphabets""#, "30", #""""#] { #expect(!ByteChecks.accepts(compiled, refused), "\(refused)") }
    }

    /// A long list shares the states that accept the same endings: the smallest automaton for its
    /// words, with the language of the words one by one, every move leading to a later state (no
    /// cycle, marked so), and no more states for being determinized.
    @Test func aLongListSharesItsEndings() throws {
        let words = ["walking", "talking", "walked", "talked"].map { Array($0.utf8) }
        let tree = ByteNFA.trie(words)
        let merged = ByteNFA.trie(words, sharingEndingsBeyond: 0)
        // The trie: a root and two chains of nine; merged: the root, one state after `w` or `t`,
        // `a`, `l`, `k`, then `i`, `n` or `e`, and one accepting end after `g` or `d`.
        #expect(tree.stateCount == 19)
        #expect(merged.stateCount == 9)
        #expect(!tree.isAcyclic && merged.isAcyclic)
        #expect(merged.edges.allSatisfy { $0.target > $0.source })
        #expect(ByteNFA.trie(words, sharingEndingsBeyond: 19).stateCount == 19)
        #expect(ByteNFA.trie(words, sharingEndingsBeyond: 18).stateCount == 9)

        // Many words with shared prefixes and endings, some empty or prefixes of others.
        var generator = SystemRandomNumberGenerator()
        let syllables = ["ka", "lo", "mi", "\"", "é", "ta", ""]
        let list = (0..<300).map { _ in Array((0..<Int.random(in: 0...4, using: &generator)).map { _ in syllables.randomElement(using: &generator)! }.joined().utf8) }
        let dfa = try ByteNFA.trie(list, sharingEndingsBeyond: 0).determinized()
        #expect(dfa.isAcyclic)
        #expect(dfa.stateCount == ByteNFA.trie(list, sharingEndingsBeyond: 0).stateCount)
        #expect(dfa.stateCount < ByteNFA.trie(list).stateCount)
        let union = try ByteNFA.union(list.map { ByteNFA.literal($0) }).trimmed().determinized()
        #expect(try dfa.intersection(union.complemented()).nfa.isEmptyLanguage)
        #expect(try union.intersection(dfa.complemented()).nfa.isEmptyLanguage)
    }

    /// A schema's long enum is compiled with shared endings: fewer states than the trie of its
    /// values, each value accepted and nothing else.
    @Test func aLongEnumAcceptsItsValuesAndNothingElse() throws {
        let names = (0..<400).map { "name-\($0 * 7919 % 1000)-\(["alpha", "beta", "gamma"][$0 % 3])" }
        let schema = #"{"enum": ["# + names.map { JSONWriter.quoted($0) }.joined(separator: ", ") + "]}"
        let compiled = try ByteChecks.compile(schema)
        let trieStates = ByteNFA.trie(names.map { Array(JSONWriter.quoted($0).utf8) }).stateCount
        #expect(trieStates > 2_000)
        #expect(compiled.tables.stateAccepting.count < trieStates / 2, "\(compiled.tables.stateAccepting.count) states")
        for name in names { #expect(ByteChecks.accepts(compiled, JSONWriter.quoted(name)), "\(name)") }
        for refused in [#""name-0-beta""#, #""name-0-alph""#, #""name-0-alphaa""#, #""name--alpha""#, "\"\""] {
            #expect(!ByteChecks.accepts(compiled, refused), "\(refused)")
        }
    }

    /// Automata marked as trimmed (every state live while every call can be passed) are skipped
    /// when a grammar is checked for dead states, as long as every rule they call admits a value:
    /// the mark must never hide a dead state. Schemas whose rules take each way of building an
    /// automaton (quoted bounded strings, enums, patterns, objects with calls, a pattern that
    /// admits nothing).
    @Test func aRuleMarkedTrimmedHasNoDeadState() throws {
        let schemas = [
            #"{"type": "string", "pattern": "^(?:\\S+\\s+){0,9}\\S+$", "maxLength": 100}"#,
            #"{"enum": ["alpha", "beta", "gamma", "alphabet", "be"]}"#,
            #"{"type": "object", "properties": {"id": {"type": "string", "pattern": "^[a-z]+(-[a-z]+)*$"}, "tags": {"type": "array", "items": {"enum": ["x", "y"]}}}, "required": ["id"]}"#,
            #"{"anyOf": [{"type": "string", "pattern": "^a$", "minLength": 2}, {"type": "integer"}]}"#,
            #"{"type": "string", "format": "email"}"#
        ]
        var marked = 0
        var markedWithCalls = 0
        for schema in schemas {
            let grammar = try Grammar.jsonSchema(schema)
            let everyRule = [Bool](repeating: true, count: grammar.rules.count)
            for rule in grammar.rules {
                guard case .automaton(let dfa) = rule, dfa.isTrimmed else { continue }
                marked += 1
                if !dfa.calls.allSatisfy({ $0.isEmpty }) { markedWithCalls += 1 }
                #expect(!dfa.liveStates(productive: everyRule).contains(false), "\(schema)")
            }
            // Checking keeps what the unmarked path keeps.
            let checked = try grammar.validated()
            for (rule, kept) in zip(grammar.rules, checked.rules) {
                if case .automaton(let dfa) = rule, dfa.isTrimmed { #expect(kept == rule) }
            }
        }
        #expect(marked > 0)
        #expect(markedWithCalls > 0)
    }

    /// A marked automaton that calls a rule admitting no value (a required property that recurses
    /// forever) still loses that call when the grammar is checked, and with it the member that
    /// leads there: the mark spares only automata whose callees all admit a value.
    @Test func aMarkedAutomatonCallingARuleWithoutValuesLosesThatCall() throws {
        let schema = ##"""
            {"$defs": {"n": {"type": "object", "properties": {"x": {"$ref": "#/$defs/n"}}, "required": ["x"]}},
             "type": "object", "properties": {"k": {"type": "integer"}, "n": {"$ref": "#/$defs/n"}}}
            """##
        let grammar = try Grammar.jsonSchema(schema)
        #expect(
            grammar.rules.contains { rule in
                guard case .automaton(let dfa) = rule else { return false }
                return dfa.isTrimmed && !dfa.calls.allSatisfy { $0.isEmpty }
            })
        let compiled = try ByteChecks.compile(schema)
        #expect(ByteChecks.accepts(compiled, #"{"k": 1}"#))
        #expect(ByteChecks.accepts(compiled, "{}"))
        #expect(!ByteChecks.acceptsPrefix(compiled, #"{"n""#))
        #expect(!ByteChecks.acceptsPrefix(compiled, #"{"k": 1, "n""#))
    }

    /// An automaton that is deterministic already (an enum's trie, a literal, calls to distinct
    /// rules) is read as its own table; the result equals what subset construction builds, and
    /// automata that are not deterministic go through subset construction as before.
    @Test func aDeterministicAutomatonIsReadAsItsOwnTable() throws {
        var calling = ByteNFA()
        let afterKey = calling.addBytes("\"k\":".utf8, from: calling.start)
        let end = calling.addState(accepting: true)
        let other = calling.addState(accepting: true)
        calling.addCall(from: afterKey, rule: 3, to: end)
        calling.addCall(from: afterKey, rule: 3, to: end)
        calling.addCall(from: afterKey, rule: 4, to: other)
        calling.addEdge(from: other, UInt8(ascii: "0"), UInt8(ascii: "9"), to: other)
        var twoTargets = calling
        twoTargets.addCall(from: afterKey, rule: 4, to: end)
        var branching = ByteNFA()
        let first = branching.addState(accepting: true)
        let second = branching.addState()
        branching.addEdge(from: branching.start, UInt8(ascii: "a"), UInt8(ascii: "c"), to: first)
        branching.addEdge(from: branching.start, UInt8(ascii: "b"), UInt8(ascii: "b"), to: second)
        branching.addEdge(from: second, UInt8(ascii: "x"), UInt8(ascii: "x"), to: first)
        let cases: [ByteNFA] = [
            .trie(["alpha", "beta", "gamma", "alphabet", "be", ""].map { Array($0.utf8) }),
            .literal("null".utf8),
            calling,
            twoTargets,
            branching,
            try RegexPattern("^(cat|dog)s?$").automaton(jsonEscaped: true).trimmed()
        ]
        for (index, nfa) in cases.enumerated() {
            let limit = ByteNFA.determinizationWorkLimit
            let direct = try nfa.determinized(stateLimit: 60_000, workLimit: limit, readsDeterministicDirectly: true)
            let subsets = try nfa.determinized(stateLimit: 60_000, workLimit: limit, readsDeterministicDirectly: false)
            #expect(direct == subsets, "case \(index)")
        }
        let names = (0..<50).map { Array("name\($0)".utf8) }
        #expect(throws: SchemaError.self) { try ByteNFA.trie(names).determinized(stateLimit: 20) }
    }

    /// Automata joined by epsilon moves (a key and its value's automaton, a separator and a member)
    /// are read directly when each state with its closure is deterministic, and give what subset
    /// construction gives; a cycle of epsilon moves, or a closure that leads one byte to two
    /// states, leaves them to subset construction.
    @Test func automataJoinedByEpsilonMovesAreReadDirectly() throws {
        let value = try RegexPattern("^(cat|dog)s?$").automaton(jsonEscaped: true).trimmed().determinized()
        let member = ByteNFA.concatenation([.literal("\"k\":".utf8), value.nfa])
        let later = ByteNFA.concatenation([.literal(",".utf8), member, .literal("}".utf8)])
        var calling = ByteNFA.concatenation([.literal("[".utf8), .call(3)])
        calling.addCall(from: calling.start, rule: 4, to: calling.addState(accepting: true))
        var cycle = ByteNFA()
        let a = cycle.addState()
        let b = cycle.addState(accepting: true)
        cycle.addEpsilon(from: cycle.start, to: a)
        cycle.addEpsilon(from: a, to: b)
        cycle.addEpsilon(from: b, to: a)
        cycle.addEdge(from: a, UInt8(ascii: "x"), UInt8(ascii: "x"), to: cycle.start)
        var twoWays = ByteNFA()
        let x = twoWays.addState()
        let y = twoWays.addState(accepting: true)
        let z = twoWays.addState(accepting: true)
        twoWays.addEpsilon(from: twoWays.start, to: x)
        twoWays.addEdge(from: twoWays.start, UInt8(ascii: "a"), UInt8(ascii: "a"), to: y)
        twoWays.addEdge(from: x, UInt8(ascii: "a"), UInt8(ascii: "a"), to: z)
        let limit = ByteNFA.determinizationWorkLimit
        for (nfa, isDirect) in [(member, true), (later, true), (calling, true), (cycle, false), (twoWays, false)] {
            let direct = try nfa.determinized(stateLimit: 60_000, workLimit: limit, readsDeterministicDirectly: true)
            let subsets = try nfa.determinized(stateLimit: 60_000, workLimit: limit, readsDeterministicDirectly: false)
            #expect(direct == subsets)
            let read = try nfa.deterministicTable(
                nfa.movesByState, classOf: direct.classOf, classCount: direct.classCount, stateLimit: 60_000, workLimit: limit)
            #expect((read != nil) == isDirect)
        }
        // The work bound holds on this way too.
        #expect(throws: SchemaError.self) {
            try later.determinized(stateLimit: 60_000, workLimit: 3, readsDeterministicDirectly: true)
        }
    }

    @Test func theTrimmedMarkIsNotPartOfEquality() throws {
        let dfa = try RegexPattern("^(cat|dog)s?$").automaton(jsonEscaped: true).trimmed().determinized()
        var marked = dfa
        marked.isTrimmed = true
        #expect(marked == dfa)
        #expect(marked.hashValue == dfa.hashValue)
    }

    @Test func aContentAutomatonThatReadsARawQuoteIsLeftToTheNFAPath() throws {
        let raw = try RegexPattern(#"^a"b$"#).automaton(jsonEscaped: false).trimmed().determinized()
        // Not JSON-escaped, an accepting state may read a quote: the direct build declines.
        let endsAnywhere = try RegexPattern(#"^a("b)?$"#).automaton(jsonEscaped: false).trimmed().determinized()
        #expect(endsAnywhere.quotedJSONString() == nil)
        #expect(raw.quotedJSONString() != nil)
    }

    static func schema(properties: [String: String]) -> String {
        let members = properties.sorted { $0.key < $1.key }.map { name, pattern in
            #""\#(name)": {"type": "string", "pattern": \#(JSONWriter.quoted(pattern)), "minLength": 1, "maxLength": 200}"#
        }
        return #"{"type": "object", "properties": {"# + members.joined(separator: ", ") + #"}, "required": ["#
            + properties.keys.sorted().map { JSONWriter.quoted($0) }.joined(separator: ", ") + "]}"
    }

    @Test func identicalStringConstraintsShareOneRule() throws {
        let words = #"^(?:\S+\s+){0,19}\S+$"#
        let one = try Grammar.jsonSchema(Self.schema(properties: ["a": words]))
        let four = try Grammar.jsonSchema(Self.schema(properties: ["a": words, "b": words, "c": words, "d": words]))
        #expect(one.rules.count == four.rules.count)
        let compiled = try ByteChecks.compile(Self.schema(properties: ["a": words, "b": words]))
        #expect(ByteChecks.accepts(compiled, #"{"a": "two words", "b": "three more words"}"#))
        #expect(!ByteChecks.accepts(compiled, #"{"a": "trailing space ", "b": "x"}"#))
        #expect(!ByteChecks.accepts(compiled, #"{"a": "x", "b": ""}"#))
        // The product of this pattern and 200 characters would pass 20,000 states; the count runs
        // beside the pattern's automaton instead, so the whole maximum stands (no tightening).
        #expect(compiled.notes.isEmpty, "\(compiled.notes)")
        let long = String(repeating: "x", count: 201)
        #expect(ByteChecks.accepts(compiled, #"{"a": "x", "b": "\#(long.dropLast())"}"#))
        #expect(!ByteChecks.accepts(compiled, #"{"a": "x", "b": "\#(long)"}"#))
    }

    @Test func aGrammarPastTheStateBudgetIsRefusedNamingThePart() throws {
        let text = Self.schema(properties: [
            "first": #"^(?:\S+\s+){0,19}\S+$"#, "second": #"^(?:\S+\s+){0,9}\S+$"#, "third": #"^[a-z]+(-[a-z]+)*$"#
        ])
        let full = try Grammar.jsonSchema(text).validated()
        let states = full.rules.reduce(0) { total, rule in
            if case .automaton(let dfa) = rule { return total + dfa.stateCount }
            return total
        }
        #expect(states > 300, "\(states) states")
        #expect(throws: Never.self) { try Grammar.jsonSchema(text, options: JSONSchemaOptions(maximumAutomatonStates: states)) }
        do {
            _ = try Grammar.jsonSchema(text, options: JSONSchemaOptions(maximumAutomatonStates: 300))
            Issue.record("a grammar past its state budget was compiled")
        } catch {
            guard case .tooLarge(let keyword, let path, let reason) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(keyword == "schema")
            #expect(path.hasPrefix("#/properties/"), "\(path)")
            #expect(reason.contains("300 automaton states"), "\(reason)")
        }
    }

    @Test func statesThatShareAMaskEntryAllowTheSameTokens() throws {
        let schema =
            #"{"type": "object", "properties": {"name": {"type": "string", "pattern": "[a-zA-Z0-9_.-]+", "minLength": 3, "maxLength": 255}, "words": {"type": "string", "pattern": "^(?:\\S+\\s+){0,9}\\S+$", "maxLength": 100}}, "required": ["name", "words"]}"#
        var vocabularies: [(String, TokenVocabulary)] = [("synthetic", TestVocabularies.synthetic)]
        if let smol = TestVocabularies.smol { vocabularies.append(("SmolLM2", smol)) }
        // (Qwen's 152K tokens take minutes in a debug build without the sharing; `fm bench` covers it.)
        for (name, vocabulary) in vocabularies {
            let grammar = try Grammar.jsonSchema(schema)
            let shared = try CompiledGrammar(grammar, vocabulary: vocabulary, sharesLengthMasks: true)
            let separate = try CompiledGrammar(grammar, vocabulary: vocabulary, sharesLengthMasks: false)
            let sharing = GrammarMatcher(grammar: shared)
            let reference = GrammarMatcher(grammar: separate)
            var random = SplitMix64(seed: 7)
            var steps = 0
            while steps < 80, !reference.canTerminate || steps < 40 {
                let allowed = sharing.nextTokenBitmask().allowedTokens
                #expect(allowed == reference.nextTokenBitmask().allowedTokens, "\(name): masks differ at step \(steps)")
                guard !allowed.isEmpty else { break }
                // Mostly tokens that stay inside the string, so that counts grow.
                let inside = allowed.filter { !vocabulary.tokenBytes[$0].contains(UInt8(ascii: "\"")) }
                let pool = inside.isEmpty || random.unit() < 0.05 ? allowed : inside
                let token = pool[Int(random.next() % UInt64(pool.count))]
                try sharing.acceptToken(token)
                try reference.acceptToken(token)
                steps += 1
            }
            #expect(steps >= 40, "\(name): the walk ended early")
            #expect(shared.cachedStateCount < separate.cachedStateCount, "\(name): \(shared.cachedStateCount) entries against \(separate.cachedStateCount)")
        }
    }

    /// A large object (more than four optional members) calls one rule per member, wherever the
    /// member comes: the separator before a later member is read by the object itself.
    @Test func aLargeObjectHasOneRulePerMember() throws {
        let names = ["a", "b", "c", "d", "e", "f"]
        let properties = names.map { #""\#($0)": {"type": "integer"}"# }.joined(separator: ", ")
        let schema = #"{"type": "object", "properties": {\#(properties)}, "additionalProperties": false}"#
        let grammar = try Grammar.jsonSchema(schema)
        // Six members and the object: with a second rule per member for its later places, 13.
        #expect(grammar.mergingIdenticalRules().rules.count == names.count + 1, "\(grammar.rules.count) rules")
        let compiled = try ByteChecks.compile(schema)
        for text in [#"{}"#, #"{"a": 1}"#, #"{"f": 6}"#, #"{"a": 1, "c": 3}"#, #"{"a": 1, "b": 2, "c": 3, "d": 4, "e": 5, "f": 6}"#] {
            #expect(ByteChecks.accepts(compiled, text), "\(text)")
        }
        for text in [#"{"c": 3, "a": 1}"#, #"{"a": 1,}"#, #"{, "a": 1}"#, #"{"a": 1 "b": 2}"#, #"{"a": 1, , "b": 2}"#, #"{"a": 1, "a": 1}"#] {
            #expect(!ByteChecks.accepts(compiled, text), "\(text)")
        }
    }

    /// Undeclared members after the declared ones, each after a separator, as many as
    /// `minProperties` requires and more where allowed.
    @Test func aLargeObjectTakesTheUndeclaredMembersItRequires() throws {
        let names = (0..<25).map { "p\($0)" }
        let properties = names.map { #""\#($0)": {"type": "integer"}"# }.joined(separator: ", ")
        let schema = #"{"type": "object", "properties": {\#(properties)}, "additionalProperties": {"type": "integer"}, "minProperties": 27}"#
        let compiled = try ByteChecks.compile(schema)
        let declared = names.map { #""\#($0)": 1"# }.joined(separator: ", ")
        #expect(!ByteChecks.accepts(compiled, "{\(declared)}"))
        #expect(!ByteChecks.accepts(compiled, #"{\#(declared), "x": 2}"#))
        #expect(ByteChecks.accepts(compiled, #"{\#(declared), "x": 2, "y": 3}"#))
        #expect(ByteChecks.accepts(compiled, #"{\#(declared), "x": 2, "y": 3, "z": 4}"#))
        #expect(!ByteChecks.accepts(compiled, #"{\#(declared), "x": 2 "y": 3}"#))
        #expect(!ByteChecks.accepts(compiled, #"{\#(declared), "x": 2, "y": 3,}"#))
        #expect(!ByteChecks.accepts(compiled, #"{\#(declared), "p3": 2, "y": 3}"#))
    }
}
