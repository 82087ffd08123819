package import Foundation

/// Where `scripts/setup.sh` puts the models and llama.cpp's reference tools (the set-up's layout,
/// which the local backend and the tool read; the C-binding module knows nothing of it).
///
/// The cache folder is `$FM_CACHE_DIR`, or `~/.cache/foundation-models-linux` by default.
package enum ModelCatalog {
    /// A model the setup script installs.
    package enum Known: String, Sendable, CaseIterable {
        /// Qwen2.5-Coder-0.5B-Instruct, Q4_K_M (491 MB, 152K vocabulary): the default model.
        case qwen25Coder05B = "Qwen2.5-Coder-0.5B-Instruct-Q4_K_M.gguf"
        /// SmolLM2-135M-Instruct, Q4_1 (98 MB, 49K vocabulary): fast, for tests.
        case smolLM2 = "SmolLM2-135M-Instruct-Q4_1.gguf"
        /// Qwen2.5-Coder-1.5B-Instruct, Q4_K_M (1.1 GB, the same tokenizer as the default): the
        /// larger model, fetched by `scripts/setup.sh --model quality`.
        case qwen25Coder15B = "Qwen2.5-Coder-1.5B-Instruct-Q4_K_M.gguf"

        /// The short name that selects it where a model path is expected (`FM_MODEL`, `--model`).
        package var name: String {
            switch self {
            case .qwen25Coder05B: "default"
            case .smolLM2: "smollm2"
            case .qwen25Coder15B: "quality"
            }
        }

        /// How to install it, in words.
        package var setUpCommand: String {
            self == .qwen25Coder15B ? "scripts/setup.sh --model quality" : "scripts/setup.sh"
        }
    }

    /// The path a model setting names: a known model's short name (`default`, `quality`,
    /// `smollm2`) gives its path in the cache; anything else is a path already.
    package static func resolve(_ nameOrPath: String) -> String {
        Known.allCases.first { $0.name == nameOrPath }.map(path(of:)) ?? nameOrPath
    }

    /// The known model at `path`, if it is one.
    package static func known(at path: String) -> Known? {
        Known.allCases.first { self.path(of: $0) == path }
    }

    /// The cache folder.
    package static var cacheDirectory: URL {
        if let explicit = ProcessInfo.processInfo.environment["FM_CACHE_DIR"], !explicit.isEmpty {
            return URL(fileURLWithPath: explicit)
        }
        return FileManager.default.homeDirectoryForCurrentUser
            .appendingPathComponent(".cache/foundation-models-linux")
    }

    /// The embedding model `scripts/setup.sh` installs beside the chat models: all-MiniLM-L6-v2
    /// (sentence-transformers; 384-dimensional vectors, mean pooling), converted to GGUF (F16,
    /// 46 MB) by `scripts/embedding-model-to-gguf.py`. Not a chat model, so not one of ``Known``.
    package static var embeddingModelPath: String {
        cacheDirectory.appendingPathComponent("models").appendingPathComponent("all-MiniLM-L6-v2-F16.gguf").path
    }

    /// The path of a known model in the cache (whether or not it is there).
    package static func path(of model: Known) -> String {
        cacheDirectory.appendingPathComponent("models").appendingPathComponent(model.rawValue).path
    }

    /// Where `scripts/setup.sh` installs llama.cpp: `$FM_PREFIX`, or `/usr/local` by default.
    package static var installPrefix: String {
        if let explicit = ProcessInfo.processInfo.environment["FM_PREFIX"], !explicit.isEmpty { return explicit }
        return "/usr/local"
    }

    /// The folder holding llama.cpp's own tools (`llama-bench`, `llama-server`, …), if set up.
    package static var referenceToolsDirectory: String? {
        let record = URL(fileURLWithPath: installPrefix)
            .appendingPathComponent("share/foundation-models-linux/llama-tools.path").path
        guard let text = try? String(contentsOfFile: record, encoding: .utf8) else { return nil }
        let path = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }
}
