import Testing

@testable import ConstrainedDecoding

/// A string with a pattern and a length bound counts its characters beside its automaton
/// (``CharacterCounter``): it must accept, allow and measure exactly what the product of the
/// pattern and a count accepted, which the compiler still builds when told not to count beside.
@Suite struct CharacterCounterTests {
    /// Schemas whose strings take the counter, each small enough for the product to be built
    /// whole (no tightened maximum), and between them: a word-count pattern, a minimum the
    /// pattern reaches only in steps of two, escapes and characters of two to four bytes, no
    /// maximum at all, and strings inside an object.
    static let schemas = [
        #"{"type": "string", "pattern": "^(?:\\S+\\s+){0,9}\\S+$", "maxLength": 100}"#,
        #"{"type": "string", "pattern": "^(?:\\S+\\s+){0,4}\\S+$", "minLength": 5, "maxLength": 60}"#,
        #"{"type": "string", "pattern": "^(ab)+$", "minLength": 151}"#,
        #"{"type": "string", "pattern": "^[a-e\\u00e9\\u20ac\\\"\\\\\\n]+$", "minLength": 3, "maxLength": 40}"#,
        #"{"type": "string", "pattern": "^[^x]*$", "minLength": 2, "maxLength": 90}"#,
        #"{"type": "object", "properties": {"name": {"type": "string", "pattern": "[a-zA-Z0-9_.-]+", "minLength": 3, "maxLength": 120}, "words": {"type": "string", "pattern": "^(?:\\S+\\s+){0,9}\\S+$", "maxLength": 100}}, "required": ["name", "words"]}"#
    ]

    static func compiled(_ schema: String, counted: Bool, vocabulary: TokenVocabulary) throws -> CompiledGrammar {
        var options = JSONSchemaOptions()
        options.countsCharactersBeside = counted
        return try CompiledGrammar(Grammar.jsonSchema(schema, options: options), vocabulary: vocabulary)
    }

    static func countedRules(_ grammar: CompiledGrammar) -> Int {
        grammar.tables.ruleKind.filter { $0 == GrammarTables.kindCounted }.count
    }

    @Test(arguments: schemas)
    func masksAndDistancesEqualTheProducts(schema: String) throws {
        var vocabularies: [(String, TokenVocabulary)] = [("synthetic", TestVocabularies.synthetic)]
        if let smol = TestVocabularies.smol { vocabularies.append(("SmolLM2", smol)) }
        for (name, vocabulary) in vocabularies {
            let counted = try Self.compiled(schema, counted: true, vocabulary: vocabulary)
            let product = try Self.compiled(schema, counted: false, vocabulary: vocabulary)
            #expect(Self.countedRules(counted) > 0, "\(schema) is not counted")
            #expect(Self.countedRules(product) == 0)
            #expect(!product.notes.contains { $0.contains("tightened") }, "\(product.notes)")
            #expect(counted.shortestSentenceBytes == product.shortestSentenceBytes)
            var longest = 0
            var forcedToClose = false
            for seed in 0..<4 {
                let countedMatcher = GrammarMatcher(grammar: counted)
                let productMatcher = GrammarMatcher(grammar: product)
                var random = SplitMix64(seed: UInt64(seed))
                var steps = 0
                var bytes: [UInt8] = []
                while steps < 260 {
                    let allowed = countedMatcher.nextTokenBitmask().allowedTokens
                    let expected = productMatcher.nextTokenBitmask().allowedTokens
                    let text = String(decoding: bytes, as: UTF8.self).debugDescription
                    #expect(allowed == expected, "\(name), seed \(seed): masks differ after \(text)")
                    #expect(
                        countedMatcher.minimumCompletionBytes == productMatcher.minimumCompletionBytes,
                        "\(name), seed \(seed): distances differ after \(text)")
                    guard allowed == expected, !allowed.isEmpty, !productMatcher.canTerminate || steps < 200 else { break }
                    // Tokens that stay inside a string where there are any, so that counts reach the
                    // maximum (a string at the root ends the walk when it closes).
                    let inside = allowed.filter { !vocabulary.tokenBytes[$0].contains(UInt8(ascii: "\"")) }
                    if inside.isEmpty { forcedToClose = true }
                    let pool = inside.isEmpty || random.unit() < 0.01 ? allowed : inside
                    let token = pool[Int(random.next() % UInt64(pool.count))]
                    try countedMatcher.acceptToken(token)
                    try productMatcher.acceptToken(token)
                    bytes += vocabulary.tokenBytes[token]
                    steps += 1
                }
                longest = max(longest, steps)
            }
            // Some walk went on long, or had to close the string (at the maximum, or where the
            // pattern ends).
            #expect(longest >= 100 || forcedToClose, "\(name): the longest walk ended after \(longest) tokens")
        }
    }

    @Test func wholeStringsAreAcceptedAtTheBoundsAndRefusedPastThem() throws {
        let words = #"{"type": "string", "pattern": "^(?:\\S+\\s+){0,19}\\S+$", "minLength": 3, "maxLength": 200}"#
        let grammar = try Self.compiled(words, counted: true, vocabulary: TestVocabularies.synthetic)
        #expect(Self.countedRules(grammar) == 1)
        // The product of this pattern and 200 characters passes 20,000 states and was cut to 100
        // characters; counted, the whole maximum stands.
        #expect(grammar.notes.isEmpty, "\(grammar.notes)")
        let twoHundred = String(repeating: "abcdefghi ", count: 19) + "abcdefghi"
        #expect(twoHundred.count == 199)
        #expect(ByteChecks.accepts(grammar, "\"\(twoHundred)x\""))
        #expect(!ByteChecks.accepts(grammar, "\"\(twoHundred)xy\""))
        #expect(!ByteChecks.acceptsPrefix(grammar, "\"\(twoHundred)xy"))
        // A space at the 200th character leaves no room for the word the pattern then needs.
        #expect(!ByteChecks.acceptsPrefix(grammar, "\"\(twoHundred) "))
        #expect(ByteChecks.accepts(grammar, #""abc""#))
        #expect(!ByteChecks.accepts(grammar, #""ab""#))
        #expect(!ByteChecks.accepts(grammar, #""a b c d e f g h i j k l m n o p q r s t u""#), "21 words")
        // An escape is one character.
        #expect(ByteChecks.accepts(grammar, #""\"\\x""#))
        #expect(!ByteChecks.accepts(grammar, #""\"\\""#))
    }

    @Test func aLengthThePatternCannotReachIsRefused() throws {
        let schema = #"{"type": "string", "pattern": "^a{0,3}(bc){0,100}$", "minLength": 250}"#
        #expect(throws: SchemaError.self) { try Self.compiled(schema, counted: true, vocabulary: TestVocabularies.synthetic) }
        let reachable = #"{"type": "string", "pattern": "^a{0,3}(bc){0,200}$", "minLength": 250, "maxLength": 251}"#
        let grammar = try Self.compiled(reachable, counted: true, vocabulary: TestVocabularies.synthetic)
        #expect(Self.countedRules(grammar) == 1)
        let pairs = String(repeating: "bc", count: 125)
        #expect(ByteChecks.accepts(grammar, "\"\(pairs)\""))
        #expect(ByteChecks.accepts(grammar, "\"a\(pairs)\""))
        #expect(!ByteChecks.accepts(grammar, "\"aa\(pairs)\""), "252 characters")
        #expect(!ByteChecks.accepts(grammar, "\"aa\(pairs.dropLast(4))\""), "248 characters")
    }

    /// Long bounds: a product past 1,000 characters was refused; a counter takes any bound up to
    /// 60,000 while its distance tables stay within 200,000 entries, and otherwise leaves the
    /// string to the product (which refuses it, naming the keyword).
    @Test func longBoundsAreCountedWhileTheTablesAreSmall() throws {
        let long = #"{"type": "string", "pattern": "^[a-z]+$", "minLength": 5000}"#
        let grammar = try Self.compiled(long, counted: true, vocabulary: TestVocabularies.synthetic)
        #expect(Self.countedRules(grammar) == 1)
        #expect(ByteChecks.accepts(grammar, "\"" + String(repeating: "a", count: 5000) + "\""))
        #expect(!ByteChecks.accepts(grammar, "\"" + String(repeating: "a", count: 4999) + "\""))
        #expect(grammar.shortestSentenceBytes == 5002)
        // About a hundred states owing 3,000 characters: 300,000 entries, past the tables' limit.
        let wide = #"{"type": "string", "pattern": "^(?:[a-z]{1,100} )*[a-z]+$", "minLength": 3000}"#
        do {
            _ = try Self.compiled(wide, counted: true, vocabulary: TestVocabularies.synthetic)
            Issue.record("a minimum of 3,000 over a wide pattern was compiled")
        } catch {
            guard case .tooLarge(let keyword, _, let reason) = error as? SchemaError else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(keyword == "minLength" && reason.contains("above 1000"), "\(keyword): \(reason)")
        }
    }

    @Test func theCounterKeepsTheProductsDistancesLayerByLayer() throws {
        // `^(ab)+$` with at least five characters: from the start, "ababab" (six characters, eight
        // bytes with the quotes); after one "a", five more characters and the closing quote.
        let content = try RegexPattern("^(ab)+$").automaton(jsonEscaped: true).trimmed().determinized()
        let shapes = try content.boundedLength(minimum: 0, maximum: nil, stateLimit: 1_000)
        let quoted = try #require(shapes.quotedJSONString())
        let counter = try #require(CharacterCounter(quoted: quoted, minimum: 5, maximum: 9))
        #expect(counter.bytesToFinish(from: 0, count: 0) == 8)
        let afterA = Int(quoted.next(quoted.next(0, UInt8(ascii: "\"")), UInt8(ascii: "a")))
        #expect(counter.bytesToFinish(from: afterA, count: 1) == 6)
        #expect(counter.canFinish(from: afterA, count: 7))
        // With nine read after an "a", the "b" it needs would be the tenth.
        #expect(!counter.canFinish(from: afterA, count: 9))
        #expect(counter.bytesToFinish(from: afterA, count: 9) == CharacterCounter.unreachable)
    }
}
