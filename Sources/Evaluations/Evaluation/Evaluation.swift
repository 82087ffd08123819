/// An evaluation: a dataset, how to get the system's output for each sample, the evaluators that
/// measure it, and the statistics to report.
///
/// ```swift
/// struct PrimeEvaluation: Evaluation {
///     let correct = Metric("Correct")
///     let dataset = ArrayLoader(samples: [ModelSample(prompt: "Is 7 a prime number?", expected: true)])
///
///     func subject(from sample: ModelSample<Bool>) async throws -> ModelSubject<Bool> {
///         let session = LanguageModelSession()
///         let answer = try await session.respond(to: sample.prompt, generating: Bool.self)
///         return ModelSubject(value: answer.content, transcript: session.transcript.structuredTranscript)
///     }
///
///     var evaluators: Evaluators {
///         Evaluator { sample, subject in
///             subject.value == sample.expected ? correct.passing() : correct.failing()
///         }
///     }
///
///     func aggregateMetrics(using aggregator: inout MetricsAggregator) {
///         aggregator.computeMean(of: correct)
///     }
/// }
/// ```
///
/// Run it with ``run(info:)``, or around a Swift Testing test with `@Test(.evaluates(…))`.
public protocol Evaluation: Sendable {
    /// The kind of sample in the dataset.
    associatedtype Sample where Self.Sample == Self.SampleLoader.Sample, Self.Sample.ExpectedValue == Self.Subject.Value
    /// The kind of output the system produces for a sample.
    associatedtype Subject: EvaluationSubject
    /// The kind of loader that supplies the dataset.
    associatedtype SampleLoader: Loader
    /// The dataset.
    var dataset: SampleLoader { get }
    /// Runs the system under test on one sample.
    func subject(from sample: Sample) async throws -> Subject
    /// The list of evaluators an evaluation declares (always the default).
    ///
    /// Apple declares this as a type alias in an extension. Swift 6.3 cannot resolve that alias in
    /// a conformance written as Apple's examples write it (`var evaluators: Evaluators`) when
    /// another file uses the evaluation first ("unsupported recursion for reference to type
    /// alias"); as an associated type with this default it resolves in any order, and every use
    /// compiles the same.
    associatedtype Evaluators = [any EvaluatorProtocol<Self.Sample, Self.Subject>]
    /// The evaluators applied to each sample and its subject.
    @EvaluatorsBuilder<Sample, Subject> var evaluators: [any EvaluatorProtocol<Self.Sample, Self.Subject>] { get }
    /// Says which statistics of the metrics to report.
    func aggregateMetrics(using aggregator: inout MetricsAggregator)
}

extension Evaluation {
    /// The evaluation's name: its type's name.
    public var name: String {
        String(describing: Self.self)
    }
}

extension Evaluation {
    /// Runs the evaluation: the subject and evaluators of every sample, then the statistics.
    ///
    /// Samples run concurrently, at most `FM_EVAL_CONCURRENCY` at a time (default 4; the local
    /// engine batches concurrent sessions), and the results keep dataset order. A sample whose
    /// subject throws keeps its row, with the error, and is left out of statistics; an evaluator
    /// that throws is counted in ``EvaluationResult/runErrors``. Runs longer than a few seconds
    /// report progress on standard error (`FM_EVAL_PROGRESS=0` silences it).
    ///
    /// - Parameter info: Free-form facts to keep with the result, such as the model's name.
    /// - Throws: The dataset's error, if its loader fails, or `CancellationError`.
    public func run(info: [String: String] = [:]) async throws -> EvaluationResult {
        try await EvaluationRunner(evaluation: self, info: info, settings: .fromEnvironment()).run()
    }

    /// The result columns of this evaluation's samples, subjects and expected values.
    public var inputColumn: ResultColumn<Self.Sample> { ResultColumn(name: ResultColumn<Self.Sample>.inputName) }
    /// The result column of the subjects.
    public var responseColumn: ResultColumn<Self.Subject> { ResultColumn(name: ResultColumn<Self.Subject>.responseName) }
    /// The result column of the expected values.
    public var expectedColumn: ResultColumn<Self.Sample.ExpectedValue> { ResultColumn(name: ResultColumn<Self.Sample.ExpectedValue>.expectedName) }
}
