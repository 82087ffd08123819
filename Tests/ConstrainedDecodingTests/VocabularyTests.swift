import ConstrainedDecoding
import JSONValues
import Testing

@Suite struct VocabularyTests {
    /// Token ids from `llama-tokenize --ids` (llama.cpp, both models) for one text; our GGUF
    /// reader must give back exactly the text's bytes for them.
    static let text = #"{"name": "Zoë", "age": 42} 😀"#
    static let smolIDs = [39428, 1245, 1799, 476, 74, 95, 26547, 1002, 476, 473, 1799, 216, 36, 34, 109, 40303, 218]
    static let qwenIDs = [4913, 606, 788, 330, 57, 78, 12179, 497, 330, 424, 788, 220, 19, 17, 92, 90316]

    @Test func ggufTokenBytesMatchLlamaTokenize() throws {
        for (vocabulary, ids, count) in [(TestVocabularies.smol, Self.smolIDs, 49_152), (TestVocabularies.qwen, Self.qwenIDs, 151_936)] {
            guard let vocabulary else { continue }
            #expect(vocabulary.tokenCount == count)
            #expect(ids.flatMap { vocabulary.bytes(of: $0) } == Array(Self.text.utf8))
            #expect(!vocabulary.endOfGenerationTokens.isEmpty)
            for id in vocabulary.endOfGenerationTokens { #expect(vocabulary.isSpecialToken(id)) }
        }
    }

    @Test func bitmaskLayout() {
        var mask = TokenBitmask(tokenCount: 70)
        #expect(mask.words.count == 3)
        mask.insert(0); mask.insert(33); mask.insert(69)
        #expect(mask.words == [1, 2, 32])
        #expect(mask.allowedTokens == [0, 33, 69])
        #expect(mask.count == 3)
        #expect(!mask.contains(70) && !mask.contains(-1))
    }

    @Test func jsonReaderKeepsOrderAndNumberText() throws {
        let value = try JSONReader.read(#"{"b": 1.50, "a": [true, null, "\u00e9\ud83d\ude00"]}"#)
        #expect(value.objectMembers?.map(\.key) == ["b", "a"])
        #expect(value["b"] == .number("1.50"))
        #expect(value["a"]?.arrayValue?[2] == .string("é😀"))
        #expect(value.serialized() == #"{"b": 1.50, "a": [true, null, "é😀"]}"#)
    }

    @Test func vocabularyAndGrammarsAreSendable() {
        func requireSendable<T: Sendable>(_: T.Type) {}
        requireSendable(TokenVocabulary.self)
        requireSendable(CompiledGrammar.self)
        requireSendable(Grammar.self)
        requireSendable(TokenBitmask.self)
    }
}
