import FoundationModelsCore
import OpenAIWire

/// What every body of one answer shares (its id, time and model), and the bodies stamped with
/// it: the whole response, the streamed chunks, and the usage chunk.
struct CompletionStamp {
    /// `chatcmpl-…`, shared by every chunk of one completion.
    let id: String
    /// Seconds since 1970.
    let created: Int
    /// The model id the client named.
    let model: String

    /// The non-streamed response: the text, or the tool calls with a `null` content.
    func response(text: String, toolCalls: [Transcript.ToolCall], finishReason: String, usage: ChatCompletion.Usage) -> ChatCompletion {
        let message = ChatMessage(
            role: .assistant, content: toolCalls.isEmpty ? .text(text) : nil, toolCalls: toolCalls.map { Self.toolCall($0, index: nil) })
        return stamped(object: "chat.completion", choices: [.init(message: message, finishReason: finishReason)], usage: usage)
    }

    /// A streamed chunk with a delta (`role`, `content` or `tool_calls`) and, last, the finish
    /// reason.
    func chunk(_ delta: ChatCompletion.Delta, finishReason: String? = nil) -> ChatCompletion {
        stamped(object: "chat.completion.chunk", choices: [.init(delta: delta, finishReason: finishReason)])
    }

    /// The chunk that carries usage (with `stream_options.include_usage`): no choices.
    func usageChunk(_ usage: ChatCompletion.Usage) -> ChatCompletion {
        stamped(object: "chat.completion.chunk", choices: [], usage: usage)
    }

    /// The `tool_calls` delta of a stream, each call with its index.
    static func toolCallsDelta(_ calls: [Transcript.ToolCall]) -> ChatCompletion.Delta {
        ChatCompletion.Delta(toolCalls: calls.enumerated().map { toolCall($1, index: $0) })
    }

    private func stamped(object: String, choices: [ChatCompletion.Choice], usage: ChatCompletion.Usage? = nil) -> ChatCompletion {
        ChatCompletion(id: id, object: object, created: created, model: model, systemFingerprint: "fm", choices: choices, usage: usage)
    }

    private static func toolCall(_ call: Transcript.ToolCall, index: Int?) -> ChatToolCall {
        ChatToolCall(index: index, id: call.id, name: call.toolName, arguments: call.arguments.jsonString)
    }
}
