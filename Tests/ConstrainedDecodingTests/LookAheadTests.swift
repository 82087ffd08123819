import Testing
@testable import ConstrainedDecoding

/// Looking ahead over tokens without accepting them (how speculative decoding cuts a draft at the
/// first token the grammar forbids).
@Suite struct LookAheadTests {
    static let schema = #"{"type": "object", "properties": {"ok": {"type": "boolean"}}, "required": ["ok"]}"#

    func tokens(_ pieces: [String], in vocabulary: TokenVocabulary) throws -> [Int] {
        try pieces.map { piece in
            try #require((0..<vocabulary.tokenCount).first { vocabulary.tokenBytes[$0] == Array(piece.utf8) }, "no token '\(piece)'")
        }
    }

    @Test func theAcceptedPrefixEndsAtTheFirstForbiddenTokenAndNothingIsAccepted() throws {
        let grammar = try ByteChecks.compile(Self.schema)
        let vocabulary = grammar.vocabulary
        let matcher = GrammarMatcher(grammar: grammar)
        let before = matcher.nextTokenBitmask().allowedTokens
        let valid = try tokens(["{", "\"", "o", "k", "\"", ":"], in: vocabulary)
        #expect(matcher.acceptedPrefixLength(of: valid) == valid.count)
        let broken = try tokens(["{", "\"", "n", "o"], in: vocabulary)
        #expect(matcher.acceptedPrefixLength(of: broken) == 2)
        #expect(matcher.acceptedPrefixLength(of: try tokens(["}"], in: vocabulary)) == 0)
        #expect(matcher.acceptedPrefixLength(of: []) == 0)
        // Nothing was accepted: the same tokens are allowed, and the valid ones can be accepted.
        #expect(matcher.nextTokenBitmask().allowedTokens == before)
        for token in valid { try matcher.acceptToken(token) }
    }

    @Test func endOfGenerationCountsOnlyWhereTheGrammarMayEnd() throws {
        let grammar = try ByteChecks.compile(Self.schema)
        let vocabulary = grammar.vocabulary
        let end = try #require(vocabulary.endOfGenerationTokens.first)
        let matcher = GrammarMatcher(grammar: grammar)
        try matcher.acceptString(#"{"ok": true"#)
        #expect(matcher.acceptedPrefixLength(of: [end]) == 0)
        let close = try tokens(["}"], in: vocabulary)
        #expect(matcher.acceptedPrefixLength(of: close + [end]) == 2)
        // Nothing after the end counts.
        #expect(matcher.acceptedPrefixLength(of: close + [end] + close) == 2)
        #expect(!matcher.canTerminate)
    }
}
