import RequestExecution
extension LanguageModelSession {
    /// A response delivered as it is generated: each snapshot holds everything generated so far.
    ///
    /// ```swift
    /// for try await snapshot in session.streamResponse(to: prompt, generating: NotesDigest.self) {
    ///     render(snapshot.content)   // a NotesDigest.PartiallyGenerated, filling in
    /// }
    /// ```
    ///
    /// Generation starts when iteration starts. Cancelling the iterating task stops decoding within
    /// one token and leaves the session's transcript as it was.
    public struct ResponseStream<Content> where Content: Generable {
        /// The content generated so far.
        public struct Snapshot {
            /// The content so far: text so far, or a partially generated value.
            public var content: Content.PartiallyGenerated
            /// The content so far as generated content.
            public var rawContent: GeneratedContent
            /// The entries the request has added so far (OS 27): the prompt, any tool calls and
            /// outputs, and the response so far (with the identifier it keeps in the transcript).
            public var transcriptEntries: ArraySlice<Transcript.Entry>
            /// The tokens used so far (OS 27): the prompt's input tokens once it is processed, and
            /// the output tokens generated so far.
            public var usage: LanguageModelSession.Usage
        }

        let session: LanguageModelSession
        let specification: RequestSpecification

        init(session: LanguageModelSession, specification: RequestSpecification) {
            self.session = session
            self.specification = specification
        }

        /// Waits for the whole response.
        ///
        /// - Returns: The complete response.
        /// - Throws: The errors of ``LanguageModelSession/respond(to:options:)-(Prompt,_)``.
        public func collect() async throws -> sending Response<Content> {
            var iterator = makeAsyncIterator()
            while try await iterator.next() != nil {}
            guard let outcome = iterator.outcome else {
                throw GenerationError.decodingFailure(.init(debugDescription: "The response stream ended without a response."))
            }
            return try outcome.response()
        }
    }
}

extension LanguageModelSession.ResponseStream: AsyncSequence {
    /// Snapshots of the response as it grows.
    public typealias Element = LanguageModelSession.ResponseStream<Content>.Snapshot

    /// Iterates the snapshots.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var events: AsyncThrowingStream<StreamEvent, any Swift.Error>.AsyncIterator
        /// The task generating the events; awaited on cancellation so the session is idle again
        /// when iteration throws.
        let producer: Task<Void, Never>
        var outcome: RequestOutcome?
        var lastJSON: String?

        /// The next snapshot, or `nil` when the response is complete.
        public mutating func next() async throws -> LanguageModelSession.ResponseStream<Content>.Snapshot? {
            while let event = try await events.next(isolation: #isolation) {
                switch event {
                case .progress(let raw, let entries, let usage):
                    let json = raw.jsonString
                    guard json != lastJSON else { continue }
                    lastJSON = json
                    guard let partial = try? Content.PartiallyGenerated(raw) else { continue }
                    return Snapshot(content: partial, rawContent: raw, transcriptEntries: ArraySlice(entries), usage: usage)
                case .completed(let outcome):
                    self.outcome = outcome
                    if outcome.rawContent.jsonString != lastJSON, let partial = try? Content.PartiallyGenerated(outcome.rawContent) {
                        lastJSON = outcome.rawContent.jsonString
                        return Snapshot(
                            content: partial, rawContent: outcome.rawContent,
                            transcriptEntries: ArraySlice(outcome.entries), usage: outcome.usage)
                    }
                }
            }
            // The events end without a completed request only when the iterating task is cancelled.
            if outcome == nil {
                producer.cancel()
                await producer.value
                throw CancellationError()
            }
            return nil
        }

        /// The next snapshot, or `nil` when the response is complete.
        public mutating func next(isolation actor: isolated (any Actor)? = #isolation) async throws -> LanguageModelSession.ResponseStream<Content>.Snapshot? {
            try await next()
        }
    }

    /// Starts generating and returns an iterator over the snapshots.
    public func makeAsyncIterator() -> AsyncIterator {
        let (events, producer) = session.streamEvents(for: specification)
        return AsyncIterator(events: events.makeAsyncIterator(), producer: producer)
    }
}

/// What the generating task reports to a stream's iterator.
enum StreamEvent: Sendable {
    /// The content so far, the entries so far (ending with the response so far) and the tokens used.
    case progress(GeneratedContent, entries: [Transcript.Entry], usage: LanguageModelSession.Usage)
    /// The finished request.
    case completed(RequestOutcome)
}

extension LanguageModelSession {
    /// Runs a request in a task and reports its progress as events.
    func streamEvents(for specification: RequestSpecification) -> (AsyncThrowingStream<StreamEvent, any Swift.Error>, Task<Void, Never>) {
        let (stream, continuation) = AsyncThrowingStream<StreamEvent, any Swift.Error>.makeStream()
        let schemaName = specification.responseFormat?.name ?? specification.schema?.rootTypeName
        let task = Task(executorPreference: RequestExecutor.shared) {
            do {
                let outcome = try await self.performRequest(specification) { progress in
                    let content: GeneratedContent
                    let segment: Transcript.Segment
                    if let schemaName {
                        guard let partial = try? GeneratedContent(json: progress.text) else { return }
                        content = partial
                        segment = .structure(Transcript.StructuredSegment(schemaName: schemaName, content: partial))
                    } else {
                        content = GeneratedContent(progress.text)
                        segment = .text(Transcript.TextSegment(content: progress.text))
                    }
                    let response = Transcript.Response(id: progress.responseID, assetIDs: [], segments: [segment])
                    continuation.yield(.progress(content, entries: progress.entries + [.response(response)], usage: progress.usage))
                }
                continuation.yield(.completed(outcome))
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { termination in
            if case .cancelled = termination { task.cancel() }
        }
        return (stream, task)
    }
}
