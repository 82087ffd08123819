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
        /// Whether `onText` asked to stop before the executor finished.
        package var stoppedEarly = false
        /// The counts as a session reports them.
        var usage = LanguageModelSession.Usage()

        /// Tokens of the rendered conversation.
        package var promptTokens: Int { usage.input.totalTokenCount }
        /// Of those, how many were found in the cache.
        package var cachedPromptTokens: Int { usage.input.cachedTokenCount }
        /// Tokens generated (reasoning included).
        package var outputTokens: Int { usage.output.totalTokenCount }
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
        guard RequestTracing.isEnabled else { return try await fold(request, backend: backend, onText: onText) }
        let recorder = TraceRecorder(sessionID: traceSessionID)
        do {
            // The fold begins and ends the round; the local executor adds the rendered prompt,
            // prefill and grammar times.
            let outcome = try await TraceRecorder.$current.withValue(recorder) {
                try await fold(request, backend: backend, onText: onText)
            }
            finishTrace(recorder, request: request, outcome: outcome, error: nil, usage: outcome.usage)
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

    /// Reads the executor's channel into the outcome through the session's ``TurnFold``.
    private static func fold(
        _ request: LanguageModelExecutorGenerationRequest, backend: any SessionBackend,
        onText: @escaping @Sendable (String) async -> Bool
    ) async throws -> Outcome {
        let (turn, stoppedEarly) = try await TurnFold.run(request, on: backend) { _, text in
            text.isEmpty ? true : await onText(text)
        }
        return Outcome(text: turn.text, toolCalls: turn.toolCalls, stoppedEarly: stoppedEarly, usage: turn.usage)
    }
}
