/// One message of a conversation, as a chat template sees it.
///
/// The template receives a dictionary shaped like transformers' (and OpenAI's) messages:
/// `role`, `content`, and when present `name`, `tool_calls`, `tool_call_id`, then ``extraFields``.
/// Fields that are `nil` are left out, as transformers drops `None` values, so templates see them as
/// undefined.
///
/// ```swift
/// let call = ChatMessage.ToolCall(id: "call_1", name: "get_weather", arguments: ["city": "Paris"])
/// let messages: [ChatMessage] = [
///     .system("You are terse."),
///     .user("Weather in Paris?"),
///     .assistant(nil, toolCalls: [call]),
///     .tool(#"{"temperature": 21}"#, toolCallID: "call_1", name: "get_weather"),
/// ]
/// ```
public struct ChatMessage: Sendable, Equatable {
    /// Who wrote a message. A struct rather than an enum because templates accept any role name.
    public struct Role: RawRepresentable, Sendable, Hashable, ExpressibleByStringLiteral {
        /// The role as templates see it, such as `"user"`.
        public var rawValue: String

        /// Creates a role from its name.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// Creates a role from a string literal.
        public init(stringLiteral value: String) { self.rawValue = value }

        /// Instructions for the model (`"system"`).
        public static let system = Role(rawValue: "system")
        /// The person talking to the model (`"user"`).
        public static let user = Role(rawValue: "user")
        /// The model (`"assistant"`).
        public static let assistant = Role(rawValue: "assistant")
        /// A tool's answer to a tool call (`"tool"`).
        public static let tool = Role(rawValue: "tool")
    }

    /// A tool call made by the assistant: `{"id": …, "type": "function", "function": {"name": …, "arguments": …}}`.
    public struct ToolCall: Sendable, Equatable {
        /// The call's identifier, which the tool's reply names in `tool_call_id`; omitted when nil.
        public var id: String?
        /// The tool's name.
        public var name: String
        /// The arguments, normally a dictionary (templates write it with `tojson`).
        public var arguments: TemplateValue

        /// Creates a tool call.
        public init(id: String? = nil, name: String, arguments: TemplateValue) {
            self.id = id
            self.name = name
            self.arguments = arguments
        }

        /// The call as the template sees it.
        public var templateValue: TemplateValue {
            var function = TemplateDictionary()
            function["name"] = .string(name)
            function["arguments"] = arguments
            var call = TemplateDictionary()
            if let id { call["id"] = .string(id) }
            call["type"] = "function"
            call["function"] = .object(function)
            return .object(call)
        }
    }

    /// Who wrote the message.
    public var role: Role
    /// The text; nil leaves `content` undefined (an assistant turn that only calls tools).
    public var content: String?
    /// The tool calls of an assistant message; an empty list leaves `tool_calls` undefined.
    public var toolCalls: [ToolCall]
    /// For a tool message, the identifier of the call it answers.
    public var toolCallID: String?
    /// An optional author name; for tool messages, usually the tool's name.
    public var name: String?
    /// More fields for templates that read them, such as `reasoning_content`; added after the others.
    public var extraFields: TemplateDictionary

    /// Creates a message.
    public init(
        role: Role, content: String?, toolCalls: [ToolCall] = [], toolCallID: String? = nil, name: String? = nil,
        extraFields: TemplateDictionary = [:]
    ) {
        self.role = role
        self.content = content
        self.toolCalls = toolCalls
        self.toolCallID = toolCallID
        self.name = name
        self.extraFields = extraFields
    }

    /// A system message.
    public static func system(_ content: String) -> ChatMessage { ChatMessage(role: .system, content: content) }

    /// A user message.
    public static func user(_ content: String) -> ChatMessage { ChatMessage(role: .user, content: content) }

    /// An assistant message, optionally with tool calls.
    public static func assistant(_ content: String?, toolCalls: [ToolCall] = []) -> ChatMessage {
        ChatMessage(role: .assistant, content: content, toolCalls: toolCalls)
    }

    /// A tool's result for the call `toolCallID`.
    public static func tool(_ content: String, toolCallID: String? = nil, name: String? = nil) -> ChatMessage {
        ChatMessage(role: .tool, content: content, toolCallID: toolCallID, name: name)
    }

    /// The message as the template sees it.
    public var templateValue: TemplateValue {
        var message = TemplateDictionary()
        message["role"] = .string(role.rawValue)
        if let content { message["content"] = .string(content) }
        if let name { message["name"] = .string(name) }
        if !toolCalls.isEmpty { message["tool_calls"] = .array(toolCalls.map(\.templateValue)) }
        if let toolCallID { message["tool_call_id"] = .string(toolCallID) }
        for (key, value) in zip(extraFields.storedKeys, extraFields.values) where !value.isNone {
            message[key] = value
        }
        return .object(message)
    }
}
