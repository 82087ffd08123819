public import FoundationModels
import Foundation

/// An evaluator that asks a language model to score each response, on one scale or on several
/// dimensions, with a rationale for each score.
///
/// ```swift
/// ModelJudgeEvaluator<ModelSample<String>>(
///     "Faithfulness",
///     scale: .numeric([1: "Invents facts", 3: "Minor slips", 5: "Every fact is in the notes"]),
///     judge: SystemLanguageModel()
/// )
/// ```
///
/// The verdict is generated under a schema, so a judge always returns a score on the scale (or,
/// in ``ScoringMode/continuous`` mode, a number within its bounds) and never unreadable text.
/// Each dimension's score is the metric named after it, with the judge's rationale. The judge
/// decodes greedily, so the same response gets the same score.
public struct ModelJudgeEvaluator<Input>: EvaluatorProtocol, Sendable where Input: ModelSampleProtocol {
    /// The subject it reads: a model's value.
    public typealias Subject = ModelSubject<Input.ExpectedValue>

    /// The aspects scored, each its own metric.
    public let dimensions: [ScoreDimension]
    /// Whether the judge picks options or gives numbers.
    public let scoringMode: ScoringMode
    private let judge: any LanguageModel
    private let prompt: ModelJudgePrompt<Input>
    private let isPairwise: Bool

    /// The instructions judges get unless a ``ModelJudgePrompt`` says otherwise.
    public static var defaultInstructions: String { ModelJudgePrompt<Input>.defaultInstructions }

    /// A judge with one score, the metric `name`.
    public init(_ name: String, scale: ScoringScale, judge: any LanguageModel = SystemLanguageModel(), scoringMode: ScoringMode = .discrete) {
        self.init(judge: judge, dimensions: [ScoreDimension(name, scale: scale)], scoringMode: scoringMode, prompt: ModelJudgePrompt())
    }

    /// A judge with one score and its own prompt.
    public init(_ name: String, scale: ScoringScale, judge: any LanguageModel, scoringMode: ScoringMode = .discrete, prompt: ModelJudgePrompt<Input>) {
        self.init(judge: judge, dimensions: [ScoreDimension(name, scale: scale)], scoringMode: scoringMode, prompt: prompt)
    }

    /// A judge that scores several dimensions in one verdict.
    public init(judge: any LanguageModel = SystemLanguageModel(), dimensions: [ScoreDimension], scoringMode: ScoringMode = .discrete) {
        self.init(judge: judge, dimensions: dimensions, scoringMode: scoringMode, prompt: ModelJudgePrompt())
    }

    /// A judge that scores several dimensions with its own prompt.
    public init(judge: any LanguageModel, dimensions: [ScoreDimension], scoringMode: ScoringMode = .discrete, prompt: ModelJudgePrompt<Input>) {
        self.init(judge: judge, dimensions: dimensions, scoringMode: scoringMode, prompt: prompt, isPairwise: false)
    }

    private init(judge: any LanguageModel, dimensions: [ScoreDimension], scoringMode: ScoringMode, prompt: ModelJudgePrompt<Input>, isPairwise: Bool) {
        self.judge = judge
        self.dimensions = dimensions
        self.scoringMode = scoringMode
        self.prompt = prompt
        self.isPairwise = isPairwise
    }

    /// A judge that compares each response with the sample's expected value (the baseline) and
    /// scores how it compares, on a scale you frame as a comparison (say 1: the baseline is much
    /// better … 4: the response is much better). Samples without an expected value are ignored.
    public static func pairwise(
        _ name: String, scale: ScoringScale, judge: any LanguageModel, scoringMode: ScoringMode = .discrete,
        evaluationTarget: (@Sendable (Input.ExpectedValue) -> String)? = nil
    ) -> ModelJudgeEvaluator<Input> {
        pairwise(judge: judge, dimensions: [ScoreDimension(name, scale: scale)], scoringMode: scoringMode, evaluationTarget: evaluationTarget)
    }

    /// A pairwise judge on several dimensions.
    public static func pairwise(
        judge: any LanguageModel, dimensions: [ScoreDimension], scoringMode: ScoringMode = .discrete,
        evaluationTarget: (@Sendable (Input.ExpectedValue) -> String)? = nil
    ) -> ModelJudgeEvaluator<Input> {
        ModelJudgeEvaluator(
            judge: judge, dimensions: dimensions, scoringMode: scoringMode,
            prompt: ModelJudgePrompt(instructions: pairwiseInstructions, evaluationTarget: evaluationTarget), isPairwise: true)
    }

    private static var pairwiseInstructions: String {
        """
        You are an impartial evaluator comparing two responses to the same task: the candidate and \
        the baseline. Score how the candidate compares with the baseline on each dimension, using \
        only that dimension's scale. Ignore which one is shown first. For each dimension, give the \
        score, then a short rationale.
        """
    }

    /// The prompt the judge gets for a sample and the response to score: the task, the response,
    /// the reference facts (or, for a pairwise judge, the baseline) and the scales.
    public func judgePrompt(for sample: Input, output: Input.ExpectedValue) async throws -> Prompt {
        var lines: [String] = []
        if let instructions = sample.input.instructionsDescription, !instructions.isEmpty {
            lines.append("Instructions: \(instructions)")
        }
        lines.append("Task: \(sample.input.promptDescription)")
        if isPairwise {
            lines.append("Candidate response: \(render(output))")
            if let baseline = sample.expected { lines.append("Baseline response: \(render(baseline))") }
        } else {
            lines.append("Response: \(render(output))")
            if let reference = prompt.reference {
                let facts = try await reference(sample, output)
                for label in facts.keys.sorted() { lines.append("\(label): \(facts[label] ?? "")") }
            }
        }
        let verdict = JudgeVerdict(dimensions: dimensions, mode: scoringMode)
        let sections = [lines.joined(separator: "\n"), "Score the \(isPairwise ? "candidate" : "response") on each dimension:\n\(verdict.scaleText())"]
        return Prompt(sections.joined(separator: "\n\n"))
    }

    /// Each dimension's score of the subject's value.
    public func metrics(subject: ModelSubject<Input.ExpectedValue>, input: Input) async throws -> [Metric] {
        if isPairwise, input.expected == nil {
            return dimensions.map { $0.metric.ignore(rationale: "no baseline: the sample has no expected value") }
        }
        let verdict = JudgeVerdict(dimensions: dimensions, mode: scoringMode)
        let schema = try verdict.schema()
        let session = LanguageModelSession(model: judge, instructions: prompt.instructions)
        let response = try await session.respond(
            to: try await judgePrompt(for: input, output: subject.value),
            schema: schema,
            options: GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 100 * dimensions.count + 32))
        return try verdict.metrics(from: response.content)
    }

    /// A value as the judge reads it: `evaluationTarget`'s text, a string as it is, else JSON.
    private func render(_ value: Input.ExpectedValue) -> String {
        if let target = prompt.evaluationTarget { return target(value) }
        if let text = value as? String { return text }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return String(describing: value) }
        return String(decoding: data, as: UTF8.self)
    }
}
