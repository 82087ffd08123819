internal import CLlama
import Foundation

/// Checks a GGUF file before llama.cpp loads it, for what llama.cpp's loader does not survive.
///
/// A `general.architecture` that is not a string makes llama.cpp's model loader throw before
/// it takes ownership of the tensor context it has just read, which then leaks (found by
/// FuzzGGUF under LeakSanitizer). Such a file is refused here with the error the load would
/// have ended in, ``LlamaError/modelLoadFailed(path:)``.
///
/// The rest are tokenizer checks. llama.cpp's vocabulary loader throws for most malformed tokenizers (a missing array, a wrong
/// element type, too few scores), and the load then fails with an error we report. A few
/// malformations reach an assertion instead, which ends the process. A model file is outside
/// input (`--model` takes any path), so those are refused here, before llama.cpp sees the file:
///
/// - two tokens with the same text (llama.cpp indexes tokens by text and asserts that the index
///   has one entry per token). llama.cpp reads each text up to its first zero byte and names an
///   empty token `[EMPTY_<index>]`; the check compares texts the same way;
/// - a SentencePiece vocabulary (`tokenizer.ggml.model` `llama`) without a token for some byte
///   (`<0x41>`, or the byte alone): its tokenizer spells text it has no piece for byte by byte,
///   and throws through llama.cpp's C interface, which ends the process, on a byte it cannot spell;
/// - an RWKV vocabulary (`tokenizer.ggml.model` `rwkv`) without a one-byte token for some byte
///   (after llama.cpp's unescaping of `\xHH`, `\n`, `\t` and `\r`): its tokenizer takes the
///   longest token from a trie and, when a text starts with the first bytes of a token but no
///   token ends on the way, starts over at the beginning of the text forever, appending tokens
///   until memory runs out;
/// - once loaded (``checkLoaded(_:path:)``), a model without a tokenizer (`tokenizer.ggml.model`
///   `none`: llama.cpp loads it, then asserts on the first text tokenized), or a tokenizer told to add a beginning- or
///   end-of-sequence token (or, for WordPiece, its class and separator tokens) that it does not
///   have: llama.cpp asserts on the first prompt it tokenizes.
enum GGUFPreloadCheck {
    /// Refuses the file at `path` when its architecture key would leak memory inside llama.cpp,
    /// or its tokenizer would stop the process there.
    ///
    /// A header that cannot be read, or a tokenizer that llama.cpp refuses with an error of its
    /// own, passes: the load that follows reports it as ``LlamaError/modelLoadFailed(path:)``.
    ///
    /// - Throws: ``LlamaError/modelLoadFailed(path:)`` for an architecture that is not a
    ///   string, ``LlamaError/malformedVocabulary(path:reason:)`` for a tokenizer.
    static func check(fileAt path: String) throws(LlamaError) {
        guard let header = Header(fileAt: path) else { return }
        if !header.architectureIsString { throw .modelLoadFailed(path: path) }
        if header.tokenizer == "no_vocab" || header.tokenizer == "none" { return }
        guard let tokens = header.tokens else { return }
        // Hash every text; only texts whose hashes are equal are compared.
        let hashes = (0..<tokens.count).map { tokens.withText($0) { Self.hash($0) } }
        let repeated = Self.repeatedValues(hashes)
        if !repeated.isEmpty {
            var groups: [UInt64: [Int]] = [:]
            for (index, hash) in hashes.enumerated() where repeated.contains(hash) { groups[hash, default: []].append(index) }
            for indices in groups.values.sorted(by: { $0[0] < $1[0] }) { try refuseDuplicates(among: indices, tokens, path: path) }
        }
        switch header.tokenizer {
        case "llama":
            try refuseMissingBytes(tokens, vocabulary: "a SentencePiece", path: path, spelledByte: sentencePieceByte)
        case "rwkv":
            try refuseMissingBytes(tokens, vocabulary: "an RWKV", path: path, spelledByte: rwkvByte)
        default:
            break
        }
    }

    /// Refuses a loaded model whose tokenizer would assert on the first prompt: one with no
    /// tokenizer, or one that adds special tokens it does not have.
    ///
    /// - Throws: ``LlamaError/malformedVocabulary(path:reason:)``.
    static func checkLoaded(_ model: OpaquePointer, path: String) throws(LlamaError) {
        let vocabulary = llama_model_get_vocab(model)
        let kind = llama_vocab_type(vocabulary)
        if kind == LLAMA_VOCAB_TYPE_NONE {
            throw .malformedVocabulary(path: path, reason: "the model has no tokenizer (tokenizer.ggml.model is none or no_vocab)")
        }
        let beginning = llama_vocab_bos(vocabulary) >= 0
        if kind == LLAMA_VOCAB_TYPE_WPM {
            if !beginning || llama_vocab_sep(vocabulary) < 0 {
                throw .malformedVocabulary(path: path, reason: "a WordPiece tokenizer without its class or separator token")
            }
            return
        }
        if llama_vocab_get_add_bos(vocabulary), !beginning {
            throw .malformedVocabulary(path: path, reason: "the tokenizer adds a beginning-of-sequence token it does not have")
        }
        if llama_vocab_get_add_eos(vocabulary), llama_vocab_eos(vocabulary) < 0 {
            throw .malformedVocabulary(path: path, reason: "the tokenizer adds an end-of-sequence token it does not have")
        }
    }

    /// Throws when a vocabulary cannot spell some byte: none of its tokens spells that byte alone
    /// (`spelledByte` says which byte a token's text spells, if it spells one alone).
    private static func refuseMissingBytes(
        _ tokens: GGUFTokenTexts, vocabulary: String, path: String, spelledByte: (UnsafeBufferPointer<UInt8>) -> UInt8?
    ) throws(LlamaError) {
        var spelled = [Bool](repeating: false, count: 256)
        for index in 0..<tokens.count {
            if let byte = tokens.withText(index, spelledByte) { spelled[Int(byte)] = true }
        }
        if let missing = spelled.firstIndex(of: false) {
            let name = String(format: "<0x%02X>", missing)
            throw .malformedVocabulary(path: path, reason: "\(vocabulary) vocabulary without a token for the byte \(name)")
        }
    }

    /// The byte a SentencePiece token spells alone: the byte itself, or `<0xHH>` (upper-case hex).
    private static func sentencePieceByte(_ text: UnsafeBufferPointer<UInt8>) -> UInt8? {
        if text.count == 1 { return text[0] }
        guard text.count == 6, text[0] == UInt8(ascii: "<"), text[1] == UInt8(ascii: "0"), text[2] == UInt8(ascii: "x"),
            text[5] == UInt8(ascii: ">"), let high = upperHexDigit(text[3]), let low = upperHexDigit(text[4])
        else { return nil }
        return UInt8(high * 16 + low)
    }

    private static func upperHexDigit(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte - UInt8(ascii: "A")) + 10
        default: nil
        }
    }

    /// The byte an RWKV token spells alone: its text unescaped the way llama.cpp does (`\t`,
    /// `\n`, `\r`, `\xHH` with lower-case hex, a backslash before any other character keeps
    /// that character), when that leaves one byte.
    ///
    /// llama.cpp reads the hex digits on signed `char`s without checking them; the arithmetic
    /// here follows it, so a malformed escape spells the same byte for both.
    private static func rwkvByte(_ text: UnsafeBufferPointer<UInt8>) -> UInt8? {
        var output: UInt8?
        var length = 0
        var escaping = false
        var hexRemaining = 0
        var hexValue: UInt8 = 0
        func emit(_ byte: UInt8) {
            output = byte
            length += 1
        }
        for byte in text {
            let character = Int(Int8(bitPattern: byte))
            if hexRemaining > 0 {
                let digit = character >= Int(UInt8(ascii: "a")) ? character - Int(UInt8(ascii: "a")) + 10 : character - Int(UInt8(ascii: "0"))
                hexValue = (hexValue << 4) &+ UInt8(truncatingIfNeeded: digit)
                hexRemaining -= 1
                if hexRemaining == 0 {
                    emit(hexValue)
                    hexValue = 0
                }
            } else if escaping {
                switch byte {
                case UInt8(ascii: "t"): emit(UInt8(ascii: "\t"))
                case UInt8(ascii: "n"): emit(UInt8(ascii: "\n"))
                case UInt8(ascii: "r"): emit(UInt8(ascii: "\r"))
                case UInt8(ascii: "x"): hexRemaining = 2
                default: emit(byte)
                }
                escaping = false
            } else if byte == UInt8(ascii: "\\") {
                escaping = true
            } else {
                emit(byte)
            }
            if length > 1 { return nil }
        }
        return length == 1 ? output : nil
    }

    /// Throws when two of `indices` (tokens whose texts hash alike) have the same text.
    private static func refuseDuplicates(among indices: [Int], _ tokens: GGUFTokenTexts, path: String) throws(LlamaError) {
        let texts = indices.map { index in tokens.withText(index) { Array($0) } }
        for later in texts.indices {
            guard let earlier = texts[..<later].firstIndex(of: texts[later]) else { continue }
            let shown = String(decoding: texts[later].prefix(64), as: UTF8.self)
            throw .malformedVocabulary(
                path: path, reason: "tokens \(indices[earlier]) and \(indices[later]) have the same text \"\(shown)\"")
        }
    }

    /// The values that occur more than once in `values`, found in one pass over an open-addressed
    /// table twice their number in size (sorting Qwen2.5's 151,936 hashes took 10–15 ms on a
    /// 2-core Xeon, most of the check).
    static func repeatedValues(_ values: [UInt64]) -> Set<UInt64> {
        var capacity = 16
        while capacity < 2 * values.count { capacity *= 2 }
        let mask = capacity - 1
        // A slot holds a value plus one, so that zero marks it empty; the largest value, which
        // would wrap to zero, is counted apart.
        var slots = [UInt64](repeating: 0, count: capacity)
        var repeated = Set<UInt64>()
        var largestSeen = false
        for value in values {
            if value == .max {
                if largestSeen { repeated.insert(value) }
                largestSeen = true
                continue
            }
            var slot = Int(truncatingIfNeeded: value ^ (value >> 29)) & mask
            while slots[slot] != 0, slots[slot] != value &+ 1 { slot = (slot + 1) & mask }
            if slots[slot] == 0 {
                slots[slot] = value &+ 1
            } else {
                repeated.insert(value)
            }
        }
        return repeated
    }

    /// 64-bit FNV-1a.
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return hash
    }

    /// What the check reads from a GGUF header, walked by ``GGUFHeaderReader`` (which stops at
    /// nothing llama.cpp's reader would accept).
    private struct Header {
        /// False when `general.architecture` is there with a type other than string.
        var architectureIsString = true
        /// `tokenizer.ggml.model`, when it is a string.
        var tokenizer = ""
        /// `tokenizer.ggml.tokens`, when it is an array of strings.
        var tokens: GGUFTokenTexts?

        /// Reads the header of the file at `path`; nil when it cannot be read whole.
        init?(fileAt path: String) {
            guard var walk = GGUFHeaderReader(fileAt: path) else { return nil }
            defer { walk.close() }
            while let pair = walk.next() {
                switch pair.key {
                case "general.architecture":
                    architectureIsString = pair.type == GGUFHeaderReader.ValueType.string
                case "tokenizer.ggml.model" where pair.type == GGUFHeaderReader.ValueType.string:
                    tokenizer = walk.scalarText() ?? ""
                case "tokenizer.ggml.tokens":
                    var texts = GGUFTokenTexts()
                    if walk.forEachString({ texts.append($0) }) { tokens = texts }
                default:
                    continue
                }
            }
            guard walk.isComplete else { return nil }
        }
    }
}
