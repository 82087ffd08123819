public import FoundationModels
import Foundation
import Synchronization

/// A language model that plays back scripted replies, for testing code that uses sessions without
/// loading any weights.
///
/// ```swift
/// let model = MockLanguageModel(replies: [.text("Paris.")])
/// let session = LanguageModelSession(model: model)
/// let answer = try await session.respond(to: "Capital of France?")   // "Paris."
/// #expect(model.requests.count == 1)
/// ```
///
/// Each request takes the next reply. Text is streamed word by word, so streaming code sees several
/// snapshots. When the script runs out, requests fail with `decodingFailure`.
public struct MockLanguageModel: LanguageModel {
    /// One scripted reply of the model.
    public enum Reply: Sendable {
        /// A text response.
        case text(String)
        /// A structured response (for `generating:` and `schema:` requests).
        case content(GeneratedContent)
        /// Tool calls, by tool name and arguments; the session runs them and asks again.
        case toolCalls([(name: String, arguments: GeneratedContent)])
        /// A failure.
        case failure(LanguageModelSession.GenerationError)
    }

    let script: MockScript

    /// A model that answers with the replies, in order.
    ///
    /// - Parameter replies: One reply per request (a request with tool calls uses two or more).
    public init(replies: [Reply]) {
        self.script = MockScript(replies: replies, responder: nil)
    }

    /// A model that answers each request with what `respond` returns for it, so that answers do
    /// not depend on the order of concurrent requests.
    ///
    /// ```swift
    /// let judge = MockLanguageModel { request in
    ///     let prompt = request.transcript.last.map { "\($0)" } ?? ""
    ///     return .content(prompt.contains("Paris") ? pass : fail)
    /// }
    /// ```
    ///
    /// - Parameter respond: The reply to a request; called once per request.
    public init(respond: @escaping @Sendable (LanguageModelExecutorGenerationRequest) -> Reply) {
        self.script = MockScript(replies: [], responder: respond)
    }

    /// Guided generation and tool calling (as scripted).
    public var capabilities: LanguageModelCapabilities {
        LanguageModelCapabilities([.guidedGeneration, .toolCalling])
    }

    /// The script, as the executor's configuration.
    public var executorConfiguration: Configuration {
        Configuration(script: script)
    }

    /// The requests the model received, oldest first.
    public var requests: [LanguageModelExecutorGenerationRequest] {
        script.requests
    }

    /// Identifies a script; executors created with it play it back.
    public struct Configuration: Hashable, Sendable {
        let script: MockScript

        public static func == (lhs: Configuration, rhs: Configuration) -> Bool { lhs.script === rhs.script }
        public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(script)) }
    }

    /// Plays back the script.
    public struct Executor: LanguageModelExecutor {
        /// The model type.
        public typealias Model = MockLanguageModel
        let script: MockScript

        /// Creates an executor for a script.
        public init(configuration: Configuration) throws {
            self.script = configuration.script
        }

        /// Sends the next scripted reply into the channel.
        public func respond(
            to request: LanguageModelExecutorGenerationRequest,
            model: MockLanguageModel,
            streamingInto channel: LanguageModelExecutorGenerationChannel
        ) async throws {
            guard let reply = script.next(recording: request) else {
                throw LanguageModelSession.GenerationError.decodingFailure(.init(debugDescription: "MockLanguageModel has no more scripted replies."))
            }
            switch reply {
            case .text(let text):
                for piece in Self.pieces(of: text) {
                    try Task.checkCancellation()
                    await channel.send(.response(action: .appendText(piece, tokenCount: 1)))
                }
            case .content(let content):
                for piece in Self.pieces(of: content.jsonString) {
                    try Task.checkCancellation()
                    await channel.send(.response(action: .appendText(piece, tokenCount: 1)))
                }
            case .toolCalls(let calls):
                for (index, call) in calls.enumerated() {
                    await channel.send(
                        .toolCalls(
                            action: .toolCall(
                                id: "mock-call-\(script.requests.count)-\(index)", name: call.name,
                                action: .appendArguments(call.arguments.jsonString, tokenCount: 0))))
                }
            case .failure(let error):
                throw error
            }
        }

        /// Splits text into words with their following spaces, as a tokenizer roughly would.
        static func pieces(of text: String) -> [String] {
            var pieces: [String] = []
            var current = ""
            for character in text {
                current.append(character)
                if character == " " {
                    pieces.append(current)
                    current = ""
                }
            }
            if !current.isEmpty { pieces.append(current) }
            return pieces
        }
    }
}

/// The shared, thread-safe state of a mock model: remaining replies and received requests.
public final class MockScript: Sendable {
    private struct State: Sendable {
        var replies: [MockLanguageModel.Reply]
        var requests: [LanguageModelExecutorGenerationRequest] = []
    }

    private let state: Mutex<State>
    private let responder: (@Sendable (LanguageModelExecutorGenerationRequest) -> MockLanguageModel.Reply)?

    init(replies: [MockLanguageModel.Reply], responder: (@Sendable (LanguageModelExecutorGenerationRequest) -> MockLanguageModel.Reply)?) {
        state = Mutex(State(replies: replies))
        self.responder = responder
    }

    /// The requests received so far.
    var requests: [LanguageModelExecutorGenerationRequest] {
        state.withLock { $0.requests }
    }

    /// Records a request and takes the next reply.
    func next(recording request: LanguageModelExecutorGenerationRequest) -> MockLanguageModel.Reply? {
        let scripted = state.withLock { state -> MockLanguageModel.Reply? in
            state.requests.append(request)
            return state.replies.isEmpty ? nil : state.replies.removeFirst()
        }
        return scripted ?? responder?(request)
    }
}
