internal import CLlama

/// A LoRA adapter loaded by llama.cpp for one model.
///
/// `@unchecked Sendable` is sound: the pointer never changes after loading, llama.cpp only reads
/// the adapter's weights when a context applies them, and the adapter keeps the model's handle
/// alive, so it is freed before the model it belongs to.
package final class LlamaAdapter: @unchecked Sendable {
    let pointer: OpaquePointer
    /// The adapter's GGUF file.
    package let path: String
    private let model: ModelHandle

    /// Loads the LoRA adapter at `path` for `model`.
    ///
    /// - Throws: ``LlamaError/modelFileNotFound(path:)`` or ``LlamaError/notAGGUFFile(path:)``
    ///   for a missing or non-GGUF file, ``LlamaError/adapterLoadFailed(path:model:)`` when
    ///   llama.cpp rejects it for this model.
    init(path: String, model: LlamaModel) throws(LlamaError) {
        try LlamaModel.validateFile(at: path)
        // Like a model's weights, on a thread that ends afterwards (see LoadingThread).
        let handle = model.handle.pointer
        guard let pointer = LoadingThread.run({ llama_adapter_lora_init(handle, path) }) else {
            throw .adapterLoadFailed(path: path, model: model.name)
        }
        self.pointer = pointer
        self.path = path
        self.model = model.handle
    }

    deinit {
        llama_adapter_lora_free(pointer)
    }
}
