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
