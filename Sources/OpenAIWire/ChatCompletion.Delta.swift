extension ChatCompletion {
    /// What one streamed chunk adds to the answer: the role (first), text, reasoning, or pieces
    /// of tool calls. Encoded in declaration order, leaving out `nil`.
    package struct Delta: Codable, Sendable, Equatable {
        /// `assistant`, in the first chunk.
        package var role: String?
        /// Text to append.
        package var content: String?
        /// Reasoning to append, as llama-server and vLLM stream it for reasoning models.
        package var reasoningContent: String?
        /// Pieces of tool calls; pieces with the same index belong to the same call.
        package var toolCalls: [ChatToolCall]?

        /// Creates a delta.
        package init(role: String? = nil, content: String? = nil, reasoningContent: String? = nil, toolCalls: [ChatToolCall]? = nil) {
            self.role = role
            self.content = content
            self.reasoningContent = reasoningContent
            self.toolCalls = toolCalls
        }

        /// The delta that would build a whole message: its text, reasoning and calls.
        package init(_ message: ChatMessage) {
            self.init(
                role: message.role.rawValue, content: message.content.map { _ in message.text }, reasoningContent: message.reasoningContent,
                toolCalls: message.toolCalls.isEmpty ? nil : message.toolCalls)
        }

        enum CodingKeys: String, CodingKey {
            case role, content
            case reasoningContent = "reasoning_content"
            case toolCalls = "tool_calls"
        }
    }
}
