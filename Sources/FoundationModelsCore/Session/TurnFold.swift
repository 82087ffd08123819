import Foundation

/// The events of one executor request folded into the model's turn: response text and its
/// metadata, reasoning, tool calls and usage, in the order the channel delivers them.
///
/// The one reading of the executor channel: a session folds each of its rounds with it, and
/// ``ExecutorRun`` folds a server's requests. It is a value with no effects except one: while the
/// request is traced, it marks the round's first output (text, reasoning, a tool call, or usage
/// with output tokens) on the ``TraceRecorder``. ``run(_:on:onEvent:)`` drives it over a backend.
///
/// ```swift
/// var fold = TurnFold(recorder: nil)
/// fold.apply(.response(action: .appendText("Hello", tokenCount: 1)))   // returns "Hello"
/// let turn = try fold.finished()                                       // turn.text == "Hello"
/// ```
struct TurnFold {
    /// The turn so far; ``finished()`` adds its tool calls.
    private(set) var turn = LanguageModelSession.Turn()
    private var calls = ToolCallAssembly()
    private let recorder: TraceRecorder?

    /// An empty turn.
    ///
    /// - Parameter recorder: The trace of the request, when it is traced.
    init(recorder: TraceRecorder?) {
        self.recorder = recorder
    }

    /// Folds one event into the turn.
    ///
    /// Text and reasoning fragments add their tokens to the turn's output; a usage update replaces
    /// the turn's usage with the executor's counts.
    ///
    /// - Parameter event: The executor's event.
    /// - Returns: The response text the event appended (empty for every other event).
    @discardableResult
    mutating func apply(_ event: LanguageModelExecutorGenerationChannel.Event) -> String {
        switch event.payload {
        case .response(let response):
            if let id = response.entryID { turn.responseEntryID = id }
            return apply(response.action)
        case .reasoning(let reasoning):
            apply(reasoning)
        case .toolCalls(let toolCalls):
            if let id = toolCalls.entryID { turn.toolCallsEntryID = id }
            switch toolCalls.action.kind {
            case .toolCall(let call):
                recorder?.noteOutput()
                calls.apply(call)
            case .removeToolCall(let id): calls.remove(id)
            case .updateUsage(let usage): update(usage)
            case .updateMetadata: break
            }
        }
        return ""
    }

    /// The turn, with its tool calls' arguments parsed.
    ///
    /// - Throws: ``LanguageModelSession/GenerationError/decodingFailure(_:)`` when a call's
    ///   arguments are not JSON.
    func finished() throws -> LanguageModelSession.Turn {
        var turn = turn
        turn.toolCalls = try calls.finished()
        return turn
    }

    private mutating func apply(_ action: LanguageModelExecutorGenerationChannel.Response.Action) -> String {
        switch action.kind {
        case .appendText(let fragment):
            if fragment.tokenCount > 0 || !fragment.content.isEmpty { recorder?.noteOutput() }
            turn.text += fragment.content
            turn.usage.output.totalTokenCount += fragment.tokenCount
            return fragment.content
        case .replaceTextSegment(let replacement):
            turn.text = replacement.content
        case .updateMetadata(let metadata):
            turn.responseMetadata = metadata.values
            if let assets = metadata.values["assetIDs"] as? [String] {
                turn.assetIDs = assets
            } else if let assets = metadata.values["assetIDs"] as? String {
                turn.assetIDs = assets.split(separator: ",").map(String.init)
            }
        case .updateUsage(let usage):
            update(usage)
        case .updateCustomSegment(let segment):
            turn.extraSegments.removeAll { $0.id == segment.id }
            turn.extraSegments.append(.custom(segment))
        case .addAttachmentSegment(let segment):
            turn.extraSegments.append(.attachment(segment))
        case .removeAttachmentSegment(let id):
            turn.extraSegments.removeAll { $0.id == id }
        }
        return ""
    }

    private mutating func apply(_ reasoning: LanguageModelExecutorGenerationChannel.Reasoning) {
        var draft = turn.reasoning ?? LanguageModelSession.ReasoningDraft()
        if let id = reasoning.entryID { draft.id = id }
        switch reasoning.action.kind {
        case .appendText(let fragment):
            if fragment.tokenCount > 0 || !fragment.content.isEmpty { recorder?.noteOutput() }
            draft.text += fragment.content
            turn.usage.output.reasoningTokenCount += fragment.tokenCount
            turn.usage.output.totalTokenCount += fragment.tokenCount
        case .replaceTextSegment(let replacement): draft.text = replacement.content
        case .updateSignature(let signature): draft.signature = signature.signature
        case .updateMetadata(let metadata): draft.metadata = metadata.values
        case .updateUsage(let usage): update(usage)
        }
        turn.reasoning = draft
    }

    private mutating func update(_ usage: LanguageModelExecutorGenerationChannel.Usage) {
        if usage.output.totalTokenCount > 0 { recorder?.noteOutput() }
        turn.usage = LanguageModelSession.Usage(usage)
    }
}
