package import Foundation

/// Where `scripts/setup.sh` puts the models and llama.cpp's reference tools (the set-up's layout,
/// which the local backend and the tool read; the C-binding module knows nothing of it).
///
/// The cache folder is `$FM_CACHE_DIR`, or `~/.cache/foundation-models-linux` by default.
package enum ModelCatalog {
    /// A model the setup script installs.
    package enum Known: String, Sendable, CaseIterable {
        /// Qwen2.5-Coder-1.5B-Instruct, Q4_K_M (1.1 GB, 152K vocabulary): the default model since
        /// 7 December 2026, chosen by the seed app's evaluation (`Docs/Quality.md`: it passes 81%
        /// of the 23 checks against the 0.5B model's 75%, and the main job takes 8–9 s on 2 cores).
        case qwen25Coder15B = "Qwen2.5-Coder-1.5B-Instruct-Q4_K_M.gguf"
        /// Qwen2.5-Coder-0.5B-Instruct, Q4_K_M (491 MB, the same tokenizer): the smaller, faster
        /// model (the default before), and the draft model for the default.
        case qwen25Coder05B = "Qwen2.5-Coder-0.5B-Instruct-Q4_K_M.gguf"
        /// SmolLM2-135M-Instruct, Q4_1 (98 MB, 49K vocabulary): fast, for tests.
        case smolLM2 = "SmolLM2-135M-Instruct-Q4_1.gguf"

        /// The short name that selects it where a model path is expected (`FM_MODEL`, `--model`).
        package var name: String {
            switch self {
            case .qwen25Coder15B: "default"
            case .qwen25Coder05B: "small"
            case .smolLM2: "smollm2"
            }
        }

        /// Every name that selects it: its ``name``, and `quality` for the default model (its name
        /// while it was the larger choice, kept so that `--model quality` still works).
        package var names: [String] {
            self == .qwen25Coder15B ? [name, "quality"] : [name]
        }
    }

    /// The model `SystemLanguageModel.default` runs unless `FM_MODEL` names another.
    package static let defaultModel = Known.qwen25Coder15B

    /// The path a model setting names: a known model's short name (`default`, `small`,
    /// `smollm2`, or `quality` for the default) gives its path in the cache; anything else is a
    /// path already.
    package static func resolve(_ nameOrPath: String) -> String {
        Known.allCases.first { $0.names.contains(nameOrPath) }.map(path(of:)) ?? nameOrPath
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
