/// What the token constraints need of a model's tokenizer: every token's bytes, the tokens that
/// end a generation, and tokenizing text the way the model itself would (for jump-forward, whose
/// forced tokens must be the ones the tokenizer produces).
///
/// llama.cpp's vocabulary conforms in `LlamaBackend`; tests use a small tokenizer of their own.
public protocol ConstraintTokenizer {
    /// Every token's bytes, by token id.
    var allTokenBytes: [[UInt8]] { get }
    /// The tokens that end a generation (end of sequence, end of turn).
    var endOfGenerationTokens: [Int32] { get }
    /// The tokens of a text (no special tokens added or parsed); nil when it cannot be tokenized.
    func tokens(of text: String) -> [Int32]?
    /// One token's bytes.
    func bytes(of token: Int32) -> [UInt8]
}
