/// The stream of events from an executor to its session: text as it is generated, tool calls,
/// and token usage.
///
/// Executors `send` events; the session reads them as an asynchronous sequence. The session ends
/// the sequence when the executor returns.
public struct LanguageModelExecutorGenerationChannel: AsyncSequence, Sendable {
    /// The events.
    public typealias Element = LanguageModelExecutorGenerationChannel.Event
    /// Reading the channel does not throw; executor errors come from `respond`.
    public typealias Failure = Never

    private let stream: AsyncStream<Event>
    private let continuation: AsyncStream<Event>.Continuation

    /// Creates an empty channel.
    public init() {
        (stream, continuation) = AsyncStream<Event>.makeStream()
    }

    /// Sends an event to the session.
    ///
    /// - Parameter event: The event.
    public func send(_ event: LanguageModelExecutorGenerationChannel.Event) async {
        continuation.yield(event)
    }

    /// Ends the sequence (called by the session when the executor returns).
    func finish() {
        continuation.finish()
    }

    /// Iterates the channel's events.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var base: AsyncStream<Event>.AsyncIterator

        /// The next event, or `nil` once the executor is done.
        public mutating func next() async -> LanguageModelExecutorGenerationChannel.Event? {
            await base.next(isolation: #isolation)
        }
    }

    /// An iterator over the channel's events.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: stream.makeAsyncIterator())
    }
}
