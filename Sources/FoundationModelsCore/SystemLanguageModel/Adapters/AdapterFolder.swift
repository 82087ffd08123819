import Foundation
import LlamaBackend

/// Where named adapters live: ``LocalModelSettings/adaptersDirectory`` (`FM_ADAPTERS_DIR`), or
/// `adapters` in the set-up cache.
enum AdapterFolder {
    static var url: URL {
        if let explicit = LocalModelSettings.current.adaptersDirectory {
            return URL(fileURLWithPath: explicit)
        }
        return ModelCatalog.cacheDirectory.appendingPathComponent("adapters")
    }

    /// The identifiers of the adapters in the folder (`.gguf` files and `.fmadapter` folders), sorted.
    static func identifiers() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.filter { $0.hasSuffix(".gguf") || $0.hasSuffix(".fmadapter") }
            .map { URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent }
            .sorted()
    }

    /// The adapter with this identifier: its `.fmadapter` folder, else its `.gguf` file.
    static func url(of identifier: String) -> URL? {
        for suffix in [".fmadapter", ".gguf"] {
            let candidate = url.appendingPathComponent(identifier + suffix)
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// The current model's architecture, from its file's metadata; empty when it cannot be read.
    static var baseArchitecture: String {
        (try? GGUFMetadata(contentsOfFile: LocalModelSettings.current.modelPath))?["general.architecture"] ?? ""
    }
}
