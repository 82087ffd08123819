import ConstrainedDecoding
import Foundation

/// Vocabularies for tests: a small synthetic one, and the real models when their files exist.
enum TestVocabularies {
    /// 256 single-byte tokens, multi-byte tokens that cross grammar elements and split UTF-8
    /// characters, and an end-of-generation token (the last id).
    static let synthetic: TokenVocabulary = {
        var tokens: [[UInt8]] = (0..<256).map { [UInt8($0)] }
        let pieces = [
            "{\"", "\"}", "\": ", "\", \"", ", ", ", \"", "\"name", "name", "age", "true", "false", "null",
            "12", "123", "-1", ".5", "e5", "é", "😀", "\"]", "}]", "[{\"", "\"},", "abc", "abc\", \"", "\\u",
            "\\n", "\\\"", "\"a", "a\"", "0,", "1}", "\"x\": ", "red", "green", "blue", "\"red\"", "ed\"}",
            "ab", "aaaa", "1,", "2]", "[1", "[]", "{}", "\", ", "\": \"", "tag", "kind", "\"kind\": \"",
            "<tool_call>", "</tool_call>", "\\ud83d", "\\ude00", "ü", "€"
        ]
        for piece in pieces { tokens.append(Array(piece.utf8)) }
        tokens.append(Array("😀".utf8.prefix(2)))
        tokens.append(Array("😀".utf8.suffix(2)))
        tokens.append(Array("€".utf8.prefix(1)))
        tokens.append(Array("€".utf8.suffix(2)))
        tokens.append(Array("<|endoftext|>".utf8))
        return TokenVocabulary(tokens: tokens, specialTokens: [tokens.count - 1], endOfGenerationTokens: [tokens.count - 1])
    }()

    static let modelFolder = FileManager.default.homeDirectoryForCurrentUser
        .appendingPathComponent(".cache/foundation-models-linux/models")
    static let smolURL = modelFolder.appendingPathComponent("SmolLM2-135M-Instruct-Q4_1.gguf")
    static let qwenURL = modelFolder.appendingPathComponent("Qwen2.5-Coder-0.5B-Instruct-Q4_K_M.gguf")

    static func exists(_ url: URL) -> Bool {
        let present = FileManager.default.fileExists(atPath: url.path)
        if !present {
            print("⚠️  SKIPPING: model file \(url.path) is absent; real-vocabulary tests did not run.")
        }
        return present
    }

    static let smol: TokenVocabulary? = {
        guard exists(smolURL), let gguf = try? GGUFVocabulary(contentsOf: smolURL) else { return nil }
        return gguf.makeTokenVocabulary()
    }()

    static let qwen: TokenVocabulary? = {
        guard exists(qwenURL), let gguf = try? GGUFVocabulary(contentsOf: qwenURL) else { return nil }
        return gguf.makeTokenVocabulary()
    }()

    /// The JSONSchemaBench development split: `FM_JSONSCHEMABENCH_DIR`, or
    /// `../shared/data/jsonschemabench-dev` beside the package's folder (the team's workspace).
    static let benchFolder: URL = {
        if let explicit = ProcessInfo.processInfo.environment["FM_JSONSCHEMABENCH_DIR"], !explicit.isEmpty {
            return URL(fileURLWithPath: explicit)
        }
        let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return packageRoot.deletingLastPathComponent().appendingPathComponent("shared/data/jsonschemabench-dev")
    }()
}
