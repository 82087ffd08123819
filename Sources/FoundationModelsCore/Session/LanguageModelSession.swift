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
/// request leaves the transcript as it was, unless ``transcriptErrorHandlingPolicy`` is
/// ``TranscriptErrorHandlingPolicy/preserveTranscript``. On the local model, the session's state stays cached
/// between turns, so each turn processes only its new tokens.
public final class LanguageModelSession: Sendable, Observable {
    struct State: Sendable {
        var transcript: Transcript
        var isResponding = false
        /// Whether the transcript was set while responding (the response is then not recorded).
        var transcriptMutatedWhileResponding = false
        var backend: (any SessionBackend)?
        var usage = Usage()
        var errorHandlingPolicy: TranscriptErrorHandlingPolicy?
    }

    let state: Mutex<State>
    let makeBackend: @Sendable () throws -> any SessionBackend
    /// The tools the model may call.
    let tools: [any Tool]
    private let observationRegistrar = ObservationRegistrar()

    /// The values this session owns (OS 27): what its tools, profile and dynamic instructions
    /// read and write through ``SessionProperty``. Every session has its own.
    ///
    /// A computed property as in Apple's interface; the values it returns are always the same
    /// object, so `session.properties[Key.self] = value` changes this session's values.
    public var properties: SessionPropertyValues { storedProperties }

    /// The object behind ``properties``.
    private let storedProperties = SessionPropertyValues()

    /// The session's identity in request traces (``RequestTrace/sessionID``).
    let traceSessionID = UUID()

    /// The session's profile (OS 27), evaluated before every model request; nil for a session
    /// with fixed instructions and tools.
    let profileState: ProfileState?

    init(
        transcript: Transcript, tools: [any Tool], profile: ProfileState? = nil,
        makeBackend: @escaping @Sendable () throws -> any SessionBackend
    ) {
        self.state = Mutex(State(transcript: transcript))
        self.tools = tools
        self.profileState = profile
        self.makeBackend = makeBackend
        storedProperties.bind(to: self)
    }

    /// The conversation so far.
    ///
    /// Setting it (an OS 27 ability) replaces the conversation; the next request continues the new
    /// one. Set it only while the session is not responding: a request that is running when the
    /// transcript is set fails with ``LanguageModelSession/Error/transcriptMutationWhileResponding``
    /// and its response is not recorded.
    public var transcript: Transcript {
        get {
            observationRegistrar.access(self, keyPath: \.transcript)
            return state.withLock { $0.transcript }
        }
        set {
            observationRegistrar.withMutation(of: self, keyPath: \.transcript) {
                state.withLock { state in
                    state.transcript = newValue
                    if state.isResponding { state.transcriptMutatedWhileResponding = true }
                }
            }
        }
    }

    /// What happens to the transcript when a request fails or is cancelled (OS 27); `nil` means
    /// ``TranscriptErrorHandlingPolicy/revertTranscript``.
    public var transcriptErrorHandlingPolicy: TranscriptErrorHandlingPolicy? {
        get { state.withLock { $0.errorHandlingPolicy } }
        set { state.withLock { $0.errorHandlingPolicy = newValue } }
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
            throw GenerationError.concurrentRequests(
                .init(
                    debugDescription: "A request started while the session was responding to another; a session handles one request at a time."))
        }
        observationRegistrar.withMutation(of: self, keyPath: \.isResponding) {}
    }

    /// Ends a request, committing its entries when it succeeded (or when it failed under
    /// ``TranscriptErrorHandlingPolicy/preserveTranscript``).
    ///
    /// - Returns: False when the transcript was set while responding: the entries were then not
    ///   committed (the tokens still count in ``usage``).
    @discardableResult
    func endResponding(committing entries: [Transcript.Entry]?, usage: Usage?) -> Bool {
        let committed = observationRegistrar.withMutation(of: self, keyPath: \.transcript) {
            state.withLock { state -> Bool in
                let mutated = state.transcriptMutatedWhileResponding
                if let entries, !mutated { state.transcript.append(contentsOf: entries) }
                if let usage { state.usage.add(usage) }
                state.isResponding = false
                state.transcriptMutatedWhileResponding = false
                return !mutated
            }
        }
        observationRegistrar.withMutation(of: self, keyPath: \.isResponding) {}
        return committed
    }
}
