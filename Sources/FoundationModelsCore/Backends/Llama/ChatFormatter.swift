import ChatTemplates
import LlamaBackend
import Synchronization
import JSONValues

/// Formats chat messages into a model's prompt text with the model's own Jinja chat template,
/// exactly as `transformers.apply_chat_template` would.
struct ChatFormatter: Sendable {
    let template: ChatTemplate

    /// The formatter of a model (its template is parsed once per model file and kept).
    init(model: LlamaModel) throws {
        template = try Self.template(for: model)
    }

    /// A formatter with a given template.
    init(template: ChatTemplate) {
        self.template = template
    }

    /// The prompt text for the messages, ending with the assistant's turn when `addGenerationPrompt`.
    func format(
        _ messages: [ChatMessage], tools: [Transcript.ToolDefinition], addGenerationPrompt: Bool, toolsWithoutSchema: Set<String> = [],
        variables: [String: TemplateValue] = [:]
    ) throws -> String {
        let toolValues = try tools.isEmpty ? nil : tools.map { try Self.templateValue(of: $0, includingSchema: !toolsWithoutSchema.contains($0.name)) }
        do {
            return try template.render(messages: messages, tools: toolValues, addGenerationPrompt: addGenerationPrompt, extraContext: variables)
        } catch {
            throw LanguageModelSession.GenerationError.assetsUnavailable(
                .init(
                    debugDescription: "The model's chat template failed: \(error)"))
        }
    }

    /// The prompt text up to the end of the last message's content, which the next request
    /// continues (for prewarming a prompt prefix).
    func formatContinuing(
        _ messages: [ChatMessage], tools: [Transcript.ToolDefinition], toolsWithoutSchema: Set<String> = [],
        variables: [String: TemplateValue] = [:]
    ) throws -> String {
        let toolValues = try tools.isEmpty ? nil : tools.map { try Self.templateValue(of: $0, includingSchema: !toolsWithoutSchema.contains($0.name)) }
        do {
            return try template.renderContinuingFinalMessage(messages: messages, tools: toolValues, extraContext: variables)
        } catch {
            throw LanguageModelSession.GenerationError.assetsUnavailable(
                .init(
                    debugDescription: "The model's chat template failed: \(error)"))
        }
    }

    /// Whether the template writes thinking blocks (`<think>…</think>`): the model reasons
    /// before it answers.
    var thinks: Bool { Self.thinks(templateSource: template.source) }

    /// Whether the template turns thinking on and off with the `enable_thinking` variable.
    var switchesThinking: Bool { template.source.contains("enable_thinking") }

    /// Whether a chat template writes thinking blocks.
    static func thinks(templateSource: String) -> Bool {
        templateSource.contains("<think>")
    }

    /// A tool definition as chat templates expect it (OpenAI's function shape).
    static func templateValue(of tool: Transcript.ToolDefinition, includingSchema: Bool = true) throws -> TemplateValue {
        var function: [JSONMember] = [.init("name", .string(tool.name)), .init("description", .string(tool.description))]
        if includingSchema { function.append(.init("parameters", tool.parameters.jsonSchemaValue())) }
        let definition = JSONValue.object([.init("type", .string("function")), .init("function", .object(function))])
        do {
            return try TemplateValue(jsonText: definition.jsonText())
        } catch {
            throw LanguageModelSession.GenerationError.decodingFailure(.init(debugDescription: "The definition of \(tool.name) is not valid JSON: \(error)"))
        }
    }

    /// Parsed templates by model file, with the file's identity when parsed: a replaced file's
    /// template is parsed afresh.
    private static let cache = Mutex<[String: (file: FileIdentity?, template: ChatTemplate)]>([:])

    /// ChatML, for models whose file carries no template.
    static let chatMLSource = """
        {% for message in messages %}{{ '<|im_start|>' + message['role'] + '\n' + message['content'] + '<|im_end|>' + '\n' }}{% endfor %}{% if add_generation_prompt %}{{ '<|im_start|>assistant\n' }}{% endif %}
        """

    private static func template(for model: LlamaModel) throws -> ChatTemplate {
        let file = FileIdentity(path: model.path)
        if let cached = cache.withLock({ $0[model.path] }), cached.file == file { return cached.template }
        let vocabulary = model.vocabulary
        let bos = vocabulary.beginningOfSequence.map { String(decoding: vocabulary.piece(for: $0, special: true), as: UTF8.self) } ?? ""
        let eos = vocabulary.endOfSequence.map { String(decoding: vocabulary.piece(for: $0, special: true), as: UTF8.self) } ?? ""
        let template: ChatTemplate
        do {
            template = try ChatTemplate(source: model.chatTemplate ?? chatMLSource, bosToken: bos, eosToken: eos)
        } catch {
            throw LanguageModelSession.GenerationError.assetsUnavailable(
                .init(
                    debugDescription: "The chat template of \(model.path) cannot be parsed: \(error)"))
        }
        cache.withLock { $0[model.path] = (file, template) }
        return template
    }
}
