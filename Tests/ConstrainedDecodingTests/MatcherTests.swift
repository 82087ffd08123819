import ConstrainedDecoding
import Testing

@Suite struct MatcherTests {
    static func token(_ text: String) throws -> Int {
        let vocabulary = TestVocabularies.synthetic
        let bytes = Array(text.utf8)
        return try #require((0..<vocabulary.tokenCount).first { vocabulary.bytes(of: $0) == bytes && !vocabulary.isSpecialToken($0) })
    }

    @Test func jumpForwardReturnsForcedKeysAndPunctuation() throws {
        let grammar = try ByteChecks.compile(
            ##"{"type":"object","properties":{"name":{"type":"string"},"kind":{"enum":["alpha","beta"]}},"required":["name","kind"],"additionalProperties":false}"##)
        let matcher = GrammarMatcher(grammar: grammar)
        #expect(String(decoding: matcher.forcedBytes(), as: UTF8.self) == #"{"name": ""#)
        try matcher.acceptString(#"{"name": "x"#)
        #expect(matcher.forcedBytes().isEmpty)
        try matcher.acceptString(#"", "kind": "al"#)
        #expect(String(decoding: matcher.forcedBytes(), as: UTF8.self) == #"pha"}"#)
        try matcher.acceptString(#"pha"}"#)
        #expect(matcher.canTerminate)
        #expect(matcher.isTerminated)
        #expect(matcher.forcedBytes().isEmpty)
    }

    @Test func jumpForwardStopsWhereTheGrammarMayEnd() throws {
        let grammar = try ByteChecks.compile(##"{"type":"integer","minimum":10,"maximum":19}"##)
        let matcher = GrammarMatcher(grammar: grammar)
        #expect(matcher.forcedBytes() == Array("1".utf8))
        try matcher.acceptString("1")
        #expect(matcher.forcedBytes().isEmpty)
        try matcher.acceptString("5")
        #expect(matcher.canTerminate && matcher.isTerminated)
    }

    @Test func splitUTF8CharactersAcrossTokens() throws {
        let vocabulary = TestVocabularies.synthetic
        let grammar = try ByteChecks.compile(##"{"type":"string"}"##)
        let matcher = GrammarMatcher(grammar: grammar)
        let emojiHead = Array("😀".utf8.prefix(2))
        let head = try #require((0..<vocabulary.tokenCount).first { vocabulary.bytes(of: $0) == emojiHead })
        let tail = try #require((0..<vocabulary.tokenCount).first { vocabulary.bytes(of: $0) == Array("😀".utf8.suffix(2)) })
        try matcher.acceptToken(try Self.token("\""))
        #expect(matcher.nextTokenBitmask().contains(head))
        #expect(!matcher.nextTokenBitmask().contains(tail))
        try matcher.acceptToken(head)
        let mask = matcher.nextTokenBitmask()
        #expect(mask.contains(tail))
        // Only continuation bytes may follow: no quote, no ASCII, no new lead byte.
        for id in mask.allowedTokens { #expect(vocabulary.bytes(of: id)[0] & 0xC0 == 0x80) }
        #expect(!matcher.canTerminate)
        try matcher.acceptToken(tail)
        try matcher.acceptToken(try Self.token("\""))
        #expect(matcher.canTerminate)
        // Outside strings, a lone UTF-8 byte is never allowed.
        let number = GrammarMatcher(grammar: try ByteChecks.compile(##"{"type":"integer"}"##))
        #expect(!number.nextTokenBitmask().contains(head))
    }

    @Test func tokensSpanningSeveralGrammarElements() throws {
        let grammar = try ByteChecks.compile(##"{"type":"object","properties":{"x":{"type":"string"},"y":{"type":"integer"}},"required":["x","y"]}"##)
        let matcher = GrammarMatcher(grammar: grammar)
        try matcher.acceptToken(try Self.token("{\""))
        try matcher.acceptToken(try Self.token("x"))
        try matcher.acceptToken(try Self.token("\": \""))
        try matcher.acceptToken(try Self.token("abc\", \""))
        #expect(matcher.nextTokenBitmask().contains(try Self.token("y")))
        #expect(throws: MatcherError.self) { try matcher.acceptToken(try Self.token("x")) }
    }

    @Test func endOfGenerationOnlyWhereTheGrammarEnds() throws {
        let vocabulary = TestVocabularies.synthetic
        let end = try #require(vocabulary.endOfGenerationTokens.first)
        let matcher = GrammarMatcher(grammar: try ByteChecks.compile(##"{"type":"boolean"}"##))
        #expect(!matcher.nextTokenBitmask().contains(end))
        #expect(throws: MatcherError.tokenNotAllowed(token: end)) { try matcher.acceptToken(end) }
        try matcher.acceptToken(try Self.token("true"))
        #expect(matcher.nextTokenBitmask().contains(end))
        #expect(matcher.nextTokenBitmask().count == 1)
        try matcher.acceptToken(end)
        #expect(matcher.isTerminated)
        #expect(throws: MatcherError.alreadyTerminated) { try matcher.acceptToken(end) }
    }

    @Test func rollbackRestoresTheMask() throws {
        let matcher = GrammarMatcher(grammar: try ByteChecks.compile(##"{"type":"array","items":{"type":"integer"},"maxItems":2}"##))
        try matcher.acceptToken(try Self.token("[1"))
        let before = matcher.nextTokenBitmask()
        try matcher.acceptToken(try Self.token(", "))
        try matcher.acceptToken(try Self.token("2]"))
        #expect(matcher.canTerminate)
        try matcher.rollBack(tokens: 2)
        #expect(matcher.nextTokenBitmask() == before)
        #expect(throws: MatcherError.cannotRollBack(requested: 5, available: 1)) { try matcher.rollBack(tokens: 5) }
    }

    @Test func specialTokensAreNeverGrammarText() throws {
        let vocabulary = TokenVocabulary(tokens: [Array("a".utf8), Array("<ctl>".utf8), Array("\"".utf8), []], specialTokens: [1], endOfGenerationTokens: [3])
        let grammar = try CompiledGrammar(jsonSchema: ##"{"type":"string"}"##, vocabulary: vocabulary)
        let matcher = GrammarMatcher(grammar: grammar)
        try matcher.acceptToken(2)
        let mask = matcher.nextTokenBitmask()
        #expect(mask.contains(0) && mask.contains(2) && !mask.contains(1) && !mask.contains(3))
    }
}
