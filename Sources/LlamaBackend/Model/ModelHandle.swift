internal import CLlama

/// Owns one `llama_model` and frees it when the last reference goes.
///
/// `@unchecked Sendable` is sound: the pointer never changes after loading, and llama.cpp's
/// model-level functions (vocabulary, tokenization, metadata) only read the loaded model; all
/// mutable inference state lives in contexts, which have exactly one owner.
final class ModelHandle: @unchecked Sendable {
    let pointer: OpaquePointer

    init(_ pointer: OpaquePointer) {
        self.pointer = pointer
    }

    /// The model's vocabulary, owned by the model.
    var vocabularyPointer: OpaquePointer {
        // llama_model_get_vocab never returns NULL for a loaded model.
        llama_model_get_vocab(pointer)
    }

    deinit {
        llama_model_free(pointer)
    }
}
