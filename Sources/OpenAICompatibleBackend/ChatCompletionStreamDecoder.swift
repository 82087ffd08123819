import Foundation
import FoundationModelsCore
import JSONValues
import OpenAIWire

/// Turns the events of a streamed chat completion into channel events: text as it arrives, tool
/// calls once their pieces are all in, and token usage at the end.
///
/// Pure and synchronous, so that recorded streams test it without a server.
struct ChatCompletionStreamDecoder {
    /// A tool call whose pieces are still arriving.
    private struct PendingCall {
        var id: String?
        var name = ""
        var arguments = ""
    }

    private var calls: [Int: PendingCall] = [:]
    /// Whether the request asked for its tool call as the response's JSON
    /// (``OpenAICompatibleLanguageModel/RequiredToolCalls/responseFormat``): text is then held
    /// until the end, and becomes the call when it is one.
    private let callsWrittenAsText: Bool
    /// The text held back while ``callsWrittenAsText``.
    private var heldText = ""
    /// The token usage the server reported, if it did.
    private(set) var usage: ChatCompletion.Usage?
    /// Characters of text, reasoning and tool-call arguments received, for estimating usage when
    /// the server reports none.
    private(set) var generatedCharacterCount = 0
    private let decoder = JSONDecoder()

    /// A decoder for one response; with `callsWrittenAsText`, text that is a call of the
    /// request's tools, `{"name": …, "arguments": {…}}`, is decoded as that call.
    init(callsWrittenAsText: Bool = false) {
        self.callsWrittenAsText = callsWrittenAsText
    }

    /// Whether the server sent `[DONE]`.
    private(set) var isDone = false
    /// The reason the first choice finished, once the server gave one (`stop`, `length`, `tool_calls`).
    private(set) var finishReason: String?

    /// The channel events of one server-sent event.
    ///
    /// - Throws: ``OpenAICompatibleError/malformedChunk(_:underlying:)`` for data that is not a
    ///   chunk, ``OpenAICompatibleError/streamedError(_:)`` when the server reports an error.
    mutating func events(for event: ServerSentEvent) throws(OpenAICompatibleError) -> [LanguageModelExecutorGenerationChannel.Event] {
        let data = event.data.trimmingCharacters(in: .whitespaces)
        if data == "[DONE]" {
            isDone = true
            return []
        }
        if event.name == "error" {
            throw .streamedError(data)
        }
        if data.isEmpty { return [] }
        let chunk: ChatCompletion
        do {
            chunk = try decoder.decode(ChatCompletion.self, from: Data(data.utf8))
        } catch {
            throw .malformedChunk(data, underlying: error)
        }
        if chunk.error != nil {
            throw .streamedError(data)
        }
        if let usage = chunk.usage { self.usage = usage }
        var events: [LanguageModelExecutorGenerationChannel.Event] = []
        // Why only the first choice: requests ask for one (`n` is never sent).
        guard let choice = chunk.choices?.first(where: { ($0.index ?? 0) == 0 }) else { return events }
        if let reason = choice.finishReason { finishReason = reason }
        guard let delta = choice.delta ?? choice.message.map(ChatCompletion.Delta.init) else { return events }
        generatedCharacterCount += (delta.reasoningContent?.count ?? 0) + (delta.content?.count ?? 0)
        generatedCharacterCount += (delta.toolCalls ?? []).reduce(0) { $0 + ($1.function?.arguments?.count ?? 0) }
        if let reasoning = delta.reasoningContent, !reasoning.isEmpty {
            // Why one token: servers stream about a token a chunk; the final usage corrects it.
            events.append(.reasoning(action: .appendText(reasoning, tokenCount: 1)))
        }
        if let content = delta.content, !content.isEmpty {
            if callsWrittenAsText {
                heldText += content
            } else {
                events.append(.response(action: .appendText(content, tokenCount: 1)))
            }
        }
        for (position, piece) in (delta.toolCalls ?? []).enumerated() {
            // A whole message's calls may come without indexes: their order is their index.
            let index = piece.index ?? position
            var call = calls[index] ?? PendingCall()
            if let id = piece.id, !id.isEmpty { call.id = id }
            if let name = piece.function?.name { call.name += name }
            if let arguments = piece.function?.arguments { call.arguments += arguments }
            calls[index] = call
        }
        return events
    }

    /// The events due at the end of the stream: text held back (or the call it writes), the
    /// completed tool calls, in index order, then usage.
    func finalEvents() -> [LanguageModelExecutorGenerationChannel.Event] {
        var events: [LanguageModelExecutorGenerationChannel.Event] = []
        if !heldText.isEmpty {
            if calls.isEmpty, let call = Self.call(writtenAs: heldText) {
                events.append(
                    .toolCalls(action: .toolCall(id: "call-" + UUID().uuidString, name: call.name, action: .appendArguments(call.arguments, tokenCount: 0))))
            } else {
                events.append(.response(action: .appendText(heldText, tokenCount: 1)))
            }
        }
        for index in calls.keys.sorted() {
            guard let call = calls[index], !call.name.isEmpty else { continue }
            events.append(
                .toolCalls(
                    action: .toolCall(
                        id: call.id ?? UUID().uuidString, name: call.name, action: .appendArguments(call.arguments, tokenCount: 0))))
        }
        if let usage {
            let input = LanguageModelExecutorGenerationChannel.Usage.Input(
                totalTokenCount: usage.promptTokens ?? 0,
                cachedTokenCount: usage.promptTokensDetails?.cachedTokens ?? 0)
            let output = LanguageModelExecutorGenerationChannel.Usage.Output(
                totalTokenCount: usage.completionTokens ?? 0,
                reasoningTokenCount: usage.completionTokensDetails?.reasoningTokens ?? 0)
            events.append(.response(action: .updateUsage(input: input, output: output)))
        }
        return events
    }

    /// The call a text writes as `{"name": "…", "arguments": {…}}` (nothing else beside it but
    /// white space), with its arguments as JSON text; nil for any other text.
    static func call(writtenAs text: String) -> (name: String, arguments: String)? {
        guard let value = try? JSONReader.read(utf8: Array(text.utf8)), let members = value.objectMembers, members.count == 2,
            let name = value["name"]?.stringValue, !name.isEmpty, let arguments = value["arguments"], arguments.objectMembers != nil
        else { return nil }
        return (name, arguments.jsonText())
    }

    /// Whether the server finished the response: `[DONE]`, or a finish reason on the choice.
    var isComplete: Bool { isDone || finishReason != nil }
}
