/// A check applied to every sample and its subject, producing one or more metrics.
///
/// ```swift
/// struct LengthEvaluator<Input: SampleProtocol>: EvaluatorProtocol
/// where Input.ExpectedValue == String {
///     let words = Metric("Words")
///     func metrics(subject: ModelSubject<String>, input: Input) async throws -> [Metric] {
///         [words.scoring(Double(subject.value.split(separator: " ").count))]
///     }
/// }
/// ```
///
/// An evaluator that throws records the failure in the result's run errors; its metrics are left
/// out for that sample.
public protocol EvaluatorProtocol<Input, Subject>: Sendable {
    /// The kind of sample it reads.
    associatedtype Input: SampleProtocol where Input.ExpectedValue == Subject.Value
    /// The kind of subject it reads.
    associatedtype Subject: EvaluationSubject
    /// The metrics for one sample and what the system produced for it.
    func metrics(subject: Subject, input: Input) async throws -> [Metric]
}

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

/// Builds an evaluation's list of evaluators from one expression per line.
@resultBuilder
public struct EvaluatorsBuilder<Sample, Subject> where Sample: SampleProtocol, Subject: EvaluationSubject {
    /// One evaluator.
    public static func buildExpression(_ expression: any EvaluatorProtocol<Sample, Subject>) -> any EvaluatorProtocol<Sample, Subject> {
        expression
    }

    /// The evaluators in order.
    public static func buildBlock(_ components: any EvaluatorProtocol<Sample, Subject>...) -> [any EvaluatorProtocol<Sample, Subject>] {
        components
    }

    /// Evaluators under an `if`, or none.
    public static func buildOptional(_ component: [any EvaluatorProtocol<Sample, Subject>]?) -> [any EvaluatorProtocol<Sample, Subject>] {
        component ?? []
    }
}

extension EvaluatorsBuilder {
    /// The first part of a block (used for blocks with `if` and `if`–`else`).
    public static func buildPartialBlock(first: any EvaluatorProtocol<Sample, Subject>) -> [any EvaluatorProtocol<Sample, Subject>] {
        [first]
    }

    /// The first part of a block that is itself a list.
    public static func buildPartialBlock(first: [any EvaluatorProtocol<Sample, Subject>]) -> [any EvaluatorProtocol<Sample, Subject>] {
        first
    }

    /// A block's evaluators so far and the next one.
    public static func buildPartialBlock(
        accumulated: [any EvaluatorProtocol<Sample, Subject>], next: any EvaluatorProtocol<Sample, Subject>
    ) -> [any EvaluatorProtocol<Sample, Subject>] {
        accumulated + [next]
    }

    /// A block's evaluators so far and the next list.
    public static func buildPartialBlock(
        accumulated: [any EvaluatorProtocol<Sample, Subject>], next: [any EvaluatorProtocol<Sample, Subject>]
    ) -> [any EvaluatorProtocol<Sample, Subject>] {
        accumulated + next
    }

    /// The evaluators of the `if` branch.
    public static func buildEither(first component: [any EvaluatorProtocol<Sample, Subject>]) -> [any EvaluatorProtocol<Sample, Subject>] {
        component
    }

    /// The evaluators of the `else` branch.
    public static func buildEither(second component: [any EvaluatorProtocol<Sample, Subject>]) -> [any EvaluatorProtocol<Sample, Subject>] {
        component
    }

    /// The evaluators of each loop pass, in order.
    public static func buildArray(_ components: [[any EvaluatorProtocol<Sample, Subject>]]) -> [any EvaluatorProtocol<Sample, Subject>] {
        components.flatMap { $0 }
    }
}
