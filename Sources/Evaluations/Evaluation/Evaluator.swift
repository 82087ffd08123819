/// An evaluator written as a closure that returns one metric.
///
/// ```swift
/// Evaluator { sample, subject in
///     let metric = Metric("TitleMatch")
///     guard let expected = sample.expected else { return metric.ignore() }
///     return subject.value == expected ? metric.passing() : metric.failing()
/// }
/// ```
// Why @unchecked: Apple declares the closure without `@Sendable` (so closures capturing an
// evaluation's stored properties compile as written); the runner calls it from concurrent sample
// tasks, which is sound for the closures evaluations write: they read only Sendable evaluation state.
public struct Evaluator<Input>: EvaluatorProtocol, @unchecked Sendable
where Input: SampleProtocol, Input.ExpectedValue: Decodable, Input.ExpectedValue: Encodable, Input.ExpectedValue: Sendable {
    /// The subject it reads: a model's value and transcript.
    public typealias Subject = ModelSubject<Input.ExpectedValue>

    private let evaluate: (Input, ModelSubject<Input.ExpectedValue>) async throws -> Metric

    /// An evaluator that runs the closure on each sample and its subject.
    public init(_ evaluate: @escaping (Input, ModelSubject<Input.ExpectedValue>) async throws -> Metric) {
        self.evaluate = evaluate
    }

    /// The closure's metric for the sample.
    public func metrics(subject: ModelSubject<Input.ExpectedValue>, input: Input) async throws -> [Metric] {
        [try await evaluate(input, subject)]
    }
}
