import FoundationModelsCore
import JSONValues

/// The JSON bodies of chat completions, in OpenAI's shapes: the whole response, the streamed
/// chunks, and usage.
struct CompletionJSON {
    /// `chatcmpl-…`, shared by every chunk of one completion.
    let id: String
    /// Seconds since 1970.
    let created: Int
    /// The model id the client named.
    let model: String

    /// Token counts of one completion.
    struct Usage {
        var promptTokens: Int
        var cachedTokens: Int
        var completionTokens: Int
    }

    /// The non-streamed response.
    func response(text: String, toolCalls: [Transcript.ToolCall], finishReason: String, usage: Usage) -> JSONValue {
        var message: [JSONMember] = [JSONMember("role", .string("assistant"))]
        if toolCalls.isEmpty {
            message.append(JSONMember("content", .string(text)))
        } else {
            message.append(JSONMember("content", .null))
            message.append(JSONMember("tool_calls", .array(toolCalls.enumerated().map { Self.toolCall($1, index: nil) })))
        }
        return .object(
            head(object: "chat.completion") + [
                JSONMember(
                    "choices",
                    .array([
                        .object([
                            JSONMember("index", .number("0")), JSONMember("message", .object(message)),
                            JSONMember("logprobs", .null), JSONMember("finish_reason", .string(finishReason))
                        ])
                    ])),
                JSONMember("usage", Self.usage(usage))
            ])
    }

    /// A streamed chunk with a delta (`role`, `content` or `tool_calls`) and, last, the finish
    /// reason.
    func chunk(delta: [JSONMember], finishReason: String? = nil) -> JSONValue {
        .object(
            head(object: "chat.completion.chunk") + [
                JSONMember(
                    "choices",
                    .array([
                        .object([
                            JSONMember("index", .number("0")), JSONMember("delta", .object(delta)),
                            JSONMember("logprobs", .null), JSONMember("finish_reason", finishReason.map(JSONValue.string) ?? .null)
                        ])
                    ]))
            ])
    }

    /// The chunk that carries usage (with `stream_options.include_usage`): no choices.
    func usageChunk(_ usage: Usage) -> JSONValue {
        .object(head(object: "chat.completion.chunk") + [JSONMember("choices", .array([])), JSONMember("usage", Self.usage(usage))])
    }

    /// The `tool_calls` delta of a stream.
    static func toolCallsDelta(_ calls: [Transcript.ToolCall]) -> [JSONMember] {
        [JSONMember("tool_calls", .array(calls.enumerated().map { toolCall($1, index: $0) }))]
    }

    private func head(object: String) -> [JSONMember] {
        [
            JSONMember("id", .string(id)), JSONMember("object", .string(object)),
            JSONMember("created", .number(String(created))), JSONMember("model", .string(model)),
            JSONMember("system_fingerprint", .string("fm"))
        ]
    }

    private static func toolCall(_ call: Transcript.ToolCall, index: Int?) -> JSONValue {
        var members: [JSONMember] = []
        if let index { members.append(JSONMember("index", .number(String(index)))) }
        members += [
            JSONMember("id", .string(call.id)), JSONMember("type", .string("function")),
            JSONMember("function", .object([JSONMember("name", .string(call.toolName)), JSONMember("arguments", .string(call.arguments.jsonString))]))
        ]
        return .object(members)
    }

    private static func usage(_ usage: Usage) -> JSONValue {
        .object([
            JSONMember("prompt_tokens", .number(String(usage.promptTokens))),
            JSONMember("completion_tokens", .number(String(usage.completionTokens))),
            JSONMember("total_tokens", .number(String(usage.promptTokens + usage.completionTokens))),
            JSONMember("prompt_tokens_details", .object([JSONMember("cached_tokens", .number(String(usage.cachedTokens)))]))
        ])
    }
}
