internal import CLlama
import Synchronization

/// A token id in a model's vocabulary.
package typealias TokenID = Int32

/// A model's vocabulary and tokenizer: text to tokens, tokens to bytes, special tokens.
///
/// Tokenization is thread-safe in llama.cpp, so a vocabulary can be used from any thread.
package final class Vocabulary: Sendable {
    let handle: ModelHandle
    private var pointer: OpaquePointer { handle.vocabularyPointer }
    private let tokenBytesCache = Mutex<[[UInt8]]?>(nil)

    /// The number of tokens.
    package let count: Int
    /// The beginning-of-sequence token, if the model has one.
    package let beginningOfSequence: TokenID?
    /// The end-of-sequence token, if the model has one.
    package let endOfSequence: TokenID?
    /// Whether tokenizing a prompt should start with the BOS token.
    package let addsBeginningOfSequence: Bool

    init(handle: ModelHandle) {
        self.handle = handle
        let pointer = handle.vocabularyPointer
        self.count = Int(llama_vocab_n_tokens(pointer))
        let bos = llama_vocab_bos(pointer)
        let eos = llama_vocab_eos(pointer)
        self.beginningOfSequence = bos >= 0 ? bos : nil
        self.endOfSequence = eos >= 0 ? eos : nil
        self.addsBeginningOfSequence = llama_vocab_get_add_bos(pointer)
    }

    /// The tokens of `text`.
    ///
    /// - Parameters:
    ///   - addSpecial: add BOS/EOS as the model's configuration asks (for the start of a prompt).
    ///   - parseSpecial: read control-token texts such as `<|im_start|>` as those tokens.
    /// - Throws: ``LlamaError/tokenizationFailed(byteCount:)``.
    package func tokenize(_ text: String, addSpecial: Bool = false, parseSpecial: Bool = true) throws(LlamaError) -> [TokenID] {
        var utf8 = Array(text.utf8)
        let byteCount = utf8.count
        var capacity = byteCount + 4
        for _ in 0..<2 {
            var tokens = [TokenID](repeating: 0, count: capacity)
            let result = utf8.withUnsafeMutableBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) { chars in
                    llama_tokenize(pointer, chars.baseAddress, Int32(byteCount), &tokens, Int32(capacity), addSpecial, parseSpecial)
                }
            }
            if result >= 0 {
                tokens.removeLast(capacity - Int(result))
                return tokens
            }
            if result == Int32.min { break }
            capacity = Int(-result)
        }
        utf8.removeAll()
        throw .tokenizationFailed(byteCount: byteCount)
    }

    /// The bytes a token stands for (possibly part of a UTF-8 character).
    ///
    /// - Parameter special: render control tokens (such as `<|im_end|>`) as their text; when false
    ///   they produce no bytes.
    package func piece(for token: TokenID, special: Bool = false) -> [UInt8] {
        guard token >= 0, Int(token) < count else { return [] }
        var buffer = [CChar](repeating: 0, count: 32)
        var length = llama_token_to_piece(pointer, token, &buffer, Int32(buffer.count), 0, special)
        if length < 0 {
            buffer = [CChar](repeating: 0, count: Int(-length))
            length = llama_token_to_piece(pointer, token, &buffer, Int32(buffer.count), 0, special)
        }
        guard length > 0 else { return [] }
        return buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }
    }

    /// Whether generation ends at this token (EOS, EOT, `<|im_end|>` and the like).
    package func isEndOfGeneration(_ token: TokenID) -> Bool {
        llama_vocab_is_eog(pointer, token)
    }

    /// Whether the token is a control token, which never appears in plain text.
    package func isControl(_ token: TokenID) -> Bool {
        llama_vocab_is_control(pointer, token)
    }

    /// Every token's bytes, indexed by token id (control tokens give their text when `special`).
    ///
    /// Computed once per vocabulary (about 150K calls on large vocabularies) and cached.
    package var allTokenBytes: [[UInt8]] {
        if let cached = tokenBytesCache.withLock({ $0 }) { return cached }
        let bytes = (0..<count).map { piece(for: TokenID($0), special: false) }
        tokenBytesCache.withLock { $0 = bytes }
        return bytes
    }

    /// The ids of every end-of-generation token.
    package var endOfGenerationTokens: [TokenID] {
        (0..<count).lazy.map { TokenID($0) }.filter { isEndOfGeneration($0) }
    }

    /// The ids of every control token (never part of generated text).
    package var controlTokens: [TokenID] {
        (0..<count).lazy.map { TokenID($0) }.filter { isControl($0) }
    }
}
