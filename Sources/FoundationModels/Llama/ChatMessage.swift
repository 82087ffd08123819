/// One message of a chat, as chat templates take it.
struct ChatMessage: Sendable, Equatable {
    /// `system`, `user`, `assistant` or `tool`.
    var role: String
    /// The message's text.
    var content: String
    /// Tool calls an assistant message makes: name and arguments JSON.
    var toolCalls: [(id: String, name: String, argumentsJSON: String)] = []
    /// For a `tool` message, the call it answers.
    var toolCallID: String?
    /// For a `tool` message, the tool's name.
    var name: String?

    static func == (lhs: ChatMessage, rhs: ChatMessage) -> Bool {
        lhs.role == rhs.role && lhs.content == rhs.content && lhs.toolCallID == rhs.toolCallID && lhs.name == rhs.name
            && lhs.toolCalls.map(\.id) == rhs.toolCalls.map(\.id)
            && lhs.toolCalls.map(\.name) == rhs.toolCalls.map(\.name)
            && lhs.toolCalls.map(\.argumentsJSON) == rhs.toolCalls.map(\.argumentsJSON)
    }
}
