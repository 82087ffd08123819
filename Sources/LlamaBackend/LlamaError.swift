/// A failure inside the llama.cpp backend, with the native detail attached.
///
/// One case per failure site. The public API maps these once to Apple's error types
/// (`LanguageModelSession.GenerationError`); they never reach users unmapped.
package enum LlamaError: Error, Equatable, CustomStringConvertible {
    /// No file exists at the model path.
    case modelFileNotFound(path: String)
    /// The file exists but is not a GGUF file (wrong magic bytes or too short).
    case notAGGUFFile(path: String)
    /// llama.cpp refused to load the model (corrupt or unsupported file).
    case modelLoadFailed(path: String)
    /// The model file's tokenizer is malformed in a way llama.cpp does not survive (refused before
    /// llama.cpp reads it; see `GGUFPreloadCheck`).
    case malformedVocabulary(path: String, reason: String)
    /// llama.cpp could not create an inference context with these settings.
    case contextCreationFailed(contextLength: Int, sequences: Int)
    /// `llama_decode` returned a non-zero status.
    case decodeFailed(status: Int32)
    /// llama.cpp could not drop a sequence's cached tokens from a position on (rejected drafts).
    case cacheEditFailed(sequence: Int32, position: Int32)
    /// llama.cpp returned no logits for a position the engine asked it to compute them for.
    case logitsMissing(batchIndex: Int32)
    /// Tokenization failed for text of the given length in bytes.
    case tokenizationFailed(byteCount: Int)
    /// A generation request had no prompt tokens: the model needs at least one to compute the
    /// first token's logits.
    case emptyPrompt
    /// The prompt and response would need more tokens than a sequence holds.
    case contextOverflow(tokenCount: Int, contextLength: Int)
    /// The engine was shut down while the request was pending.
    case engineStopped
    /// The token constraint allowed no token (or rejected the sampled one) after this many tokens.
    case constraintDeadEnd(generatedTokens: Int)
    /// Guided generation's shortest valid answer needs more tokens than the response may have:
    /// `maximumTokens`, or the context's room after the prompt (then `contextLength` is set).
    case responseBudgetTooSmall(neededTokens: Int, availableTokens: Int, promptTokens: Int, contextLength: Int?)
    /// llama.cpp rejected a LoRA adapter for the model (not a LoRA GGUF, another architecture,
    /// or tensors whose shapes do not match the model's).
    case adapterLoadFailed(path: String, model: String)
    /// A draft model for speculative decoding cannot draft for the model: its tokens are not the
    /// model's (another vocabulary, other ids or end tokens).
    case draftModelIncompatible(path: String, model: String, reason: String)
    /// The model does not pool its tokens into one vector per text (a chat model, not an
    /// embedding model such as all-MiniLM-L6-v2).
    case notAnEmbeddingModel(path: String)

    package var description: String {
        switch self {
        case .modelFileNotFound(let path):
            "no model file at \(path)"
        case .notAGGUFFile(let path):
            "\(path) is not a GGUF model file"
        case .modelLoadFailed(let path):
            "llama.cpp could not load the model at \(path) (corrupt or unsupported file)"
        case .malformedVocabulary(let path, let reason):
            "the model at \(path) has a malformed vocabulary: \(reason)"
        case .contextCreationFailed(let contextLength, let sequences):
            "llama.cpp could not create a context of \(contextLength) tokens for \(sequences) sequences"
        case .decodeFailed(let status):
            "llama_decode failed with status \(status)"
        case .cacheEditFailed(let sequence, let position):
            "llama.cpp could not drop the cached tokens of sequence \(sequence) from position \(position) on"
        case .logitsMissing(let batchIndex):
            "llama.cpp computed no logits at batch position \(batchIndex)"
        case .tokenizationFailed(let byteCount):
            "tokenization of \(byteCount) bytes failed"
        case .emptyPrompt:
            "the prompt has no tokens (a generation needs at least one)"
        case .contextOverflow(let tokenCount, let contextLength):
            "\(tokenCount) tokens exceed the context of \(contextLength) tokens"
        case .engineStopped:
            "the inference engine stopped"
        case .constraintDeadEnd(let generatedTokens):
            "guided generation reached a state with no allowed token after \(generatedTokens) tokens"
        case .responseBudgetTooSmall(let needed, let available, _, let contextLength):
            "the shortest valid answer needs up to \(needed) tokens but the response may have \(available)"
                + (contextLength.map { " (the room left in the context of \($0) tokens after the prompt)" } ?? " (maximumResponseTokens)")
        case .adapterLoadFailed(let path, let model):
            "llama.cpp could not apply the LoRA adapter at \(path) to the model \(model) (not a LoRA adapter for this model)"
        case .draftModelIncompatible(let path, let model, let reason):
            "the model at \(path) cannot draft tokens for \(model): \(reason)"
        case .notAnEmbeddingModel(let path):
            "the model at \(path) is not an embedding model (it does not pool its tokens into one vector per text)"
        }
    }
}
