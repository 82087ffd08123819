/// What went wrong during a run without stopping it: samples without a subject, evaluators that
/// threw, statistics of metrics no evaluator produced.
public struct EvaluationRunErrors: Codable, Equatable, Hashable, Sendable {
    /// The number of samples whose subject could not be produced.
    public var inferenceFailureCount: Int
    /// Whether any sample produced a subject.
    public var anyInferenceProduced: Bool
    /// The number of times an evaluator threw.
    public var evaluatorFailureCount: Int
    /// The type names of the evaluators that threw at least once.
    public var failingEvaluatorTypes: Set<String>
    /// Metrics that statistics were asked of but no evaluator produced.
    public var metricsNotFound: [String]

    /// A run where nothing went wrong.
    public static let clean = EvaluationRunErrors(
        inferenceFailureCount: 0, anyInferenceProduced: true, evaluatorFailureCount: 0,
        failingEvaluatorTypes: [], metricsNotFound: [])

    /// Whether anything went wrong.
    public var hasFailures: Bool {
        inferenceFailureCount > 0 || evaluatorFailureCount > 0 || !metricsNotFound.isEmpty
    }

    init(
        inferenceFailureCount: Int, anyInferenceProduced: Bool, evaluatorFailureCount: Int,
        failingEvaluatorTypes: Set<String>, metricsNotFound: [String]
    ) {
        self.inferenceFailureCount = inferenceFailureCount
        self.anyInferenceProduced = anyInferenceProduced
        self.evaluatorFailureCount = evaluatorFailureCount
        self.failingEvaluatorTypes = failingEvaluatorTypes
        self.metricsNotFound = metricsNotFound
    }
}
