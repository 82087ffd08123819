import ConstrainedDecoding
import Testing
@testable import LlamaBackend
import TestSupport

/// The per-model grammar cache: bounded by count and by the bytes its grammars hold (tables and masks),
/// least recently used first, never dropping the grammar just added.
@Suite(.requiresSmolLM2) struct ModelGrammarsTests {
    static func schema(_ index: Int) -> String {
        #"{"type": "object", "properties": {"field\#(index)": {"type": "integer"}}, "required": ["field\#(index)"]}"#
    }

    @Test func theLeastRecentlyUsedGrammarGoesFirst() throws {
        let vocabulary = try TestModels.smolLM2().vocabulary
        let grammars = ModelGrammars(vocabulary: vocabulary, capacity: 3)
        let first = try grammars.grammar(forJSONSchema: Self.schema(1))
        let second = try grammars.grammar(forJSONSchema: Self.schema(2))
        _ = try grammars.grammar(forJSONSchema: Self.schema(3))
        #expect(try grammars.grammar(forJSONSchema: Self.schema(1)) === first)  // used again: now the newest
        _ = try grammars.grammar(forJSONSchema: Self.schema(4))
        #expect(grammars.cachedGrammarCount == 3)
        #expect(try grammars.grammar(forJSONSchema: Self.schema(1)) === first)
        // The second was the least recently used: it was dropped, and is compiled anew.
        #expect(try grammars.grammar(forJSONSchema: Self.schema(2)) !== second)
    }

    @Test func grammarsPastTheByteLimitDropTheOldest() throws {
        let vocabulary = try TestModels.smolLM2().vocabulary
        var words = [UInt32](repeating: 0, count: (vocabulary.count + 31) / 32)
        /// Decoding's first mask: computed now, and cached in the grammar.
        func fillFirstMask(_ grammar: CompiledGrammar) {
            let constraint = GrammarConstraint(grammar: grammar, vocabulary: vocabulary)
            words.withUnsafeMutableBufferPointer { constraint.fillAllowedTokens($0) }
        }
        // What one of these grammars takes, new and after its first mask, measured on a grammar
        // of its own.
        let probe = try CompiledGrammar(jsonSchema: Self.schema(0), vocabulary: ModelGrammars(vocabulary: vocabulary).tokenVocabulary)
        let new = probe.byteCount
        fillFirstMask(probe)
        let used = probe.byteCount
        #expect(probe.cachedMaskByteCount > 0 && used > new)

        // Room for two used grammars and a new one, and half a used one more.
        let limit = 2 * used + new + used / 2
        let grammars = ModelGrammars(vocabulary: vocabulary, byteLimit: limit)
        for index in 1...6 {
            fillFirstMask(try grammars.grammar(forJSONSchema: Self.schema(index)))
        }
        // When the fourth and later were added, the three before them held more than the limit:
        // the oldest went, leaving three (the newest and the two before it).
        #expect(grammars.cachedGrammarCount == 3)
        // Within the limit when the newest was added, plus what its first mask added since.
        #expect(grammars.cachedByteCount <= limit + (used - new))
        let newest = try grammars.grammar(forJSONSchema: Self.schema(6))
        #expect(newest.cachedMaskByteCount > 0, "the newest grammar was dropped")
    }
}
