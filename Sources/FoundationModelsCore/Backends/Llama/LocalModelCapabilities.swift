import LlamaBackend
import Synchronization

/// What a local model can do: guided generation and tool calling always, and reasoning when its
/// chat template writes thinking blocks (read from the GGUF header once per file).
enum LocalModelCapabilities {
    private static let thinkingByPath = Mutex<[String: Bool]>([:])

    /// The capabilities of the model file at `path`.
    static func of(modelPath path: String) -> LanguageModelCapabilities {
        var capabilities: [LanguageModelCapabilities.Capability] = [.guidedGeneration, .toolCalling]
        if thinks(modelPath: path) { capabilities.append(.reasoning) }
        return LanguageModelCapabilities(capabilities)
    }

    /// Whether the model's chat template writes thinking blocks; false for a file that cannot be
    /// read (using the model then fails with its own clear error).
    static func thinks(modelPath path: String) -> Bool {
        if let known = thinkingByPath.withLock({ $0[path] }) { return known }
        let template = (try? GGUFMetadata(contentsOfFile: path))?["tokenizer.chat_template"]
        let thinks = template.map(ChatFormatter.thinks(templateSource:)) ?? false
        thinkingByPath.withLock { $0[path] = thinks }
        return thinks
    }
}
