extension TurnFold {
    /// Runs the request on the backend and folds its channel's events into a turn: one round of a
    /// session, or one request of a server (``ExecutorRun``).
    ///
    /// While the request is traced (``TraceRecorder/current``), the round begins here and ends with
    /// the turn's usage once the executor has finished.
    ///
    /// - Parameters:
    ///   - request: The transcript, tools, schema and options.
    ///   - backend: The model and its executor.
    ///   - onEvent: Called after each event with the fold and the response text the event appended;
    ///     return `false` to stop generating: the executor is cancelled and its `CancellationError`
    ///     is expected, not thrown.
    /// - Returns: The turn, and whether `onEvent` stopped it (a stopped turn's tool calls are left
    ///   out, unparsed).
    /// - Throws: The executor's error, or ``LanguageModelSession/GenerationError/decodingFailure(_:)``
    ///   when a tool call's arguments are not JSON.
    static func run(
        _ request: LanguageModelExecutorGenerationRequest, on backend: any SessionBackend,
        onEvent: (TurnFold, String) async -> Bool
    ) async throws -> (turn: LanguageModelSession.Turn, stoppedEarly: Bool) {
        let recorder = TraceRecorder.current
        recorder?.beginRound(
            model: backend.modelDescription, transcript: request.transcript, tools: request.enabledToolDefinitions.map(\.name),
            options: request.generationOptions)
        let (turn, stoppedEarly) = try await withThrowingTaskGroup(of: Void.self) { group in
            let channel = backend.start(request, in: &group)
            var fold = TurnFold(recorder: recorder)
            var failure: (any Error)?
            do {
                for try await event in channel {
                    let text = fold.apply(event)
                    guard await onEvent(fold, text) else {
                        group.cancelAll()
                        // The executor ends with CancellationError: expected after a stop.
                        while let next = try? await group.next() { _ = next }
                        return (fold.turn, true)
                    }
                }
            } catch {
                failure = error
            }
            // The executor's error comes first (the channel ends with the same one).
            try await group.waitForAll()
            if let failure { throw failure }
            return (try fold.finished(), false)
        }
        recorder?.endRound(usage: turn.usage)
        return (turn, stoppedEarly)
    }
}
