internal import CLlama
import Foundation
import Synchronization

/// A GGUF model loaded by llama.cpp (read into memory, not mapped), shared by every context that uses it.
///
/// Load models through ``LlamaModelStore`` so that one file is loaded once per process.
package final class LlamaModel: Sendable {
    let handle: ModelHandle

    /// The file the model was loaded from.
    package let path: String
    /// The model's vocabulary and tokenizer.
    package let vocabulary: Vocabulary
    /// The context length the model was trained with.
    package let trainingContextLength: Int
    /// The Jinja chat template stored in the GGUF file, if any.
    package let chatTemplate: String?
    /// The model's name from its metadata (`general.name`), or the file name.
    package let name: String
    /// The model's description from llama.cpp (architecture, size, quantization).
    package let summary: String
    /// The number of parameters.
    package let parameterCount: UInt64
    /// The size of the weights in bytes.
    package let sizeInBytes: UInt64
    /// The model's vocabulary for constrained decoding and its compiled grammars.
    package let grammars: ModelGrammars
    /// ``languages``, read on first use.
    private let languageCache = Mutex<[String]?>(nil)
    /// The LoRA adapters loaded for this model, by path.
    private let adapters = Mutex<[String: LlamaAdapter]>([:])

    private init(handle: ModelHandle, path: String) {
        self.handle = handle
        self.path = path
        self.vocabulary = Vocabulary(handle: handle)
        self.grammars = ModelGrammars(vocabulary: vocabulary)
        self.trainingContextLength = Int(llama_model_n_ctx_train(handle.pointer))
        if let template = llama_model_chat_template(handle.pointer, nil) {
            self.chatTemplate = String(cString: template)
        } else {
            self.chatTemplate = nil
        }
        let fileName = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        self.name = Self.metadataValue(handle.pointer, key: "general.name") ?? fileName
        var buffer = [CChar](repeating: 0, count: 256)
        let length = llama_model_desc(handle.pointer, &buffer, buffer.count)
        self.summary = length > 0 ? String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
        self.parameterCount = llama_model_n_params(handle.pointer)
        self.sizeInBytes = llama_model_size(handle.pointer)
    }

    /// Loads the GGUF file at `path`, reading its weights into memory.
    ///
    /// Not memory-mapped: a mapped file truncated while a session generates (a copy that failed,
    /// a full disk, another process rewriting it) kills the process with SIGBUS on the next weight
    /// read. Read into memory, the loaded model is immune to what happens to its file; the cost is
    /// that two processes loading one file do not share its pages.
    ///
    /// - Throws: ``LlamaError/modelFileNotFound(path:)`` when nothing is there,
    ///   ``LlamaError/notAGGUFFile(path:)`` when the file is not GGUF,
    ///   ``LlamaError/malformedVocabulary(path:reason:)`` when its tokenizer would stop the process
    ///   inside llama.cpp, and ``LlamaError/modelLoadFailed(path:)`` when llama.cpp rejects it.
    package static func load(path: String, vocabularyOnly: Bool = false) throws(LlamaError) -> LlamaModel {
        try validateFile(at: path)
        try GGUFPreloadCheck.check(fileAt: path)
        LlamaRuntime.ensureInitialized()
        var parameters = llama_model_default_params()
        parameters.n_gpu_layers = 0
        parameters.vocab_only = vocabularyOnly
        parameters.load_mode = LLAMA_LOAD_MODE_NONE
        // On a thread that ends afterwards: loading may start an OpenMP team (see LoadingThread).
        guard let pointer = LoadingThread.run({ llama_model_load_from_file(path, parameters) }) else {
            throw .modelLoadFailed(path: path)
        }
        let handle = ModelHandle(pointer)
        try GGUFPreloadCheck.checkLoaded(pointer, path: path)
        return LlamaModel(handle: handle, path: path)
    }

    /// Checks that a file exists and starts with the GGUF magic, without loading it.
    ///
    /// - Throws: ``LlamaError/modelFileNotFound(path:)`` or ``LlamaError/notAGGUFFile(path:)``.
    package static func validateFile(at path: String) throws(LlamaError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw .modelFileNotFound(path: path)
        }
        guard let file = FileHandle(forReadingAtPath: path) else {
            throw .modelFileNotFound(path: path)
        }
        defer { try? file.close() }
        let magic = (try? file.read(upToCount: 4)) ?? nil
        guard let magic, Array(magic) == Array("GGUF".utf8) else {
            throw .notAGGUFFile(path: path)
        }
    }

    /// The languages the model's metadata lists (`general.languages`), as identifiers like `en`.
    ///
    /// llama.cpp's metadata accessors skip arrays, so the list is read from the file's GGUF
    /// header (metadata only, no tensor data) by ``GGUFHeaderReader``.
    package var languages: [String] {
        if let cached = languageCache.withLock({ $0 }) { return cached }
        let languages = GGUFHeaderReader.stringArray("general.languages", inFileAt: path)
        languageCache.withLock { $0 = languages }
        return languages
    }

    /// The LoRA adapter at `path` for this model, loaded on first use and kept while the model is.
    ///
    /// - Throws: ``LlamaError/adapterLoadFailed(path:model:)`` when llama.cpp rejects it (another
    ///   architecture, tensor shapes that do not match), or the file errors of ``validateFile(at:)``.
    package func adapter(at path: String) throws(LlamaError) -> LlamaAdapter {
        if let loaded = adapters.withLock({ $0[path] }) { return loaded }
        let adapter = try LlamaAdapter(path: path, model: self)
        return adapters.withLock { cache in
            if let existing = cache[path] { return existing }
            cache[path] = adapter
            return adapter
        }
    }

    /// The bytes one cached token takes in a 16-bit KV cache (keys and values of every layer).
    package var kvBytesPerToken: Int {
        let layers = Int(llama_model_n_layer(handle.pointer))
        let heads = max(1, Int(llama_model_n_head(handle.pointer)))
        let kvHeads = Int(llama_model_n_head_kv(handle.pointer))
        let headSize = Int(llama_model_n_embd(handle.pointer)) / heads
        return 2 * layers * kvHeads * headSize * 2
    }

    /// The architecture from the metadata (`general.architecture`), such as `qwen2` or `llama`.
    package var architecture: String {
        metadata("general.architecture") ?? ""
    }

    /// A string value from the model's GGUF metadata.
    package func metadata(_ key: String) -> String? {
        Self.metadataValue(handle.pointer, key: key)
    }

    private static func metadataValue(_ model: OpaquePointer, key: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 512)
        let length = llama_model_meta_val_str(model, key, &buffer, buffer.count)
        guard length >= 0 else { return nil }
        if Int(length) >= buffer.count {
            buffer = [CChar](repeating: 0, count: Int(length) + 1)
            guard llama_model_meta_val_str(model, key, &buffer, buffer.count) >= 0 else { return nil }
        }
        return String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
