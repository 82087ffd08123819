/// The stream of events from an executor to its session: text as it is generated, reasoning,
/// tool calls, and token usage.
///
/// Executors `send` events; the session reads them as an asynchronous sequence. The session ends
/// the sequence when the executor returns, or ends it with the executor's error when it throws.
///
/// ```swift
/// await channel.send(.response(action: .appendText("Hello", tokenCount: 1)))
/// await channel.send(.reasoning(action: .updateSignature(signature, tokenCount: 0)))
/// await channel.send(.toolCalls(action: .toolCall(id: "call-1", name: "weather",
///                                                 action: .appendArguments("{\"city\":\"Oslo\"}", tokenCount: 6))))
/// ```
public struct LanguageModelExecutorGenerationChannel: AsyncSequence, Sendable {
    /// The events.
    public typealias Element = LanguageModelExecutorGenerationChannel.Event
    /// Reading the channel throws the executor's error when the executor fails.
    public typealias Failure = any Error

    private let stream: AsyncThrowingStream<Event, any Error>
    private let continuation: AsyncThrowingStream<Event, any Error>.Continuation

    /// Creates an empty channel.
    public init() {
        (stream, continuation) = AsyncThrowingStream<Event, any Error>.makeStream()
    }

    /// Sends an event to the session.
    ///
    /// - Parameter event: The event.
    public func send(_ event: LanguageModelExecutorGenerationChannel.Event) async {
        continuation.yield(event)
    }

    /// Ends the sequence, with the executor's error when it failed (called by the session).
    func finish(throwing error: (any Error)? = nil) {
        continuation.finish(throwing: error)
    }

    /// Iterates the channel's events.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var base: AsyncThrowingStream<Event, any Error>.AsyncIterator

        /// The next event, or `nil` once the executor is done.
        ///
        /// - Parameter actor: The actor to run on.
        /// - Throws: The executor's error, when it failed.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws -> LanguageModelExecutorGenerationChannel.Event? {
            try await base.next(isolation: actor)
        }

        /// The next event, or `nil` once the executor is done.
        ///
        /// - Throws: The executor's error, when it failed.
        public mutating func next() async throws -> LanguageModelExecutorGenerationChannel.Event? {
            try await base.next(isolation: #isolation)
        }
    }

    /// An iterator over the channel's events.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: stream.makeAsyncIterator())
    }
}
