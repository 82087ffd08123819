/// Facts about a chat template found by rendering probe conversations and comparing the results.
///
/// Each probe renders the template a few times, so call these once per model and keep the answers.
extension ChatTemplate {
    /// The text `add_generation_prompt` appends: the opening of an assistant turn.
    ///
    /// For ChatML templates this is `"<|im_start|>assistant\n"`, for Llama 3
    /// `"<|start_header_id|>assistant<|end_header_id|>\n\n"`, for Gemma `"<start_of_turn>model\n"`.
    ///
    /// - Parameter extraContext: Variables to render with, such as `["enable_thinking": false]`.
    /// - Returns: The text, or nil when the template adds nothing or rejects the probe conversation.
    public func generationPrompt(extraContext: [String: TemplateValue] = [:]) -> String? {
        let messages = [ChatMessage.user(Probe.userText)]
        guard
            let (prompted, plain) = renderPair(
                (messages, true), (messages, false), extraContext: extraContext)
        else { return nil }
        // Cut back to a token boundary: Phi-3 ends an unprompted render with `<|endoftext|>`,
        // which shares `<|` with the prompt `<|assistant|>`.
        let shared = Probe.trimmingPartialToken(Probe.text(prompted, upTo: Probe.commonPrefixLength(prompted, plain)))
        let suffix = Probe.text(prompted, after: shared.utf8.count)
        return suffix.isEmpty ? nil : suffix
    }

    /// The text that closes an assistant message, such as `"<|im_end|>\n"`, `"<|eot_id|>"` or `"</s>"`.
    ///
    /// Found by rendering `[user, assistant]` and `[user, assistant, user]` and keeping what both put
    /// after the assistant's text, cut back so it does not end inside a special token.
    ///
    /// - Parameter extraContext: Variables to render with.
    /// - Returns: The text, or nil when the template does not render the probe assistant message.
    public func assistantMessageSuffix(extraContext: [String: TemplateValue] = [:]) -> String? {
        let user = ChatMessage.user(Probe.userText)
        let assistant = ChatMessage.assistant(Probe.assistantText)
        guard
            let (ended, continued) = renderPair(
                ([user, assistant], false), ([user, assistant, .user(Probe.secondUserText)], false),
                extraContext: extraContext),
            let endOfReply = Probe.offset(after: Probe.assistantText, in: ended),
            let continuedReply = Probe.offset(after: Probe.assistantText, in: continued),
            let nextUser = Probe.offset(of: Probe.secondUserText, in: continued)
        else { return nil }
        let afterEnded = Probe.text(ended, after: endOfReply)
        let between = Probe.text(continued, from: continuedReply, to: nextUser)
        let shared = Probe.text(afterEnded, upTo: Probe.commonPrefixLength(afterEnded, between))
        let suffix = Probe.trimmingPartialToken(shared)
        return suffix.isEmpty ? nil : suffix
    }

    /// Renders two probe conversations, without tools (`tools = None`) or, if the template rejects
    /// that (Hermes tool-use templates iterate `tools` unconditionally), with an empty list.
    private func renderPair(
        _ first: ([ChatMessage], Bool), _ second: ([ChatMessage], Bool), extraContext: [String: TemplateValue]
    ) -> (String, String)? {
        for tools in [nil, []] as [[TemplateValue]?] {
            if let a = try? render(messages: first.0, tools: tools, addGenerationPrompt: first.1, extraContext: extraContext),
                let b = try? render(messages: second.0, tools: tools, addGenerationPrompt: second.1, extraContext: extraContext)
            {
                return (a, b)
            }
        }
        return nil
    }

    /// How the template writes an assistant tool call, found by rendering a probe call.
    ///
    /// - Parameter extraContext: Variables to render with.
    /// - Returns: The format, or nil when the template does not render tool calls as JSON text.
    public func toolCallFormat(extraContext: [String: TemplateValue] = [:]) -> ToolCallFormat? {
        let tool: TemplateValue = [
            "type": "function",
            "function": [
                "name": .string(Probe.toolName), "description": "A probe tool.",
                "parameters": [
                    "type": "object", "properties": [Probe.argumentName: ["type": "string"]],
                    "required": [.string(Probe.argumentName)]
                ]
            ]
        ]
        let call = ChatMessage.ToolCall(
            id: Probe.callID, name: Probe.toolName, arguments: [Probe.argumentName: .string(Probe.argumentValue)])
        let user = ChatMessage.user(Probe.userText)
        guard
            let prompt = try? render(messages: [user], tools: [tool], addGenerationPrompt: true, extraContext: extraContext)
        else { return nil }
        var rendered: String?
        for content in ["", nil] as [String?] {
            let assistant = ChatMessage(role: .assistant, content: content, toolCalls: [call])
            if let text = try? render(messages: [user, assistant], tools: [tool], addGenerationPrompt: false, extraContext: extraContext) {
                rendered = text
                break
            }
        }
        guard let rendered, rendered.utf8.starts(with: prompt.utf8) else { return nil }
        var segment = Probe.text(rendered, after: prompt.utf8.count)
        if let end = assistantMessageSuffix(extraContext: extraContext), let cut = Probe.offset(of: end, in: segment) {
            segment = Probe.text(segment, upTo: cut)
        }
        return ToolCallFormat(segment: segment)
    }
}
