public import Foundation

/// A model's chat template (GGUF `tokenizer.chat_template`), rendered as `apply_chat_template` does.
///
/// Parse it once per model and render per request. The context matches transformers'
/// `render_jinja_template`: `messages`, `tools` (`None` when there are none), `documents` (`None`),
/// `add_generation_prompt`, `bos_token`, `eos_token`, then ``render(messages:tools:addGenerationPrompt:extraContext:now:)``'s
/// `extraContext`, which may override any of them.
///
/// ```swift
/// let template = try ChatTemplate(source: ggufTemplate, bosToken: "<|im_start|>", eosToken: "<|im_end|>")
/// let tool = try TemplateValue(jsonText: #"{"type": "function", "function": {"name": "get_weather"}}"#)
/// let prompt = try template.render(messages: [.user("Weather in Paris?")], tools: [tool])
/// ```
public struct ChatTemplate: Sendable {
    /// The template source as given.
    public let source: String
    /// The text of the model's beginning-of-sequence token, given to the template as `bos_token`.
    public let bosToken: String
    /// The text of the model's end-of-sequence token, given to the template as `eos_token`.
    public let eosToken: String
    /// The parsed template, for rendering with a context of your own.
    public let template: JinjaTemplate

    /// Parses a chat template.
    ///
    /// - Parameters:
    ///   - source: The Jinja2 template text.
    ///   - bosToken: The text of the beginning-of-sequence token (`bos_token`).
    ///   - eosToken: The text of the end-of-sequence token (`eos_token`).
    /// - Throws: ``TemplateError/syntax(message:location:)`` when the template does not parse.
    public init(source: String, bosToken: String = "", eosToken: String = "") throws(TemplateError) {
        self.source = source
        self.bosToken = bosToken
        self.eosToken = eosToken
        self.template = try JinjaTemplate(source, options: .transformers)
    }

    /// Whether the template reads `tools`, so tool definitions given to it reach the prompt.
    public var supportsTools: Bool { template.references(variable: "tools") }

    /// Renders a conversation into the prompt text.
    ///
    /// - Parameters:
    ///   - messages: The conversation, oldest first.
    ///   - tools: Tool definitions (usually `{"type": "function", "function": {…}}` objects built with
    ///     ``TemplateValue/init(jsonText:)``); nil renders as `tools = None`, as in transformers.
    ///   - addGenerationPrompt: Whether to open an assistant turn at the end.
    ///   - extraContext: More variables, such as `enable_thinking` or `date_string`; they override the others.
    ///   - now: The time `strftime_now` reports.
    /// - Returns: The prompt text, special tokens included as text.
    /// - Throws: ``TemplateError/raised(message:location:)`` when the template rejects the conversation
    ///   (for example roles that do not alternate), ``TemplateError/runtime(message:location:)`` otherwise.
    public func render(
        messages: [ChatMessage], tools: [TemplateValue]? = nil, addGenerationPrompt: Bool = true,
        extraContext: [String: TemplateValue] = [:], now: Date = Date()
    ) throws(TemplateError) -> String {
        try render(
            messageValues: messages.map(\.templateValue), tools: tools, addGenerationPrompt: addGenerationPrompt,
            extraContext: extraContext, now: now)
    }

    /// Renders messages given as template values, for message shapes ``ChatMessage`` does not cover
    /// (such as multimodal content lists).
    ///
    /// - Parameters:
    ///   - messageValues: The messages, each normally a dictionary with `role` and `content`.
    ///   - tools: Tool definitions, or nil for `tools = None`.
    ///   - addGenerationPrompt: Whether to open an assistant turn at the end.
    ///   - extraContext: More variables; they override the others.
    ///   - now: The time `strftime_now` reports.
    /// - Returns: The prompt text.
    /// - Throws: As ``render(messages:tools:addGenerationPrompt:extraContext:now:)``.
    public func render(
        messageValues: [TemplateValue], tools: [TemplateValue]?, addGenerationPrompt: Bool,
        extraContext: [String: TemplateValue] = [:], now: Date = Date()
    ) throws(TemplateError) -> String {
        var context: [String: TemplateValue] = [
            "messages": .array(messageValues),
            "tools": tools.map { .array($0) } ?? .none,
            "documents": .none,
            "add_generation_prompt": .bool(addGenerationPrompt),
            "bos_token": .string(bosToken),
            "eos_token": .string(eosToken)
        ]
        for (key, value) in extraContext { context[key] = value }
        return try template.render(context, now: now)
    }
}
