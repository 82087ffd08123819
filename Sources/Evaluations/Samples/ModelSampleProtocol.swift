/// A sample for a language model: a prompt with optional instructions and schema, an optional
/// expected value, and optional expectations (such as tool calls).
public protocol ModelSampleProtocol: SampleProtocol
where ExpectedValue: Decodable, ExpectedValue: Encodable, ExpectedValue: Sendable {
    /// What the sample expects beyond a value, such as a ``TrajectoryExpectation``.
    associatedtype Expectation: Decodable, Encodable, Sendable
    /// The prompt, instructions and schema.
    var input: ModelSampleInput { get }
    /// The expected value and expectations.
    var output: ModelSampleOutput<ExpectedValue, Expectation> { get }
}
