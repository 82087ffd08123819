import Foundation
import Testing
@testable import LlamaBackend
import TestSupport

/// Model files whose tokenizer would stop the process inside llama.cpp, or whose header would
/// leak memory there, are refused with a typed error before llama.cpp reads them
/// (`GGUFPreloadCheck`); well-formed ones load as before.
@Suite struct VocabularyCheckTests {
    @Test func aWellFormedVocabularyLoadsWithoutItsWeights() throws {
        let path = try VocabularyModelFile().write()
        let model = try LlamaModel.load(path: path, vocabularyOnly: true)
        #expect(model.vocabulary.count == 5)
        #expect(try model.vocabulary.tokenize("ab") == [3])
        #expect(model.vocabulary.piece(for: 3) == Array("ab".utf8))
        // The full load needs the weights, which the file does not have: an error, not a crash.
        #expect(throws: LlamaError.modelLoadFailed(path: path)) { try LlamaModel.load(path: path) }
    }

    @Test func twoTokensWithOneTextAreRefused() throws {
        let path = try VocabularyModelFile(tokens: ["<|endoftext|>", "a", "b", "a"]).write()
        let refusal = LlamaError.malformedVocabulary(path: path, reason: "tokens 1 and 3 have the same text \"a\"")
        #expect(throws: refusal) { try LlamaModel.load(path: path, vocabularyOnly: true) }
        #expect(throws: refusal) { try LlamaModel.load(path: path) }
    }

    @Test func anEmptyTokenIsComparedUnderTheNameLlamaCppGivesIt() throws {
        let path = try VocabularyModelFile(tokens: ["<|endoftext|>", "[EMPTY_2]", "", "b"]).write()
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
        #expect(throws: LlamaError.malformedVocabulary(path: path, reason: "tokens 1 and 2 have the same text \"a\"")) {
            try LlamaModel.load(path: path, vocabularyOnly: true)
        }
    }

    @Test func aSentencePieceVocabularyWithEveryByteLoadsAndSpellsUnknownText() throws {
        let path = try VocabularyModelFile.sentencePiece().write()
        let vocabulary = try LlamaModel.load(path: path, vocabularyOnly: true).vocabulary
        // Neither "▁" nor "é" is a piece: each is spelled byte by byte (byte b is token 6 + b).
        let tokens = try vocabulary.tokenize("ab é", addSpecial: true)
        #expect(tokens == [1, 5] + [0xE2, 0x96, 0x81, 0xC3, 0xA9].map { 6 + $0 })
        // Spelled bytes come back as they were: "▁" is not turned back into a space.
        #expect(tokens.flatMap { vocabulary.piece(for: $0) } == Array(" ab\u{2581}é".utf8))
    }

    @Test func aSentencePieceVocabularyMissingAByteIsRefused() throws {
        let path = try VocabularyModelFile.sentencePiece(missingBytes: [0xC3]).write()
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
        let refusal = LlamaError.malformedVocabulary(path: path, reason: "the model has no tokenizer (tokenizer.ggml.model is none or no_vocab)")
        #expect(throws: refusal) { try LlamaModel.load(path: path, vocabularyOnly: true) }
        // The full load stops earlier, at the weights the file does not have.
        #expect(throws: LlamaError.modelLoadFailed(path: path)) { try LlamaModel.load(path: path) }
    }

    @Test func anRWKVVocabularyWithEveryByteLoadsAndTokenizes() throws {
        let path = try VocabularyModelFile.rwkv().write()
        let vocabulary = try LlamaModel.load(path: path, vocabularyOnly: true).vocabulary
        // "ab" is token 257 and "[a" token 258; any other byte b is the one-byte token 1 + b.
        #expect(try vocabulary.tokenize("ab[a[b") == [257, 258, 1 + 0x5B, 1 + 0x62])
    }

    @Test func anRWKVVocabularyMissingAByteIsRefused() throws {
        // Without the check, "[b" would never end: "[" starts the token "[a" but is no token
        // itself, and llama.cpp's RWKV tokenizer then starts over at the same byte forever.
        let path = try VocabularyModelFile.rwkv(missingBytes: [0x5B]).write()
        #expect(throws: LlamaError.malformedVocabulary(path: path, reason: "an RWKV vocabulary without a token for the byte <0x5B>")) {
            try LlamaModel.load(path: path, vocabularyOnly: true)
        }
    }

    @Test func theFuzzFindingOfAnRWKVTokenizerThatNeverEndsIsRefused() throws {
        // FuzzGGUF's input: a byte-pair vocabulary relabelled `rwkv`. Tokenizing "[1, 2.5e3]"
        // appended tokens until a 2 GiB allocation: "[" only starts "[EMPTY_3]", the name
        // llama.cpp gives the token whose text begins with a zero byte.
        let input = Data(
            base64Encoded:
                "R0dVRgMAAAAAAAAAAAAAAAwAAAAAAAAAFAAAAAAAAABnZW5lcmFsLmFyY2hpdGVjdHVyZQgAAAAFAAAAAAAAAGxsYW1hFAAA"
                + "AAAAAABsbGFtYS5jb250ZXh0X2xlbmd0aAQAAACAAAAAFgAAAAAAAABsbGFtYS5lbWJlZGRpbmdfbGVuZ3RoBAAAAAgAAAAR"
                + "AAAAAAAAAGxsYW1hLmJsb2NrX2NvdW50BAAAAAEAAAAZAAAAAAAAAGxsYW1hLmZlZWRfZm9yd2FyZF9sZW5ndGgEAAAAEAAA"
                + "ABoAAAAAAAAAbGxhbWEuYXR0ZW50aW9uLmhlYWRfY291bnQEAAAAAgAAACYAAAAAAAAAbGxhbWEuYXR0ZW50aW9uLmxheWVy"
                + "X25vcm1fcm1zX2Vwc2lsb24GAAAArMUnNxQAAAAAAAAAdG9rZW5pemVyLmdnbWwubW9kZWwIAAAABAAAAAAAAAByd2t2FQAA"
                + "AAAAAAB0b2tlbml6ZXIuZ2dtbC50b2tlbnMJAAAACAAAAAsAAAAAAAAADQAAAAAAAAA8fGVuZG9mdGV4dHw+AQAAAAAAAABh"
                + "AQAAAAAAAABiAgAAAAAAAAAAYgIAAAAAAAAAxIoCAAAAAAAAAMSgAwAAAAAAAADEoGEBAAAAAAAAAHsBAAAAAAAAAH0BAAAA"
                + "AAAAACIBAAAAAAAAADobAAAAAAAAAHRva2VuaXplci5nZ21sLmVvc190b2tlbl9pZAQAAAAAAAAAFQAAAAAAAAB0b2tlbml6"
                + "ZXIuZ2dtbC5tZXJnZXMJAAAACAAAAAIAAAAAAAAAAwAAAAAAAABhIGIEAAAAAAAAAMSgIGESAAAAAAAAAHRva2VuaXplci5n" + "Z21sLnByZQgAAAAFAAAAAAAAAHF3ZW4y"
        )!
        let path = try ScratchFolder.file("fuzz-rwkv.gguf").path
        try input.write(to: URL(fileURLWithPath: path))
        #expect(throws: LlamaError.malformedVocabulary(path: path, reason: "an RWKV vocabulary without a token for the byte <0x00>")) {
            try LlamaModel.load(path: path, vocabularyOnly: true)
        }
    }

    @Test func anArchitectureThatIsNotAStringIsRefusedBeforeLlamaCppLeaksItsContext() throws {
        // FuzzGGUF's input under LeakSanitizer: `general.architecture` is a UInt8. llama.cpp's
        // loader throws on its type before it owns the tensor context it has read, which leaked
        // (40 + 16 bytes here; 408 with one tensor, as in CI). The check refuses the file first,
        // with the error the load ended in.
        let input = Data(base64Encoded: "R0dVRgMAAAAAAAAAAAAAAAEAAAAAAAAAFAAAAAAAAABnZW5lcmFsLmFyY2hpdGVjdHVyZQAAAAAAAEYDAAAAAAA=")!
        let path = try ScratchFolder.file("fuzz-architecture.gguf").path
        try input.write(to: URL(fileURLWithPath: path))
        #expect(throws: LlamaError.modelLoadFailed(path: path)) { try GGUFPreloadCheck.check(fileAt: path) }
        #expect(throws: LlamaError.modelLoadFailed(path: path)) { try LlamaModel.load(path: path, vocabularyOnly: true) }
        // A string architecture passes the check (the well-formed vocabulary file has one).
        let wellFormed = try VocabularyModelFile().write()
        defer { try? FileManager.default.removeItem(atPath: wellFormed) }
        try GGUFPreloadCheck.check(fileAt: wellFormed)
    }

    @Test func theArchitectureIsTheFirstKeyLlamaCppsLookupFinds() throws {
        // llama.cpp compares keys up to their first zero byte and takes the first match, so a
        // UInt8 under `general.architecture\0x` is the architecture its loader reads.
        var shadowed = GGUFHeaderReaderTests.Header(pairs: 2)
        shadowed.key("general.architecture\u{0}x", type: 0)
        shadowed.append(UInt8(70))
        shadowed.key("general.architecture", type: 8)
        shadowed.string("llama")
        try GGUFHeaderReaderTests.withFile(shadowed) { path in
            #expect(throws: LlamaError.modelLoadFailed(path: path)) { try GGUFPreloadCheck.check(fileAt: path) }
        }
        var first = GGUFHeaderReaderTests.Header(pairs: 2)
        first.key("general.architecture", type: 8)
        first.string("llama")
        first.key("general.architecture\u{0}x", type: 0)
        first.append(UInt8(70))
        try GGUFHeaderReaderTests.withFile(first) { path in try GGUFPreloadCheck.check(fileAt: path) }
    }

    @Test func repeatedHashesAreFoundWhateverTheirValues() {
        #expect(GGUFPreloadCheck.repeatedValues([]).isEmpty)
        // Zero, one and the largest value are ordinary values, each its own.
        #expect(GGUFPreloadCheck.repeatedValues([0, 1, .max, .max - 1, 5]).isEmpty)
        #expect(GGUFPreloadCheck.repeatedValues([0, .max, 7, 0, .max, 8, 7]) == [0, .max, 7])
        // Values that start in the same slot: the probe walks past the others.
        let crowded = (0..<2_000).map { UInt64($0) << 40 }
        #expect(GGUFPreloadCheck.repeatedValues(crowded).isEmpty)
        #expect(GGUFPreloadCheck.repeatedValues(crowded + [UInt64(1_999) << 40, 0]) == [UInt64(1_999) << 40, 0])
        // Against counting, on values drawn from a range small enough to repeat.
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20 {
            let values = (0..<Int.random(in: 1..<3_000, using: &generator)).map { _ in UInt64.random(in: 0..<4_000, using: &generator) }
            let counted = Set(Dictionary(values.map { ($0, 1) }, uniquingKeysWith: +).filter { $0.value > 1 }.keys)
            #expect(GGUFPreloadCheck.repeatedValues(values) == counted)
        }
    }
}
