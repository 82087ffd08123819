import Testing
@testable import LlamaBackend
import TestSupport

@Suite(.requiresSmolLM2) struct VocabularyTests {
    @Test(arguments: ["Hello, world!", "café 🌈 日本", "  spaces\tand\nnewlines", "{\"a\": [1, 2.5, true]}"])
    func piecesJoinBackIntoTheText(_ text: String) throws {
        let vocabulary = try TestModels.smolLM2().vocabulary
        let tokens = try vocabulary.tokenize(text)
        let bytes = tokens.flatMap { vocabulary.piece(for: $0) }
        #expect(String(decoding: bytes, as: UTF8.self) == text)
    }

    @Test func controlTokensAreParsedAsSingleTokens() throws {
        let vocabulary = try TestModels.smolLM2().vocabulary
        let tokens = try vocabulary.tokenize("<|im_end|>", parseSpecial: true)
        #expect(tokens.count == 1)
        #expect(vocabulary.isEndOfGeneration(tokens[0]))
        #expect(vocabulary.isControl(tokens[0]))
        #expect(vocabulary.piece(for: tokens[0]).isEmpty)
        #expect(String(decoding: vocabulary.piece(for: tokens[0], special: true), as: UTF8.self) == "<|im_end|>")
        // Without special parsing the same text is ordinary text.
        #expect(try vocabulary.tokenize("<|im_end|>", parseSpecial: false).count > 1)
    }

    @Test func allTokenBytesCoverTheVocabulary() throws {
        let vocabulary = try TestModels.smolLM2().vocabulary
        let bytes = vocabulary.allTokenBytes
        #expect(bytes.count == vocabulary.count)
        #expect(bytes.count == 49152)
        let hello = try vocabulary.tokenize("Hello")
        #expect(hello.count == 1 && bytes[Int(hello[0])] == Array("Hello".utf8))
    }
}
