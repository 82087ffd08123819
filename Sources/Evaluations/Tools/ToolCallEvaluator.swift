public import FoundationModels

/// Checks the tool calls in each subject's transcript against the sample's
/// ``TrajectoryExpectation``.
///
/// ```swift
/// ToolCallEvaluator(allPass: Metric("ToolsAllPass"), percentagePass: Metric("ToolsPercentagePass"))
/// ```
///
/// - `allPass` passes when every expectation is met: no missing call, no wrong argument, no
///   disallowed call and, when additional calls are not allowed, no unexpected one.
/// - `percentagePass` scores the share of expectations met (0 to 1); each disallowed expectation
///   counts as one (met when no call matches it), and each unexpected call, when not allowed, adds
///   one unmet expectation.
///
/// Samples without expectations get both metrics ignored. A subject without a transcript is an
/// error (``EvaluationError/missingTranscript(evaluatorType:)``). Natural-language argument
/// matchers ask `argumentMatchModel` (the system model by default), under guided generation.
public struct ToolCallEvaluator<Input>: EvaluatorProtocol, Sendable
where Input: ModelSampleProtocol, Input.Expectation == TrajectoryExpectation {
    /// The subject it reads: a model's value and transcript.
    public typealias Subject = ModelSubject<Input.ExpectedValue>

    /// Passes when every expectation is met.
    public let allPass: Metric
    /// The share of expectations met.
    public let percentagePass: Metric
    private let argumentMatchModel: (any LanguageModel)?

    /// An evaluator whose natural-language matchers ask the system model.
    public init(allPass: Metric, percentagePass: Metric) {
        self.allPass = allPass
        self.percentagePass = percentagePass
        self.argumentMatchModel = nil
    }

    /// An evaluator whose natural-language matchers ask `argumentMatchModel`.
    public init(allPass: Metric, percentagePass: Metric, argumentMatchModel: any LanguageModel) {
        self.allPass = allPass
        self.percentagePass = percentagePass
        self.argumentMatchModel = argumentMatchModel
    }

    /// The two metrics for one sample.
    public func metrics(subject: ModelSubject<Input.ExpectedValue>, input: Input) async throws -> [Metric] {
        guard let expectation = input.output.expectations else {
            return [allPass.ignore(rationale: "no expectations"), percentagePass.ignore(rationale: "no expectations")]
        }
        guard let transcript = subject.transcript else {
            throw EvaluationError.missingTranscript(evaluatorType: "ToolCallEvaluator")
        }
        let judge = ArgumentJudge(model: argumentMatchModel ?? SystemLanguageModel.default)
        let check = TrajectoryCheck(calls: transcript.toolCalls.map(TrajectoryCheck.Call.init), judge: judge)
        let outcome = try await check.check(expectation)
        let rationale =
            outcome.problems.isEmpty
            ? "\(outcome.met) of \(outcome.total) expectations met"
            : "\(outcome.met) of \(outcome.total) expectations met; " + outcome.problems.joined(separator: "; ")
        return [
            outcome.allPass ? allPass.passing(rationale: rationale) : allPass.failing(rationale: rationale),
            percentagePass.scoring(outcome.fraction, rationale: rationale)
        ]
    }
}
