import ConstrainedDecoding
import Foundation

/// Reads a model's vocabulary from a GGUF file in pure Swift (no llama.cpp needed).
///
/// Handles GPT-2 byte-level BPE vocabularies (`tokenizer.ggml.model == "gpt2"`: token text is the
/// GPT-2 byte-to-unicode encoding) and SentencePiece ones (`"llama"`: `▁` for spaces, `<0xNN>` byte
/// tokens). Useful for tests and benchmarks; a backend may build ``TokenVocabulary`` from llama.cpp.
struct GGUFVocabulary: Sendable {
    /// The tokenizer model name (`gpt2`, `llama`, …).
    var tokenizerModel: String
    /// Each token's bytes (index = token id).
    var tokens: [[UInt8]]
    /// Each token's GGUF type (1 normal, 2 unknown, 3 control, 4 user-defined, 5 unused, 6 byte).
    var tokenTypes: [Int32]
    /// The end-of-sequence token id, when the file names one.
    var endOfSequenceToken: Int?
    /// End-of-generation token ids: EOS, EOT, EOM and well-known end markers among control tokens.
    var endOfGenerationTokens: [Int]

    /// Control, unknown and unused tokens, and user-defined tokens that look like markup
    /// (`<…>`, as llama.cpp's llguidance integration treats them): never grammar text.
    var specialTokens: Set<Int> {
        var result = Set<Int>()
        for (id, type) in tokenTypes.enumerated() {
            if type == 2 || type == 3 || type == 5 { result.insert(id); continue }
            if type == 4, tokens[id].first == UInt8(ascii: "<"), tokens[id].last == UInt8(ascii: ">") { result.insert(id) }
        }
        return result
    }

    /// A ``TokenVocabulary`` for this vocabulary.
    func makeTokenVocabulary() -> TokenVocabulary {
        TokenVocabulary(tokens: tokens, specialTokens: specialTokens, endOfGenerationTokens: endOfGenerationTokens)
    }

    /// Why a GGUF file could not be read.
    enum ReadError: Error, Sendable, Hashable {
        case notGGUF
        case truncated
        case missingKey(String)
        case unsupportedValueType(UInt32)
    }

    init(tokenizerModel: String, tokens: [[UInt8]], tokenTypes: [Int32], endOfSequenceToken: Int?, endOfGenerationTokens: [Int]) {
        self.tokenizerModel = tokenizerModel
        self.tokens = tokens
        self.tokenTypes = tokenTypes
        self.endOfSequenceToken = endOfSequenceToken
        self.endOfGenerationTokens = endOfGenerationTokens
    }

    /// Reads the vocabulary of the GGUF file at `url`.
    /// - Throws: ``ReadError`` for malformed files, or the file system's error.
    init(contentsOf url: URL) throws {
        let data = try Data(contentsOf: url, options: .alwaysMapped)
        self = try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) throws(ReadError) -> GGUFVocabulary in
            var reader = Reader(buffer: buffer)
            return try GGUFVocabulary.read(&reader)
        }
    }

    private struct Reader {
        let buffer: UnsafeRawBufferPointer
        var offset = 0

        mutating func integer<T: FixedWidthInteger>(_: T.Type) throws(ReadError) -> T {
            guard offset + MemoryLayout<T>.size <= buffer.count else { throw .truncated }
            let value = buffer.loadUnaligned(fromByteOffset: offset, as: T.self)
            offset += MemoryLayout<T>.size
            return T(littleEndian: value)
        }

        mutating func bytes() throws(ReadError) -> [UInt8] {
            let length = Int(try integer(UInt64.self))
            guard offset + length <= buffer.count else { throw .truncated }
            let result = [UInt8](buffer[offset..<(offset + length)])
            offset += length
            return result
        }

        mutating func skip(type: UInt32) throws(ReadError) {
            switch type {
            case 0, 1, 7: offset += 1
            case 2, 3: offset += 2
            case 4, 5, 6: offset += 4
            case 10, 11, 12: offset += 8
            case 8: _ = try bytes()
            case 9:
                let elementType = try integer(UInt32.self)
                let count = try integer(UInt64.self)
                for _ in 0..<count { try skip(type: elementType) }
            default: throw .unsupportedValueType(type)
            }
            guard offset <= buffer.count else { throw .truncated }
        }

        mutating func scalar(type: UInt32) throws(ReadError) -> Int64 {
            switch type {
            case 0: return Int64(try integer(UInt8.self))
            case 1: return Int64(try integer(Int8.self))
            case 2: return Int64(try integer(UInt16.self))
            case 3: return Int64(try integer(Int16.self))
            case 4: return Int64(try integer(UInt32.self))
            case 5: return Int64(try integer(Int32.self))
            case 10: return Int64(bitPattern: try integer(UInt64.self))
            case 11: return try integer(Int64.self)
            default: try skip(type: type); return -1
            }
        }
    }

    private static func read(_ reader: inout Reader) throws(ReadError) -> GGUFVocabulary {
        guard try reader.integer(UInt32.self) == 0x4655_4747 else { throw .notGGUF }  // "GGUF"
        _ = try reader.integer(UInt32.self)  // version
        _ = try reader.integer(UInt64.self)  // tensor count
        let keyCount = try reader.integer(UInt64.self)
        var model = ""
        var texts: [[UInt8]] = []
        var types: [Int32] = []
        var ids: [String: Int] = [:]
        for _ in 0..<keyCount {
            let key = String(decoding: try reader.bytes(), as: UTF8.self)
            let type = try reader.integer(UInt32.self)
            switch key {
            case "tokenizer.ggml.model" where type == 8:
                model = String(decoding: try reader.bytes(), as: UTF8.self)
            case "tokenizer.ggml.tokens" where type == 9:
                let elementType = try reader.integer(UInt32.self)
                let count = try reader.integer(UInt64.self)
                texts.reserveCapacity(Int(count))
                for _ in 0..<count {
                    guard elementType == 8 else { throw .unsupportedValueType(elementType) }
                    texts.append(try reader.bytes())
                }
            case "tokenizer.ggml.token_type" where type == 9:
                let elementType = try reader.integer(UInt32.self)
                let count = try reader.integer(UInt64.self)
                for _ in 0..<count { types.append(Int32(truncatingIfNeeded: try reader.scalar(type: elementType))) }
            case _ where key.hasPrefix("tokenizer.ggml.") && key.hasSuffix("_token_id"):
                let value = try reader.scalar(type: type)
                if value >= 0 { ids[key] = Int(value) }
            default:
                try reader.skip(type: type)
            }
        }
        guard !texts.isEmpty else { throw .missingKey("tokenizer.ggml.tokens") }
        if types.count != texts.count { types = [Int32](repeating: 1, count: texts.count) }
        let decoder = model == "gpt2" ? GPT2ByteDecoder() : nil
        var tokens: [[UInt8]] = []
        tokens.reserveCapacity(texts.count)
        for (index, text) in texts.enumerated() {
            tokens.append(decodeToken(text, type: types[index], model: model, decoder: decoder))
        }
        var endOfGeneration: [Int] = []
        for key in ["tokenizer.ggml.eos_token_id", "tokenizer.ggml.eot_token_id", "tokenizer.ggml.eom_token_id"] {
            if let id = ids[key], id < texts.count, !endOfGeneration.contains(id) { endOfGeneration.append(id) }
        }
        let markers: Set<String> = ["<|endoftext|>", "<|im_end|>", "<|eot_id|>", "<|eom_id|>", "<end_of_turn>", "<|end|>", "</s>", "<|return|>", "<|call|>"]
        for (index, text) in texts.enumerated() where types[index] == 3 || types[index] == 4 {
            if markers.contains(String(decoding: text, as: UTF8.self)), !endOfGeneration.contains(index) {
                endOfGeneration.append(index)
            }
        }
        return GGUFVocabulary(
            tokenizerModel: model, tokens: tokens, tokenTypes: types,
            endOfSequenceToken: ids["tokenizer.ggml.eos_token_id"], endOfGenerationTokens: endOfGeneration
        )
    }

    private static func decodeToken(_ text: [UInt8], type: Int32, model: String, decoder: GPT2ByteDecoder?) -> [UInt8] {
        if type == 3 || type == 4 { return text }  // control and user-defined tokens are raw text
        if model == "gpt2", let decoder {
            return decoder.decode(String(decoding: text, as: UTF8.self))
        }
        // SentencePiece.
        if type == 6, text.count == 6, text.starts(with: Array("<0x".utf8)), let byte = UInt8(String(decoding: text[3..<5], as: UTF8.self), radix: 16) {
            return [byte]
        }
        return Array(String(decoding: text, as: UTF8.self).replacing("\u{2581}", with: " ").utf8)
    }
}

/// The inverse of GPT-2's byte-to-unicode mapping used in byte-level BPE vocabularies.
struct GPT2ByteDecoder {
    private var table: [UInt32: UInt8] = [:]

    init() {
        var direct: [Int] = Array(33...126) + Array(161...172) + Array(174...255)
        var extra = 0
        for byte in 0..<256 where !direct.contains(byte) {
            table[UInt32(256 + extra)] = UInt8(byte)
            extra += 1
        }
        for byte in direct { table[UInt32(byte)] = UInt8(byte) }
        direct.removeAll()
    }

    func decode(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        for scalar in text.unicodeScalars {
            if let byte = table[scalar.value] { bytes.append(byte) } else { bytes += Array(String(scalar).utf8) }
        }
        return bytes
    }
}
