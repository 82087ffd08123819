import Foundation
import FoundationModels

/// `fm models`: the GGUF models set-up installed (and `FM_MODEL`'s), with sizes, short names
/// (`default`, `small`, `smollm2`) and paths; the one `fm` uses by default is marked.
struct ModelsCommand {
    init(arguments: inout CommandLineArguments) throws {
        if let word = arguments.next() {
            guard word == "-h" || word == "--help" else { throw CLIError.usage("models takes no arguments") }
            print(
                "fm models: the GGUF models set-up installed, their sizes, names and paths (* marks the default; "
                    + "a name works as --model NAME or FM_MODEL=NAME; quality is the default's earlier name).")
            exit(0)
        }
    }

    /// One line per model: a mark for the default, the size, the path.
    static func lines(folder: URL, defaultPath: String) -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: [.fileSizeKey])) ?? []
        var paths = files.filter { $0.pathExtension.lowercased() == "gguf" }.map(\.path).sorted()
        if !paths.contains(defaultPath), FileManager.default.fileExists(atPath: defaultPath) { paths.insert(defaultPath, at: 0) }
        return paths.map { path in
            let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            let size = String(format: "%7.1f MB", Double(bytes) / 1_000_000)
            let name = (ModelCatalog.known(at: path)?.name ?? "").padding(toLength: 8, withPad: " ", startingAt: 0)
            return "\(path == defaultPath ? "*" : " ") \(size)  \(name) \(path)"
        }
    }

    func run() throws {
        let folder = ModelCatalog.cacheDirectory.appendingPathComponent("models")
        let lines = Self.lines(folder: folder, defaultPath: LocalModelSettings.current.modelPath)
        guard !lines.isEmpty else {
            throw CLIError.failed("no models in \(folder.path) (run scripts/setup.sh, or pass --model PATH)", kind: .modelUnavailable)
        }
        for line in lines { print(line) }
    }
}
