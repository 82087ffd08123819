import JSONValues

/// One message of a conversation, as the `messages` of a request and the `message` of a whole
/// response carry it.
///
/// Encoded in the order servers and their tests expect: `role`, `tool_call_id`, `content` (an
/// explicit `null` when there is none, as OpenAI writes an assistant turn that only calls tools),
/// `tool_calls`, `reasoning_content`. Decoded by the strict reader (``init(json:path:)``).
package struct ChatMessage: Codable, Sendable, Equatable {
    /// Who wrote a message.
    package enum Role: String, Codable, Sendable {
        case system, developer, user, assistant, tool
    }

    /// Who wrote it.
    package var role: Role
    /// The text or content parts; `nil` for an assistant turn that only calls tools.
    package var content: Content?
    /// The calls of an assistant message.
    package var toolCalls: [ChatToolCall]
    /// The call a tool message answers.
    package var toolCallID: String?
    /// The model's reasoning (llama-server and vLLM return it beside the content).
    package var reasoningContent: String?

    /// Creates a message.
    package init(
        role: Role, content: Content?, toolCalls: [ChatToolCall] = [], toolCallID: String? = nil, reasoningContent: String? = nil
    ) {
        self.role = role
        self.content = content
        self.toolCalls = toolCalls
        self.toolCallID = toolCallID
        self.reasoningContent = reasoningContent
    }

    /// A message whose content is one string.
    package init(role: Role, text: String) {
        self.init(role: role, content: .text(text))
    }

    /// The text: the string content, or the text parts joined by newlines; empty without content.
    package var text: String {
        switch content {
        case nil: ""
        case .text(let text)?: text
        case .parts(let parts)?: parts.compactMap(\.text).joined(separator: "\n")
        }
    }

    /// Whether the content holds image parts.
    package var hasImages: Bool {
        guard case .parts(let parts)? = content else { return false }
        return parts.contains { $0.text == nil }
    }

    enum CodingKeys: String, CodingKey {
        case role, content
        case toolCalls = "tool_calls"
        case toolCallID = "tool_call_id"
        case reasoningContent = "reasoning_content"
    }

    /// Writes the message (see the type's discussion for the order).
    ///
    /// - Throws: The encoder's errors.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(role, forKey: .role)
        try container.encodeIfPresent(toolCallID, forKey: .toolCallID)
        try container.encode(content, forKey: .content)
        if !toolCalls.isEmpty { try container.encode(toolCalls, forKey: .toolCalls) }
        try container.encodeIfPresent(reasoningContent, forKey: .reasoningContent)
    }

    /// Reads a message through the strict reader.
    ///
    /// - Throws: ``WireError`` for a field of the wrong type or value.
    package init(from decoder: any Decoder) throws {
        try self.init(json: JSONValue(from: decoder), path: "message")
    }
}
