internal import CLlama
import Foundation

extension LlamaContext {
    /// What a sequence's saved state depends on, in words: the key under which
    /// ``PrefixDiskCache`` keeps prefixes computed by this context, so that a state is only ever
    /// loaded into a context that computes the same keys and values.
    ///
    /// - The model file: its size, modification time and a hash of its first MiB (the GGUF
    ///   header's start: architecture, hyperparameters, the tokenizer), and the model's own
    ///   description; the LoRA adapter likewise, with its scale.
    /// - llama.cpp: its version and the build's system info (the CPU features the variant uses,
    ///   which pick the kernels).
    /// - The context: the number of sequences (llama.cpp's sequence state records the streams,
    ///   one per sequence, and refuses another count), cells per sequence, the longest pass and
    ///   the micro-batch size (they decide how a prompt is split into passes), the K and V types
    ///   and flash attention. Thread counts are left out.
    ///
    /// Nil when the model file cannot be read.
    package var prefixCacheIdentity: String? {
        guard let modelFile = Self.fileIdentity(of: model.path) else { return nil }
        var parts = [
            "fm-prefix-cache \(PrefixDiskCache.formatVersion)",
            "model \(modelFile) \(model.summary) \(model.parameterCount)"
        ]
        if let adapterPath = configuration.adapterPath {
            guard let adapterFile = Self.fileIdentity(of: adapterPath) else { return nil }
            parts.append("adapter \(adapterFile) scale \(configuration.adapterScale)")
        }
        let defaults = llama_context_default_params()
        // The longest pass the engine feeds a sequence (llama.cpp's own batch size is clamped
        // to the whole context, which the slot count changes).
        let passLength = min(configuration.batchSize, Int(llama_n_ctx_seq(pointer)))
        parts.append(
            "context sequences \(configuration.sequences) cells \(llama_n_ctx_seq(pointer)) batch \(passLength) ubatch \(llama_n_ubatch(pointer)) "
                + "k \(defaults.type_k.rawValue) v \(defaults.type_v.rawValue) flash \(defaults.flash_attn_type.rawValue) unified 0")
        parts.append("llama.cpp \(String(cString: llama_version())) \(String(cString: llama_print_system_info()))")
        return parts.joined(separator: "\n")
    }

    /// A file's size, modification time and the hash of its first MiB, in words.
    private static func fileIdentity(of path: String) -> String? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            let size = (attributes[.size] as? NSNumber)?.uint64Value,
            let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970,
            let handle = FileHandle(forReadingAtPath: path)
        else { return nil }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 1 << 20) else { return nil }
        let hash = PrefixDiskCache.hash([UInt8](head))
        return String(format: "size %llu modified %.6f head %016llx", size, modified, hash)
    }
}
