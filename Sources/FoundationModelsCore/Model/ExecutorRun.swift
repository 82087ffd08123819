package import Foundation

/// One request run on a model's executor outside any session: the path of servers built on the
/// package (`fm serve`), which keep no transcript of their own and return tool calls to their
/// client instead of running them.
///
/// It reads the executor's channel as a session does (text, reasoning, tool calls, usage) and
/// reports text as it arrives. Prefix reuse works as for sessions: the local engine finds the
/// longest cached prefix of the rendered conversation among its slots.
package enum ExecutorRun {
    /// What a run produced.
    package struct Outcome: Sendable {
        /// The response's text (JSON for a guided request).
        package var text = ""
        /// The tool calls the model made instead of answering, with schema-valid arguments.
        package var toolCalls: [Transcript.ToolCall] = []
        /// Tokens of the rendered conversation.
        package var promptTokens = 0
        /// Of those, how many were found in the cache.
        package var cachedPromptTokens = 0
        /// Tokens generated (reasoning included).
        package var outputTokens = 0
        /// Whether `onText` asked to stop before the executor finished.
        package var stoppedEarly = false

        /// The counts as a session reports them.
        var usage: LanguageModelSession.Usage {
            var usage = LanguageModelSession.Usage()
            usage.input = .init(totalTokenCount: promptTokens, cachedTokenCount: cachedPromptTokens)
            usage.output = .init(totalTokenCount: outputTokens, reasoningTokenCount: 0)
            return usage
        }
    }

    /// The session identity of runs that name none, in their request traces.
    package static let traceSessionID = UUID()

    /// Runs the request on the model's executor.
    ///
    /// While ``RequestTracing`` is on, the run is traced as a session request of one round (the
    /// model's tool calls go back to the caller, so none runs here), under `traceSessionID`.
    ///
    /// - Parameters:
    ///   - request: The transcript, tools, schema and options.
    ///   - model: The model.
    ///   - traceSessionID: The ``RequestTrace/sessionID`` of the run's trace (a server passes
    ///     its own, to find its requests among the process's traces).
    ///   - onText: Called with each piece of response text; return `false` to stop generating.
    /// - Returns: The text, tool calls and usage.
    /// - Throws: The executor's error (``LanguageModelSession/GenerationError``, …) or
    ///   `CancellationError`.
    package static func run(
        _ request: LanguageModelExecutorGenerationRequest, on model: any LanguageModel, traceSessionID: UUID = traceSessionID,
        onText: @escaping @Sendable (String) async -> Bool
    ) async throws -> Outcome {
        let backend = try LanguageModelSession.backend(for: model)
        // Traced only while someone observes traces: otherwise this is one atomic load.
        guard RequestTracing.isEnabled else { return try await fold(request, backend: backend, recorder: nil, onText: onText) }
        let recorder = TraceRecorder(sessionID: traceSessionID)
        recorder.beginRound(
            model: backend.modelDescription, transcript: request.transcript, tools: request.enabledToolDefinitions.map(\.name),
            options: request.generationOptions)
        do {
            // The local executor adds the rendered prompt, prefill and grammar times through it.
            let outcome = try await TraceRecorder.$current.withValue(recorder) {
                try await fold(request, backend: backend, recorder: recorder, onText: onText)
            }
            let usage = outcome.usage
            recorder.endRound(usage: usage)
            finishTrace(recorder, request: request, outcome: outcome, error: nil, usage: usage)
            return outcome
        } catch {
            finishTrace(recorder, request: request, outcome: nil, error: error, usage: LanguageModelSession.Usage())
            throw error
        }
    }

    /// Hands the run's trace to the observers.
    private static func finishTrace(
        _ recorder: TraceRecorder, request: LanguageModelExecutorGenerationRequest, outcome: Outcome?, error: (any Error)?,
        usage: LanguageModelSession.Usage
    ) {
        var prompt = ""
        for entry in request.transcript.reversed() {
            if case .prompt(let last) = entry {
                prompt = last.segments.joinedText
                break
            }
        }
        let response = outcome.map { outcome in
            outcome.toolCalls.isEmpty ? outcome.text : outcome.toolCalls.map { "\($0.toolName)(\($0.arguments.jsonString))" }.joined(separator: "\n")
        }
        RequestTracing.finished(
            recorder.finish(prompt: Prompt(prompt), schemaName: request.schema?.rootTypeName, response: response, error: error, usage: usage))
    }

    /// Reads the executor's channel into the outcome.
    private static func fold(
        _ request: LanguageModelExecutorGenerationRequest, backend: any SessionBackend, recorder: TraceRecorder?,
        onText: @escaping @Sendable (String) async -> Bool
    ) async throws -> Outcome {
        try await withThrowingTaskGroup(of: Void.self) { group in
            let channel = backend.start(request, in: &group)
            var outcome = Outcome()
            // Tokens of the text so far, for a run stopped before the executor's final usage.
            var generatedSoFar = 0
            var calls = ToolCallAssembly()
            var failure: (any Error)?
            do {
                events: for try await event in channel {
                    switch event.payload {
                    case .response(let response):
                        switch response.action.kind {
                        case .appendText(let fragment):
                            if fragment.tokenCount > 0 || !fragment.content.isEmpty { recorder?.noteOutput() }
                            outcome.text += fragment.content
                            generatedSoFar += fragment.tokenCount
                            if !fragment.content.isEmpty, await !onText(fragment.content) {
                                outcome.stoppedEarly = true
                                break events
                            }
                        case .replaceTextSegment(let replacement): outcome.text = replacement.content
                        case .updateUsage(let usage): apply(usage, to: &outcome)
                        default: break
                        }
                    case .reasoning(let reasoning):
                        if case .updateUsage(let usage) = reasoning.action.kind { apply(usage, to: &outcome) }
                    case .toolCalls(let toolCalls):
                        switch toolCalls.action.kind {
                        case .toolCall(let call):
                            recorder?.noteOutput()
                            calls.apply(call)
                        case .removeToolCall(let id): calls.remove(id)
                        case .updateUsage(let usage): apply(usage, to: &outcome)
                        case .updateMetadata: break
                        }
                    }
                }
            } catch {
                failure = error
            }
            if outcome.stoppedEarly {
                outcome.outputTokens = max(outcome.outputTokens, generatedSoFar)
                group.cancelAll()
                // The executor ends with CancellationError: expected after a stop.
                while let next = try? await group.next() { _ = next }
                return outcome
            }
            try await group.waitForAll()
            if let failure { throw failure }
            outcome.toolCalls = try calls.finished()
            return outcome
        }
    }

    private static func apply(_ usage: LanguageModelExecutorGenerationChannel.Usage, to outcome: inout Outcome) {
        if usage.output.totalTokenCount > 0 { TraceRecorder.current?.noteOutput() }
        outcome.promptTokens = usage.input.totalTokenCount
        outcome.cachedPromptTokens = usage.input.cachedTokenCount
        outcome.outputTokens = usage.output.totalTokenCount
    }
}
