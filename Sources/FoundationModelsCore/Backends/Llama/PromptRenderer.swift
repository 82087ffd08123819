import ChatTemplates
import LlamaBackend

/// The one recipe from a transcript to a local model's prompt: the transcript becomes chat
/// messages (``TranscriptRenderer``), the model's own chat template turns them into text
/// (``ChatFormatter``), and the model's tokenizer turns that into tokens. Responding, prewarming
/// and counting tokens all go through it, so what is counted or cached is what is generated from.
struct PromptRenderer {
    /// Where the rendered text stops.
    enum Ending {
        /// With the assistant's turn opened: the prompt of a request.
        case assistantTurn
        /// After the last entry, closed: a transcript as the cache holds it between requests.
        case closed
        /// Inside the last message, where its content ends: a prompt prefix that the next request
        /// continues (``LanguageModelSession/prewarm(promptPrefix:)``).
        case continuingLastMessage
    }

    /// What a text is, for the tokenizer.
    enum TextKind {
        /// A whole prompt: the tokenizer adds the model's start-of-sequence token, if it has one.
        case prompt
        /// A piece of a prompt (for counting what it adds): no start-of-sequence token.
        case fragment
    }

    let formatter: ChatFormatter
    let vocabulary: Vocabulary
    /// Whether response schemas are described in the prompts (``TranscriptRenderer``).
    var includeSchemaInPrompt = true
    /// Tools whose argument schema stays out of the instructions.
    var toolsWithoutSchema: Set<String> = []
    /// Variables for the chat template, such as `enable_thinking`.
    var templateVariables: [String: TemplateValue] = [:]
    /// Whether the request's answered tool calls are folded into its prompt
    /// (``TranscriptRenderer/foldsAnsweredToolCalls``).
    var foldsAnsweredToolCalls = false

    /// The renderer of a model (its template is parsed once per model file).
    init(model: LlamaModel, includeSchemaInPrompt: Bool = true, toolsWithoutSchema: Set<String> = []) throws {
        formatter = try ChatFormatter(model: model)
        vocabulary = model.vocabulary
        self.includeSchemaInPrompt = includeSchemaInPrompt
        self.toolsWithoutSchema = toolsWithoutSchema
    }

    /// The renderer for a request: its schema and tool options.
    init(model: LlamaModel, request: LanguageModelExecutorGenerationRequest) throws {
        try self.init(
            model: model,
            includeSchemaInPrompt: request.contextOptions.includeSchemaInPrompt ?? true,
            toolsWithoutSchema: request.toolsWithoutSchema)
        foldsAnsweredToolCalls = request.foldsToolOutputs
        if let thinking = Self.thinking(for: request, formatter: formatter) {
            templateVariables["enable_thinking"] = .bool(thinking)
        }
    }

    /// The `enable_thinking` value for a request, for templates that switch thinking; nil leaves
    /// the template's default.
    ///
    /// Guided requests do not think: their output must be the schema's JSON from the first token,
    /// and never disappear into a thinking block. A reasoning level turns thinking on, except the
    /// custom levels `off` and `none`, which turn it off.
    static func thinking(for request: LanguageModelExecutorGenerationRequest, formatter: ChatFormatter) -> Bool? {
        guard formatter.switchesThinking else { return nil }
        if request.schema != nil { return false }
        switch request.contextOptions.reasoningLevel {
        case nil: return nil
        case .custom(let name)? where ["off", "none"].contains(name.lowercased()): return false
        case _?: return true
        }
    }

    /// The prompt text of a transcript, as the model's chat template renders it.
    func text(of transcript: Transcript, ending: Ending) throws -> String {
        let native = formatter.template.supportsTools
        let renderer = TranscriptRenderer(
            includeSchemaInPrompt: includeSchemaInPrompt,
            templateSupportsTools: native, toolsWithoutSchema: toolsWithoutSchema, foldsAnsweredToolCalls: foldsAnsweredToolCalls)
        let messages = renderer.messages(of: transcript)
        let tools = native && !foldsAnsweredToolCalls ? transcript.toolDefinitions : []
        switch ending {
        case .assistantTurn:
            return try formatter.format(
                messages, tools: tools, addGenerationPrompt: true, toolsWithoutSchema: toolsWithoutSchema, variables: templateVariables)
        case .closed:
            return try formatter.format(
                messages, tools: tools, addGenerationPrompt: false, toolsWithoutSchema: toolsWithoutSchema, variables: templateVariables)
        case .continuingLastMessage:
            return try formatter.formatContinuing(messages, tools: tools, toolsWithoutSchema: toolsWithoutSchema, variables: templateVariables)
        }
    }

    /// How many leading tokens of a prompt (`tokens`, rendered as `text` from `transcript`) are
    /// its stable prefix: what the entries before the first prompt (the instructions, with the
    /// tool definitions) render to, which every request of a session starts with, and so do
    /// later processes that run the same job. Nil when the transcript opens with a prompt, or
    /// when the prefix does not end on a token boundary of the prompt.
    func stablePrefixLength(of transcript: Transcript, text: String, tokens: [TokenID]) -> Int? {
        let opening = Array(transcript.prefix { if case .prompt = $0 { false } else { true } })
        guard !opening.isEmpty, let prefixText = try? self.text(of: Transcript(entries: opening), ending: .closed), !prefixText.isEmpty,
            text.hasPrefix(prefixText), let prefix = try? self.tokens(of: prefixText, as: .prompt),
            prefix.count <= tokens.count, tokens.starts(with: prefix)
        else { return nil }
        return prefix.count
    }

    /// The prompt tokens of a transcript.
    ///
    /// - Throws: ``LanguageModelSession/GenerationError`` when the template or the tokenizer fails.
    func tokens(of transcript: Transcript, ending: Ending) throws -> [TokenID] {
        try tokens(of: text(of: transcript, ending: ending), as: .prompt)
    }

    /// The tokens of a text (special tokens such as `<|im_start|>` are read as such).
    ///
    /// - Throws: ``LanguageModelSession/GenerationError`` when the tokenizer fails.
    func tokens(of text: String, as kind: TextKind) throws -> [TokenID] {
        do {
            return try vocabulary.tokenize(text, addSpecial: kind == .prompt, parseSpecial: true)
        } catch {
            throw GenerationErrorMapping.map(error)
        }
    }
}
