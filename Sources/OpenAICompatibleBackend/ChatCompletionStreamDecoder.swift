import Foundation
import FoundationModelsCore
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
    /// The token usage the server reported, if it did.
    private(set) var usage: ChatCompletion.Usage?
    /// Characters of text, reasoning and tool-call arguments received, for estimating usage when
    /// the server reports none.
    private(set) var generatedCharacterCount = 0
    private let decoder = JSONDecoder()

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
            events.append(.response(action: .appendText(content, tokenCount: 1)))
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

    /// The events due at the end of the stream: the completed tool calls, in index order, then usage.
    func finalEvents() -> [LanguageModelExecutorGenerationChannel.Event] {
        var events: [LanguageModelExecutorGenerationChannel.Event] = []
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

    /// Whether the server finished the response: `[DONE]`, or a finish reason on the choice.
    var isComplete: Bool { isDone || finishReason != nil }
}
