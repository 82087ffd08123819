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
        let parameters = gguf_init_params(no_alloc: true, ctx: nil)
        guard let file = gguf_init_from_file(path, parameters) else { return }
        defer { gguf_free(file) }
        let architecture = gguf_find_key(file, "general.architecture")
        if architecture >= 0, gguf_get_kv_type(file, architecture) != GGUF_TYPE_STRING {
            throw .modelLoadFailed(path: path)
        }
        var kind = ""
        let model = gguf_find_key(file, "tokenizer.ggml.model")
        if model >= 0, gguf_get_kv_type(file, model) == GGUF_TYPE_STRING, let name = gguf_get_val_str(file, model) {
            kind = String(cString: name)
            if kind == "no_vocab" || kind == "none" { return }
        }
        let tokens = gguf_find_key(file, "tokenizer.ggml.tokens")
        guard tokens >= 0, gguf_get_kv_type(file, tokens) == GGUF_TYPE_ARRAY,
            gguf_get_arr_type(file, tokens) == GGUF_TYPE_STRING
        else { return }
        let count = gguf_get_arr_n(file, tokens)
        // Hash every text, then compare the bytes only of texts whose hashes are equal.
        var hashes = [(hash: UInt64, index: Int)]()
        hashes.reserveCapacity(count)
        for index in 0..<count {
            hashes.append((withTokenText(file, tokens, index) { Self.hash($0) }, index))
        }
        hashes.sort { $0.hash != $1.hash ? $0.hash < $1.hash : $0.index < $1.index }
        var start = 0
        while start < hashes.count {
            var end = start + 1
            while end < hashes.count, hashes[end].hash == hashes[start].hash { end += 1 }
            if end - start > 1 { try refuseDuplicates(among: hashes[start..<end].map(\.index), file, tokens, path: path) }
            start = end
        }
        switch kind {
        case "llama":
            try refuseMissingBytes(file, tokens, count: count, vocabulary: "a SentencePiece", path: path, spelledByte: sentencePieceByte)
        case "rwkv":
            try refuseMissingBytes(file, tokens, count: count, vocabulary: "an RWKV", path: path, spelledByte: rwkvByte)
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
        _ file: OpaquePointer, _ key: Int64, count: Int, vocabulary: String, path: String,
        spelledByte: (UnsafeBufferPointer<UInt8>) -> UInt8?
    ) throws(LlamaError) {
        var spelled = [Bool](repeating: false, count: 256)
        for index in 0..<count {
            if let byte = withTokenText(file, key, index, spelledByte) { spelled[Int(byte)] = true }
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
    private static func refuseDuplicates(among indices: [Int], _ file: OpaquePointer, _ key: Int64, path: String) throws(LlamaError) {
        let texts = indices.map { index in withTokenText(file, key, index) { Array($0) } }
        for later in texts.indices {
            guard let earlier = texts[..<later].firstIndex(of: texts[later]) else { continue }
            let shown = String(decoding: texts[later].prefix(64), as: UTF8.self)
            throw .malformedVocabulary(
                path: path, reason: "tokens \(indices[earlier]) and \(indices[later]) have the same text \"\(shown)\"")
        }
    }

    /// 64-bit FNV-1a.
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return hash
    }

    /// Calls `body` with a token's text as llama.cpp reads it: the bytes before the first zero
    /// byte, or `[EMPTY_<index>]` when there are none.
    private static func withTokenText<Result>(
        _ file: OpaquePointer, _ key: Int64, _ index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        guard let pointer = gguf_get_arr_str(file, key, index), pointer.pointee != 0 else {
            return Array("[EMPTY_\(index)]".utf8).withUnsafeBufferPointer(body)
        }
        let length = strlen(pointer)
        return pointer.withMemoryRebound(to: UInt8.self, capacity: length) { body(UnsafeBufferPointer(start: $0, count: length)) }
    }
}
