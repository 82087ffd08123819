import JSONValues

/// A `POST /v1/chat/completions` request, checked field by field (see ``init(json:)``).
struct ChatRequest: Sendable {
    /// One message of the conversation.
    struct Message: Sendable, Equatable {
        /// Who wrote it.
        enum Role: String, Sendable {
            case system, developer, user, assistant, tool
        }

        var role: Role
        /// The text (text parts joined); empty for an assistant turn that only calls tools.
        var text: String
        /// Whether the message held image parts.
        var hasImages = false
        /// The calls of an assistant message.
        var toolCalls: [ToolCall] = []
        /// The call a tool message answers.
        var toolCallID: String?
    }

    /// A call of a function, as an assistant message carries it.
    struct ToolCall: Sendable, Equatable {
        var id: String
        var name: String
        /// The arguments, as JSON text.
        var arguments: String
    }

    /// A function the model may call.
    struct Function: Sendable, Equatable {
        var name: String
        var description: String
        /// Its parameters' JSON Schema.
        var parameters: JSONValue
    }

    /// What `tool_choice` asks for.
    enum ToolChoice: Sendable, Equatable {
        case auto, none, required
        case function(String)
    }

    /// What `response_format` asks for.
    enum ResponseFormat: Sendable, Equatable {
        case text
        case jsonObject
        case jsonSchema(name: String, schema: JSONValue)
    }

    var model: String?
    var messages: [Message]
    var stream = false
    var includeUsage = false
    var temperature: Double?
    var topP: Double?
    var topK: Int?
    var seed: UInt64?
    var maximumTokens: Int?
    var stop: [String] = []
    var tools: [Function] = []
    var toolChoice = ToolChoice.auto
    var responseFormat = ResponseFormat.text
}
