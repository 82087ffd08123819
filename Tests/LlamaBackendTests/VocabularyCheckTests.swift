import Foundation
import Testing
@testable import LlamaBackend
import TestSupport

/// Model files whose tokenizer would stop the process inside llama.cpp are refused with a typed
/// error before llama.cpp reads them (`GGUFVocabularyCheck`); well-formed ones load as before.
@Suite struct VocabularyCheckTests {
    @Test func aWellFormedVocabularyLoadsWithoutItsWeights() throws {
        let path = try VocabularyModelFile().write()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let model = try LlamaModel.load(path: path, vocabularyOnly: true)
        #expect(model.vocabulary.count == 5)
        #expect(try model.vocabulary.tokenize("ab") == [3])
        #expect(model.vocabulary.piece(for: 3) == Array("ab".utf8))
        // The full load needs the weights, which the file does not have: an error, not a crash.
        #expect(throws: LlamaError.modelLoadFailed(path: path)) { try LlamaModel.load(path: path) }
    }

    @Test func twoTokensWithOneTextAreRefused() throws {
        let path = try VocabularyModelFile(tokens: ["<|endoftext|>", "a", "b", "a"]).write()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let refusal = LlamaError.malformedVocabulary(path: path, reason: "tokens 1 and 3 have the same text \"a\"")
        #expect(throws: refusal) { try LlamaModel.load(path: path, vocabularyOnly: true) }
        #expect(throws: refusal) { try LlamaModel.load(path: path) }
    }

    @Test func anEmptyTokenIsComparedUnderTheNameLlamaCppGivesIt() throws {
        let path = try VocabularyModelFile(tokens: ["<|endoftext|>", "[EMPTY_2]", "", "b"]).write()
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: LlamaError.malformedVocabulary(path: path, reason: "tokens 1 and 2 have the same text \"[EMPTY_2]\"")) {
            try LlamaModel.load(path: path, vocabularyOnly: true)
        }
        // Empty tokens under distinct names are fine.
        let distinct = try VocabularyModelFile(tokens: ["<|endoftext|>", "", "", "a", "b", "ab"]).write()
        defer { try? FileManager.default.removeItem(atPath: distinct) }
        #expect(try LlamaModel.load(path: distinct, vocabularyOnly: true).vocabulary.count == 6)
    }

    @Test func aTokenEndsAtItsFirstZeroByte() throws {
        let path = try VocabularyModelFile(tokens: ["<|endoftext|>", "a", "a\u{0}b", "b"]).write()
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: LlamaError.malformedVocabulary(path: path, reason: "tokens 1 and 2 have the same text \"a\"")) {
            try LlamaModel.load(path: path, vocabularyOnly: true)
        }
    }

    @Test func aSentencePieceVocabularyWithEveryByteLoadsAndSpellsUnknownText() throws {
        let path = try VocabularyModelFile.sentencePiece().write()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let vocabulary = try LlamaModel.load(path: path, vocabularyOnly: true).vocabulary
        // Neither "▁" nor "é" is a piece: each is spelled byte by byte (byte b is token 6 + b).
        let tokens = try vocabulary.tokenize("ab é", addSpecial: true)
        #expect(tokens == [1, 5] + [0xE2, 0x96, 0x81, 0xC3, 0xA9].map { 6 + $0 })
        // Spelled bytes come back as they were: "▁" is not turned back into a space.
        #expect(tokens.flatMap { vocabulary.piece(for: $0) } == Array(" ab\u{2581}é".utf8))
    }

    @Test func aSentencePieceVocabularyMissingAByteIsRefused() throws {
        let path = try VocabularyModelFile.sentencePiece(missingBytes: [0xC3]).write()
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: LlamaError.malformedVocabulary(path: path, reason: "a SentencePiece vocabulary without a token for the byte <0xC3>")) {
            try LlamaModel.load(path: path, vocabularyOnly: true)
        }
        // The byte alone as a token spells it as well.
        var spelled = VocabularyModelFile.sentencePiece(missingBytes: [0x41])
        spelled.tokens.append("A")
        spelled.tokenTypes?.append(1)
        let spelledPath = try spelled.write()
        defer { try? FileManager.default.removeItem(atPath: spelledPath) }
        #expect(try LlamaModel.load(path: spelledPath, vocabularyOnly: true).vocabulary.tokenize("A").isEmpty == false)
    }

    @Test func aTokenizerThatAddsATokenItDoesNotHaveIsRefused() throws {
        var file = VocabularyModelFile()
        file.addsBeginningOfSequence = true
        file.beginningOfSequence = 99  // out of range: llama.cpp disables it
        let path = try file.write()
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: LlamaError.malformedVocabulary(path: path, reason: "the tokenizer adds a beginning-of-sequence token it does not have")) {
            try LlamaModel.load(path: path, vocabularyOnly: true)
        }
        file.beginningOfSequence = 0
        let fixed = try file.write()
        defer { try? FileManager.default.removeItem(atPath: fixed) }
        #expect(try LlamaModel.load(path: fixed, vocabularyOnly: true).vocabulary.tokenize("ab", addSpecial: true) == [0, 3])
    }

    @Test func aModelWithoutATokenizerIsRefused() throws {
        // FuzzGGUF's finding: llama.cpp loads `tokenizer.ggml.model` "none", then asserts on the
        // first text it is asked to tokenize.
        var file = VocabularyModelFile()
        file.kind = .none
        let path = try file.write()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let refusal = LlamaError.malformedVocabulary(path: path, reason: "the model has no tokenizer (tokenizer.ggml.model is none or no_vocab)")
        #expect(throws: refusal) { try LlamaModel.load(path: path, vocabularyOnly: true) }
        // The full load stops earlier, at the weights the file does not have.
        #expect(throws: LlamaError.modelLoadFailed(path: path)) { try LlamaModel.load(path: path) }
    }
}
