import ChatTemplates
import LlamaBackend

extension SystemLanguageModel {
    /// The number of tokens a prompt takes in a session, as the model's tokenizer counts them
    /// (with the chat template's markers around the user message).
    ///
    /// - Parameter prompt: The prompt.
    /// - Returns: The token count.
    /// - Throws: ``LanguageModelSession/GenerationError/assetsUnavailable(_:)`` when the model file is missing.
    public func tokenCount(for prompt: some PromptRepresentable) async throws -> Int {
        let counter = try TokenCounter(settings: settings)
        let base = [ChatMessage(role: .system, content: "x")]
        let user = ChatMessage(role: .user, content: Prompt(prompt).transcriptSegments.joinedText)
        return try counter.count(base + [user]) - counter.count(base)
    }

    /// The number of tokens instructions take (the system message that starts a session).
    ///
    /// - Parameter instructions: The instructions.
    /// - Returns: The token count.
    /// - Throws: ``LanguageModelSession/GenerationError/assetsUnavailable(_:)`` when the model file is missing.
    public func tokenCount(for instructions: Instructions) async throws -> Int {
        let counter = try TokenCounter(settings: settings)
        return try counter.count([ChatMessage(role: .system, content: instructions.transcriptSegments.joinedText)])
    }

    /// The number of tokens the definitions of tools take in the instructions.
    ///
    /// - Parameter tools: The tools.
    /// - Returns: The token count.
    /// - Throws: ``LanguageModelSession/GenerationError/assetsUnavailable(_:)`` when the model file is missing.
    public func tokenCount(for tools: [any Tool]) async throws -> Int {
        let counter = try TokenCounter(settings: settings)
        let base = [ChatMessage(role: .system, content: "x")]
        let definitions = tools.map { Transcript.ToolDefinition(tool: $0) }
        return try counter.count(base, tools: definitions) - counter.count(base)
    }

    /// The number of tokens a response schema takes when it is included in the prompt.
    ///
    /// - Parameter schema: The schema.
    /// - Returns: The token count.
    /// - Throws: ``LanguageModelSession/GenerationError/assetsUnavailable(_:)`` when the model file is missing.
    public func tokenCount(for schema: GenerationSchema) async throws -> Int {
        let counter = try TokenCounter(settings: settings)
        return try counter.countText(SchemaPromptRendering.instruction(for: schema))
    }

    /// The number of tokens transcript entries take, rendered with the model's chat template.
    ///
    /// - Parameter transcriptEntries: The entries.
    /// - Returns: The token count.
    /// - Throws: ``LanguageModelSession/GenerationError/assetsUnavailable(_:)`` when the model file is missing.
    public func tokenCount(for transcriptEntries: some Collection<Transcript.Entry>) async throws -> Int {
        let counter = try TokenCounter(settings: settings)
        let transcript = Transcript(entries: transcriptEntries)
        return try counter.count(TranscriptRenderer().messages(of: transcript), tools: transcript.toolDefinitions)
    }
}

/// Counts tokens with a model's tokenizer and chat template, loading only its vocabulary.
struct TokenCounter {
    let model: LlamaModel

    init(settings: LocalModelSettings) throws {
        do {
            model = try LlamaModelStore.shared.vocabularyModel(at: settings.modelPath)
        } catch {
            throw GenerationErrorMapping.map(error)
        }
    }

    func count(_ messages: [ChatMessage], tools: [Transcript.ToolDefinition] = []) throws -> Int {
        try countText(ChatFormatter(model: model).format(messages, tools: tools, addGenerationPrompt: false))
    }

    func countText(_ text: String) throws -> Int {
        do {
            return try model.vocabulary.tokenize(text, addSpecial: false, parseSpecial: true).count
        } catch {
            throw GenerationErrorMapping.map(error)
        }
    }
}
