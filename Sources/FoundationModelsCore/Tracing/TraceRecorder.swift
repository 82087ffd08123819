import Foundation
import Synchronization

/// Records one request's trace while it runs; the session creates one per request when
/// ``RequestTracing`` is on, and the local executor adds what only it knows (the rendered
/// prompt, prefill and grammar times) through ``current``.
final class TraceRecorder: Sendable {
    /// The recorder of the request whose work is running on this task, if it is traced.
    @TaskLocal static var current: TraceRecorder?

    let id: UUID
    let sessionID: UUID
    let date: Date
    let recordsContent: Bool
    private let clock = ContinuousClock()
    private let began: ContinuousClock.Instant
    private let state = Mutex(State())

    private struct State {
        var rounds: [RequestTrace.Round] = []
        var round: RequestTrace.Round?
        var roundBegan: ContinuousClock.Instant?
        var modelReady: ContinuousClock.Instant?
        var prefillStart: ContinuousClock.Instant?
        var firstToken: Duration?
        var instructions: String?
        var toolsOffered: [String]?
        var options: [String: String] = [:]
        var model: String?
    }

    init(sessionID: UUID) {
        self.id = UUID()
        self.sessionID = sessionID
        self.date = Date()
        self.recordsContent = RequestTracing.recordsContent
        self.began = clock.now
    }

    /// The time since the request started.
    var elapsed: Duration { clock.now - began }

    /// A model call begins, with what the model is offered. The first one announces the request
    /// to the observers.
    func beginRound(model: String, transcript: Transcript, tools: [String], options: GenerationOptions) {
        let now = clock.now
        let isFirst = state.withLock { state in
            defer { state.model = state.model ?? model }
            return state.model == nil
        }
        if isFirst { RequestTracing.started(RequestTraceStart(id: id, sessionID: sessionID, model: model, date: date)) }
        state.withLock { state in
            state.round = RequestTrace.Round(start: now - began, duration: .zero, usage: .init(), toolCalls: [])
            state.roundBegan = now
            state.modelReady = nil
            state.prefillStart = nil
            if state.toolsOffered == nil {
                state.toolsOffered = tools
                state.options = Self.describe(options)
                if recordsContent, case .instructions(let instructions)? = transcript.first {
                    state.instructions = instructions.segments.joinedText
                }
            }
        }
    }

    /// The executor rendered the prompt (local models).
    func noteRenderedPrompt(_ text: String) {
        guard recordsContent else { return }
        state.withLock { $0.round?.renderedPrompt = text }
    }

    /// The local model is loaded and its engine ready (the first request of a process loads it).
    func noteModelReady() {
        let now = clock.now
        state.withLock { state in
            guard let began = state.roundBegan, state.modelReady == nil else { return }
            state.modelReady = now
            state.round?.modelLoadDuration = now - began
        }
    }

    /// The prompt is rendered and the grammar compiled: the engine starts computing the prompt.
    func notePrefillStart() {
        let now = clock.now
        state.withLock { $0.prefillStart = now }
    }

    /// The engine finished computing the prompt.
    func notePrefilled() {
        let now = clock.now
        state.withLock { state in
            guard let began = state.prefillStart ?? state.modelReady ?? state.roundBegan, state.round?.prefillDuration == nil else { return }
            state.round?.prefillDuration = now - began
        }
    }

    /// The grammar of a constrained round took this long to compile.
    func noteGrammarCompile(_ duration: Duration) {
        state.withLock { $0.round?.grammarCompileDuration = duration }
    }

    /// The model produced output; the first call marks the time to first token.
    func noteOutput() {
        let now = clock.now
        state.withLock { state in
            guard let roundBegan = state.roundBegan, state.round?.timeToFirstToken == nil else { return }
            state.round?.timeToFirstToken = now - roundBegan
            if state.firstToken == nil { state.firstToken = now - began }
        }
    }

    /// The model call ended with this usage.
    func endRound(usage: LanguageModelSession.Usage) {
        let now = clock.now
        state.withLock { state in
            guard var round = state.round, let roundBegan = state.roundBegan else { return }
            round.duration = now - roundBegan
            round.usage = usage
            state.rounds.append(round)
            state.round = nil
            state.roundBegan = nil
            state.modelReady = nil
            state.prefillStart = nil
        }
    }

    /// A tool call of the last round ran from `start` (an offset from the request's start) until now.
    func recordToolCall(_ call: Transcript.ToolCall, started: Duration, output: Transcript.ToolOutput?, error: (any Error)?) {
        let ended = elapsed
        let record = RequestTrace.ToolCall(
            name: call.toolName, arguments: recordsContent ? call.arguments.jsonString : nil,
            output: recordsContent ? output?.segments.joinedText : nil, error: error.map { "\($0)" }, start: started,
            duration: ended - started)
        state.withLock { state in
            guard !state.rounds.isEmpty else { return }
            state.rounds[state.rounds.count - 1].toolCalls.append(record)
        }
    }

    /// The finished trace.
    func finish(
        prompt: Prompt, schemaName: String?, response: String?, error: (any Error)?, usage: LanguageModelSession.Usage
    ) -> RequestTrace {
        let duration = elapsed
        return state.withLock { state in
            var rounds = state.rounds
            if var open = state.round, let roundBegan = state.roundBegan {
                // A round the error interrupted.
                open.duration = clock.now - roundBegan
                rounds.append(open)
            }
            return RequestTrace(
                id: id, sessionID: sessionID, model: state.model ?? "unknown", startDate: date, duration: duration,
                instructions: state.instructions, toolsOffered: state.toolsOffered ?? [],
                prompt: recordsContent ? prompt.transcriptSegments.joinedText : nil, responseSchema: schemaName,
                response: recordsContent ? response : nil, error: error.map(Self.describe), options: state.options, usage: usage,
                timeToFirstToken: state.firstToken, rounds: rounds)
        }
    }

    private static func describe(_ error: any Error) -> String {
        String(reflecting: error)
    }

    private static func describe(_ options: GenerationOptions) -> [String: String] {
        var described: [String: String] = [:]
        if let temperature = options.temperature { described["temperature"] = "\(temperature)" }
        if let sampling = options.samplingMode { described["samplingMode"] = sampling.traceDescription }
        if let limit = options.maximumResponseTokens { described["maximumResponseTokens"] = "\(limit)" }
        if let mode = options.toolCallingMode { described["toolCallingMode"] = mode.traceDescription }
        return described
    }
}
