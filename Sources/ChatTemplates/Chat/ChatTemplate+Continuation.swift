public import Foundation

extension ChatTemplate {
    /// The marker transformers appends to the final message to find where its content ends.
    private static let continuationTag = "CONTINUE_FINAL_MESSAGE_TAG "

    /// Renders a conversation whose last message the model should continue (a prefill), as
    /// `apply_chat_template(..., continue_final_message=True)` does.
    ///
    /// The prompt ends right after the final message's content, without the template's end-of-turn
    /// text, so generation continues that message (for example an assistant reply started as `{`).
    ///
    /// ```swift
    /// let prompt = try template.renderContinuingFinalMessage(
    ///     messages: [.user("Give me JSON."), .assistant("{\"name\": ")])
    /// ```
    ///
    /// - Parameters:
    ///   - messages: The conversation; the last message must have content.
    ///   - tools: Tool definitions, or nil for `tools = None`.
    ///   - extraContext: More variables; they override the others.
    ///   - now: The time `strftime_now` reports.
    /// - Returns: The prompt, ending where the final message's content ends (trailing whitespace
    ///   removed when the template trims it).
    /// - Throws: ``TemplateError/runtime(message:location:)`` when there is no final content or the
    ///   template does not render it; rendering errors as ``render(messages:tools:addGenerationPrompt:extraContext:now:)``.
    public func renderContinuingFinalMessage(
        messages: [ChatMessage], tools: [TemplateValue]? = nil, extraContext: [String: TemplateValue] = [:],
        now: Date = Date()
    ) throws(TemplateError) -> String {
        let start = TemplateLocation(line: 1, column: 1)
        guard var final = messages.last, let content = final.content else {
            throw .runtime(message: "continuing the final message needs a final message with content", location: start)
        }
        final.content = content + Self.continuationTag
        var tagged = messages
        tagged[tagged.count - 1] = final
        let rendered = try render(messages: tagged, tools: tools, addGenerationPrompt: false, extraContext: extraContext, now: now)
        let marker = PythonText.strip(Self.continuationTag)
        let strippedContent = PythonText.strip(content)
        guard strippedContent.isEmpty || Probe.offset(of: strippedContent, in: rendered) != nil,
            let markerStart = Probe.offset(after: marker, in: rendered).map({ $0 - marker.utf8.count })
        else {
            throw .runtime(
                message: "the final message does not appear in the rendered prompt, so it cannot be continued",
                location: start)
        }
        let prefix = Probe.text(rendered, upTo: markerStart)
        if Probe.text(rendered, after: markerStart).utf8.starts(with: Self.continuationTag.utf8) { return prefix }
        // The template trimmed the content (and the tag's space), so trim the prompt the same way.
        return PythonText.strip(prefix, leading: false)
    }
}
