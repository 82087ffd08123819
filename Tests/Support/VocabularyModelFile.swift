package import Foundation

/// Writes a GGUF model file that holds a tokenizer and no weights, for tests of what llama.cpp's
/// vocabulary loader is given: a vocabulary-only load succeeds, a full load fails for the
/// missing tensors.
///
/// The model is a one-block `llama` with byte-level BPE (`gpt2`) tokens and merges, or with a
/// SentencePiece (`llama`) or RWKV (`rwkv`) tokenizer.
package struct VocabularyModelFile {
    /// The tokenizer's kind, as `tokenizer.ggml.model` names it.
    package enum Kind: String {
        case bytePairs = "gpt2"
        case sentencePiece = "llama"
        /// RWKV's byte trie: escaped token texts, no merges.
        case rwkv
        /// No tokenizer at all.
        case none
    }

    package var kind = Kind.bytePairs
    /// The tokens' texts, in id order.
    package var tokens: [String]
    /// The BPE merges, each `"left right"` (byte-level BPE only).
    package var merges: [String]
    /// The end-of-sequence token's id.
    package var endOfSequence: UInt32 = 0
    /// The beginning-of-sequence token's id, when the file names one.
    package var beginningOfSequence: UInt32?
    /// `tokenizer.ggml.add_bos_token`, when the file sets it.
    package var addsBeginningOfSequence: Bool?
    /// `tokenizer.ggml.token_type` (1 normal, 2 unknown, 3 control, 6 byte), when the file has it.
    package var tokenTypes: [Int32]?

    package init(tokens: [String] = ["<|endoftext|>", "a", "b", "ab", "\u{10A}"], merges: [String] = ["a b"]) {
        self.tokens = tokens
        self.merges = merges
    }

    /// A SentencePiece vocabulary: `<unk>`, `<s>`, `</s>`, then `pieces`, then a byte token
    /// `<0xHH>` for each byte except those in `missingBytes`.
    package static func sentencePiece(pieces: [String] = ["\u{2581}a", "b", "\u{2581}ab"], missingBytes: Set<UInt8> = []) -> VocabularyModelFile {
        let bytes = (0...255).filter { !missingBytes.contains(UInt8($0)) }.map { "<0x" + String(format: "%02X", $0) + ">" }
        var file = VocabularyModelFile(tokens: ["<unk>", "<s>", "</s>"] + pieces + bytes, merges: [])
        file.kind = .sentencePiece
        file.endOfSequence = 2
        file.beginningOfSequence = 1
        file.tokenTypes = [2, 3, 3] + pieces.map { _ in 1 } + bytes.map { _ in 6 }
        return file
    }

    /// An RWKV vocabulary: `<s>`, then the one-byte token `\xhh` (lower-case hex, as llama.cpp
    /// unescapes it) for each byte except those in `missingBytes`, then `pieces`. Byte b is
    /// token 1 + b when no byte is missing.
    package static func rwkv(pieces: [String] = ["ab", "[a"], missingBytes: Set<UInt8> = []) -> VocabularyModelFile {
        let bytes = (0...255).filter { !missingBytes.contains(UInt8($0)) }.map { "\\x" + String(format: "%02x", $0) }
        var file = VocabularyModelFile(tokens: ["<s>"] + bytes + pieces, merges: [])
        file.kind = .rwkv
        return file
    }

    /// The file's bytes: GGUF version 3, metadata only.
    package func data() -> Data {
        var bytes = Data()
        func integer<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
        func string(_ text: String) {
            integer(UInt64(text.utf8.count))
            bytes.append(contentsOf: Array(text.utf8))
        }
        enum Value {
            case text(String)
            case count(UInt32)
            case real(Float)
            case texts([String])
            case flag(Bool)
            case integers([Int32])
        }
        var metadata: [(String, Value)] = [
            ("general.architecture", .text("llama")),
            ("llama.context_length", .count(128)),
            ("llama.embedding_length", .count(8)),
            ("llama.block_count", .count(1)),
            ("llama.feed_forward_length", .count(16)),
            ("llama.attention.head_count", .count(2)),
            ("llama.attention.layer_norm_rms_epsilon", .real(1e-5)),
            ("tokenizer.ggml.model", .text(kind.rawValue)),
            ("tokenizer.ggml.tokens", .texts(tokens)),
            ("tokenizer.ggml.eos_token_id", .count(endOfSequence))
        ]
        if kind == .bytePairs {
            metadata += [("tokenizer.ggml.pre", .text("default")), ("tokenizer.ggml.merges", .texts(merges))]
        }
        if let beginningOfSequence { metadata.append(("tokenizer.ggml.bos_token_id", .count(beginningOfSequence))) }
        if let tokenTypes { metadata.append(("tokenizer.ggml.token_type", .integers(tokenTypes))) }
        if let addsBeginningOfSequence { metadata.append(("tokenizer.ggml.add_bos_token", .flag(addsBeginningOfSequence))) }
        bytes.append(contentsOf: Array("GGUF".utf8))
        integer(UInt32(3))
        integer(UInt64(0))
        integer(UInt64(metadata.count))
        for (key, value) in metadata {
            string(key)
            switch value {
            case .text(let text):
                integer(UInt32(8))
                string(text)
            case .count(let count):
                integer(UInt32(4))
                integer(count)
            case .real(let real):
                integer(UInt32(6))
                integer(real.bitPattern)
            case .flag(let flag):
                integer(UInt32(7))
                integer(UInt8(flag ? 1 : 0))
            case .integers(let integers):
                integer(UInt32(9))
                integer(UInt32(5))
                integer(UInt64(integers.count))
                integers.forEach(integer)
            case .texts(let texts):
                integer(UInt32(9))
                integer(UInt32(8))
                integer(UInt64(texts.count))
                texts.forEach(string)
            }
        }
        return bytes
    }

    /// Writes the file to a new path in the temporary folder and returns the path.
    package func write() throws -> String {
        let path = try ScratchFolder.file("vocabulary.gguf").path
        try data().write(to: URL(fileURLWithPath: path))
        return path
    }
}
