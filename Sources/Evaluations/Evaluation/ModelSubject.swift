public import FoundationModels

/// What a language model produced for one sample: the value and, for evaluators that inspect tool
/// use, the session's transcript.
///
/// ```swift
/// let response = try await session.respond(to: sample.prompt)
/// return ModelSubject(value: response.content, transcript: session.transcript.structuredTranscript)
/// ```
public struct ModelSubject<Value>: EvaluationSubject, Sendable where Value: Decodable, Value: Encodable, Value: Sendable {
    /// The value the model produced.
    public var value: Value
    /// The session's transcript, if given.
    public var transcript: StructuredTranscript?

    /// A subject with a value and, optionally, the transcript that produced it.
    public init(value: Value, transcript: StructuredTranscript? = nil) {
        self.value = value
        self.transcript = transcript
    }
}

extension ModelSubject {
    /// The tool calls of the transcript, in order (empty without a transcript).
    public var toolCalls: [Transcript.ToolCall] {
        transcript?.toolCalls ?? []
    }
}
