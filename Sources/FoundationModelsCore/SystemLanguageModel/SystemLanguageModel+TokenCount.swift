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
        let base = TokenCounter.instructions("x")
        let prompt = Transcript.Entry.prompt(.init(segments: [.text(.init(content: Prompt(prompt).transcriptSegments.joinedText))]))
        return try counter.count(Transcript(entries: base + [prompt])) - counter.count(Transcript(entries: base))
    }

    /// The number of tokens instructions take (the system message that starts a session).
    ///
    /// - Parameter instructions: The instructions.
    /// - Returns: The token count.
    /// - Throws: ``LanguageModelSession/GenerationError/assetsUnavailable(_:)`` when the model file is missing.
    public func tokenCount(for instructions: Instructions) async throws -> Int {
        let counter = try TokenCounter(settings: settings)
        return try counter.count(Transcript(entries: TokenCounter.instructions(instructions.transcriptSegments.joinedText)))
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
        let with = Transcript(entries: TokenCounter.instructions("x", tools: definitions))
        let without = Transcript(entries: TokenCounter.instructions("x"))
        return try counter.count(with, toolsWithoutSchema: hidden) - counter.count(without, toolsWithoutSchema: hidden)
    }

    /// The number of tokens a response schema takes when it is included in the prompt.
    ///
    /// - Parameter schema: The schema.
    /// - Returns: The token count.
    /// - Throws: ``LanguageModelSession/GenerationError/assetsUnavailable(_:)`` when the model file is missing.
    public func tokenCount(for schema: GenerationSchema) async throws -> Int {
        let counter = try TokenCounter(settings: settings)
        return try counter.countFragment(SchemaPromptRendering.instruction(for: schema))
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

/// Counts tokens with a model's tokenizer and chat template, loading only its vocabulary, through
/// the same ``PromptRenderer`` that renders requests. Counts are of content: the start-of-sequence
/// token a whole prompt begins with is not counted.
struct TokenCounter {
    let model: LlamaModel

    init(settings: LocalModelSettings) throws {
        do {
            model = try LlamaModelStore.shared.vocabularyModel(at: settings.modelPath)
        } catch {
            throw GenerationErrorMapping.map(error)
        }
    }

    /// An instructions entry, the way a session's transcript starts.
    static func instructions(_ text: String, tools: [Transcript.ToolDefinition] = []) -> [Transcript.Entry] {
        [.instructions(.init(segments: [.text(.init(content: text))], toolDefinitions: tools))]
    }

    /// The tokens of a transcript as the session renders it (tools included), closed after its
    /// last entry.
    func count(_ transcript: Transcript, toolsWithoutSchema: Set<String> = []) throws -> Int {
        let renderer = try PromptRenderer(model: model, toolsWithoutSchema: toolsWithoutSchema)
        return try renderer.tokens(of: renderer.text(of: transcript, ending: .closed), as: .fragment).count
    }

    /// The tokens of a piece of a prompt.
    func countFragment(_ text: String) throws -> Int {
        try PromptRenderer(model: model).tokens(of: text, as: .fragment).count
    }
}
