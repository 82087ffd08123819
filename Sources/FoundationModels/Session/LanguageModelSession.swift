import Foundation
public import Observation
import Synchronization

/// A conversation with a language model: instructions, then prompts and responses, with tools.
///
/// ```swift
/// let session = LanguageModelSession(instructions: "You are a concise meeting assistant.")
/// let digest = try await session.respond(to: "Analyze these notes: \(notes)", generating: NotesDigest.self)
/// ```
///
/// A session keeps its ``transcript`` and responds to one request at a time; a request made while
/// it ``isResponding`` fails with ``GenerationError/concurrentRequests(_:)``. A failed or cancelled
/// request leaves the transcript as it was. On the local model, the session's state stays cached
/// between turns, so each turn processes only its new tokens.
public final class LanguageModelSession: Sendable, Observable {
    struct State: Sendable {
        var transcript: Transcript
        var isResponding = false
        var backend: (any SessionBackend)?
        var usage = Usage()
    }

    let state: Mutex<State>
    let makeBackend: @Sendable () throws -> any SessionBackend
    /// The tools the model may call.
    let tools: [any Tool]
    private let observationRegistrar = ObservationRegistrar()

    init(transcript: Transcript, tools: [any Tool], makeBackend: @escaping @Sendable () throws -> any SessionBackend) {
        self.state = Mutex(State(transcript: transcript))
        self.tools = tools
        self.makeBackend = makeBackend
    }

    /// The conversation so far.
    public var transcript: Transcript {
        get {
            observationRegistrar.access(self, keyPath: \.transcript)
            return state.withLock { $0.transcript }
        }
        set {
            observationRegistrar.withMutation(of: self, keyPath: \.transcript) {
                state.withLock { $0.transcript = newValue }
            }
        }
    }

    /// Whether the session is responding to a request now.
    public var isResponding: Bool {
        observationRegistrar.access(self, keyPath: \.isResponding)
        return state.withLock { $0.isResponding }
    }

    /// The tokens the session's requests have used so far (OS 27).
    public var usage: Usage {
        state.withLock { $0.usage }
    }

    /// Loads the model and processes the instructions (and a prompt prefix) ahead of the first
    /// request, so that it starts faster.
    ///
    /// Returns at once; the work happens in the background.
    ///
    /// - Parameter promptPrefix: The start of the prompt the next request will use, if known.
    public func prewarm(promptPrefix: Prompt? = nil) {
        var entries = transcript.entries
        if let promptPrefix {
            entries.append(.prompt(Transcript.Prompt(segments: promptPrefix.transcriptSegments)))
        }
        guard let backend = try? backend() else { return }
        backend.prewarm(transcript: Transcript(entries: entries), endsWithPartialPrompt: promptPrefix != nil)
    }

    /// The backend, created on first use.
    func backend() throws -> any SessionBackend {
        if let backend = state.withLock({ $0.backend }) { return backend }
        let backend = try makeBackend()
        state.withLock { $0.backend = backend }
        return backend
    }

    /// Marks the session as responding; throws if it already is.
    func beginResponding() throws {
        let wasResponding = state.withLock { state -> Bool in
            if state.isResponding { return true }
            state.isResponding = true
            return false
        }
        if wasResponding {
            throw GenerationError.concurrentRequests(.init(
                debugDescription: "A request started while the session was responding to another; a session handles one request at a time."))
        }
        observationRegistrar.withMutation(of: self, keyPath: \.isResponding) {}
    }

    /// Ends a request, committing its entries when it succeeded.
    func endResponding(committing entries: [Transcript.Entry]?, usage: Usage?) {
        observationRegistrar.withMutation(of: self, keyPath: \.transcript) {
            state.withLock { state in
                if let entries { state.transcript.append(contentsOf: entries) }
                if let usage { state.usage.add(usage) }
                state.isResponding = false
            }
        }
        observationRegistrar.withMutation(of: self, keyPath: \.isResponding) {}
    }
}
