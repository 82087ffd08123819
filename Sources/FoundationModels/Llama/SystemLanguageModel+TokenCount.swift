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
        let definitions = tools.map { Transcript.ToolDefinition(tool: $0) }
        let hidden = Set(tools.filter { !$0.includesSchemaInInstructions }.map(\.name))
        func instructions(_ tools: [Transcript.ToolDefinition]) -> Transcript {
            Transcript(entries: [.instructions(.init(segments: [.text(.init(content: "x"))], toolDefinitions: tools))])
        }
        return try counter.count(instructions(definitions), toolsWithoutSchema: hidden) - counter.count(instructions([]))
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
        return try counter.count(Transcript(entries: transcriptEntries))
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

    func count(_ messages: [ChatMessage]) throws -> Int {
        try countText(ChatFormatter(model: model).format(messages, tools: [], addGenerationPrompt: false))
    }

    /// The tokens of a transcript as the session renders it (tools included).
    func count(_ transcript: Transcript, toolsWithoutSchema: Set<String> = []) throws -> Int {
        let formatter = try ChatFormatter(model: model)
        let native = formatter.template.supportsTools
        let renderer = TranscriptRenderer(templateSupportsTools: native, toolsWithoutSchema: toolsWithoutSchema)
        let text = try formatter.format(renderer.messages(of: transcript), tools: native ? transcript.toolDefinitions : [],
                                        addGenerationPrompt: false, toolsWithoutSchema: toolsWithoutSchema)
        return try countText(text)
    }

    func countText(_ text: String) throws -> Int {
        do {
            return try model.vocabulary.tokenize(text, addSpecial: false, parseSpecial: true).count
        } catch {
            throw GenerationErrorMapping.map(error)
        }
    }
}
