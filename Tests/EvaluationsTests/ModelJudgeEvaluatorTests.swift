import Evaluations
import Foundation
import FoundationModels
import FoundationModelsTesting
import TestSupport
import Testing

/// Model judges: the prompt they get, how verdicts become metrics, and bad verdicts.
@Suite struct ModelJudgeEvaluatorTests {
    typealias Sample = ModelSample<String>

    static let correctness = ScoreDimension("Correctness", description: "Is the answer right?", scale: .passFail(passDescription: "Right", failDescription: "Wrong"))
    static let style = ScoreDimension("Style", scale: .numeric([1: "Clumsy", 3: "Plain", 5: "Elegant"]))

    /// A judge that passes answers mentioning Paris and gives every answer a 3 for style.
    static func scriptedJudge(label: String = "Pass") -> MockLanguageModel {
        MockLanguageModel { request in
            let prompt = Fixtures.lastPrompt(of: request)
            let answer = prompt.components(separatedBy: "Response: ").last ?? ""
            let right = answer.hasPrefix("Paris")
            return .content(
                GeneratedContent(properties: [
                    "Correctness": GeneratedContent(properties: ["rationale": right ? "It names Paris." : "It does not name Paris.", "score": right ? label : "Fail"]),
                    "Style": GeneratedContent(properties: ["rationale": "Plain.", "score": "3"])
                ]))
        }
    }

    @Test func dimensionsBecomeMetricsWithRationales() async throws {
        let judge = Self.scriptedJudge()
        let evaluator = ModelJudgeEvaluator<Sample>(judge: judge, dimensions: [Self.correctness, Self.style])
        let sample = Sample(prompt: "Capital of France?", expected: "Paris")
        let good = try await evaluator.metrics(subject: ModelSubject(value: "Paris."), input: sample)
        let bad = try await evaluator.metrics(subject: ModelSubject(value: "Lyon."), input: sample)
        #expect(good.map(\.name) == ["Correctness", "Style"])
        #expect(good.map(\.doubleValue) == [1, 3])
        #expect(bad.map(\.doubleValue) == [0, 3])
        #expect(good[0].rationale == "It names Paris.")
        #expect(judge.requests.allSatisfy { $0.schema != nil })
        #expect(evaluator.dimensions.map(\.metric.name) == ["Correctness", "Style"])
        #expect(evaluator.scoringMode == .discrete)
    }

    @Test func aScoreOffTheScaleIsATypedError() async throws {
        let evaluator = ModelJudgeEvaluator<Sample>(judge: Self.scriptedJudge(label: "Maybe"), dimensions: [Self.correctness])
        await #expect(throws: ModelJudgeError.self) {
            _ = try await evaluator.metrics(subject: ModelSubject(value: "Paris"), input: Sample(prompt: "Capital of France?"))
        }
        let empty = ModelJudgeEvaluator<Sample>("Empty", scale: ScoringScale(options: []), judge: Self.scriptedJudge())
        await #expect(throws: ModelJudgeError.self) {
            _ = try await empty.metrics(subject: ModelSubject(value: "Paris"), input: Sample(prompt: "Capital of France?"))
        }
    }

    @Test func thePromptCarriesTheTaskTheResponseAndTheReference() async throws {
        let prompt = ModelJudgePrompt<Sample>(
            instructions: "Be strict.",
            evaluationTarget: { $0.uppercased() },
            reference: { sample, _ in ["Expected Answer": sample.expected ?? ""] })
        let evaluator = ModelJudgeEvaluator<Sample>(
            "Correctness", scale: .passFail(passDescription: "Right", failDescription: "Wrong"), judge: Self.scriptedJudge(), prompt: prompt)
        let written = try await promptText(evaluator, sample: Sample(prompt: "Capital of France?", expected: "Paris", instructions: "Answer briefly."), output: "paris")
        #expect(written.contains("Instructions: Answer briefly.\nTask: Capital of France?\nResponse: PARIS\nExpected Answer: Paris"))
        #expect(written.contains("Correctness: Fail if wrong. Pass if right."))
        #expect(ModelJudgeEvaluator<Sample>.defaultInstructions == ModelJudgePrompt<Sample>.defaultInstructions)
    }

    @Test func pairwiseJudgesShowTheBaselineAndSkipSamplesWithoutOne() async throws {
        let judge = MockLanguageModel { _ in
            .content(GeneratedContent(properties: ["Preference": GeneratedContent(properties: ["rationale": "Better.", "score": "4"])]))
        }
        let evaluator = ModelJudgeEvaluator<Sample>.pairwise(
            "Preference", scale: .numeric([1: "Baseline much better", 2: "Baseline better", 3: "Candidate better", 4: "Candidate much better"]), judge: judge)
        let written = try await promptText(evaluator, sample: Sample(prompt: "Summarize.", expected: "Old summary."), output: "New summary.")
        #expect(written.contains("Candidate response: New summary.\nBaseline response: Old summary."))
        #expect(written.contains("Preference: 1 if baseline much better. 2 if baseline better. 3 if candidate better. 4 if candidate much better."))
        let scored = try await evaluator.metrics(subject: ModelSubject(value: "New summary."), input: Sample(prompt: "Summarize.", expected: "Old summary."))
        #expect(scored.map(\.doubleValue) == [4])
        let skipped = try await evaluator.metrics(subject: ModelSubject(value: "New summary."), input: Sample(prompt: "Summarize."))
        #expect(skipped.map(\.value) == [.ignore])
        #expect(judge.requests.count == 1)
    }

    @Test func scalesHaveTheirOptions() {
        enum Helpfulness: Double, ScoreLevel {
            case unhelpful = 0
            case helpful = 1
            var guideDescription: String { self == .helpful ? "Answers the question" : "Does not" }
            var value: Double { rawValue }
        }
        #expect(ScoringScale.custom(Helpfulness.self).options.map(\.label) == ["unhelpful", "helpful"])
        #expect(ScoringScale.numeric([5: "Great", 1: "Poor", 2.5: "Fair"]).options.map(\.label) == ["1", "2.5", "5"])
        #expect(ScoringScale.passFail(passDescription: "p", failDescription: "f").options.map(\.value) == [0, 1])
    }

    /// The judge's prompt as text, read from the request a scripted judge receives.
    private func promptText(_ evaluator: ModelJudgeEvaluator<Sample>, sample: Sample, output: String) async throws -> String {
        let prompt = try await evaluator.judgePrompt(for: sample, output: output)
        let recorder = MockLanguageModel(replies: [.text("ok")])
        _ = try await LanguageModelSession(model: recorder).respond(to: prompt)
        return Fixtures.lastPrompt(of: try #require(recorder.requests.first))
    }
}

/// A real judge on the default model (Qwen2.5-Coder-0.5B): verdicts always on the scale, and
/// known-good answers scored above known-bad ones. (SmolLM2-135M is too small to judge: under a
/// schema it gives every answer the same score; see design note 0009.)
@Suite(.enabled(if: TestModels.announceIfMissing()))
struct ModelJudgeModelTests {
    struct ReviewEvaluation: Evaluation {
        static let enthusiasm = ScoreDimension(
            "Enthusiasm", description: "Is the review enthusiastic about the book?",
            scale: .passFail(passDescription: "The review is positive about the book.", failDescription: "The review is negative about the book."))
        let dataset: ArrayLoader<ModelSample<String>>

        /// The answers under test are fixed: the expected value is the answer itself.
        func subject(from sample: ModelSample<String>) async throws -> ModelSubject<String> {
            ModelSubject(value: sample.expected ?? "")
        }

        var evaluators: Evaluators {
            ModelJudgeEvaluator(judge: ModelJudgeModelTests.judge, dimensions: [Self.enthusiasm])
        }

        func aggregateMetrics(using aggregator: inout MetricsAggregator) {
            aggregator.computeMean(of: Self.enthusiasm.metric)
        }
    }

    static let task = "Write an enthusiastic two-sentence review of the novel you read last."

    /// The default model on an engine of its own with one slot: in the full suite, the shared
    /// engine batched the judge's requests with other tests' and a greedy verdict on a bad review
    /// flipped to a pass once (llama.cpp's kernels round differently by batch shape; passing
    /// alone, in 19 s). The context size, used by no other test, keeps the engine apart.
    static let judge = LlamaLanguageModel(path: TestModels.qwenPath, contextSize: 3072, concurrentSessions: 1)

    @Test func theJudgeScoresGoodAnswersAboveBadOnes() async throws {
        let good = [
            "I loved this novel from the first page. It is wonderful, moving and beautifully written.",
            "What a delightful book! I could not put it down and I will read it again."
        ]
        let bad = [
            "I hated this novel. It is boring, clumsy and far too long.",
            "What a dreadful book. I gave up halfway and regret buying it."
        ]
        let metric = ReviewEvaluation.enthusiasm.metric
        let goodResult = try await ReviewEvaluation(dataset: ArrayLoader(samples: good.map { ModelSample(prompt: Self.task, expected: $0) })).run()
        let badResult = try await ReviewEvaluation(dataset: ArrayLoader(samples: bad.map { ModelSample(prompt: Self.task, expected: $0) })).run()
        for result in [goodResult, badResult] {
            #expect(result.errors.evaluatorFailureCount == 0)
            #expect(result.detailed[metric: metric].allSatisfy { $0?.doubleValue == 0 || $0?.doubleValue == 1 })
            #expect(result.detailed[metric: metric].allSatisfy { !($0?.rationale ?? "").isEmpty })
        }
        #expect(goodResult.aggregateValue(.mean(of: metric)) == 1)
        #expect(badResult.aggregateValue(.mean(of: metric)) == 0)
    }

    @Test func continuousScoresStayWithinTheScale() async throws {
        let scale = ScoringScale.numeric([1: "Negative about the book", 5: "Enthusiastic about the book"])
        let evaluator = ModelJudgeEvaluator<ModelSample<String>>("Tone", scale: scale, judge: SystemLanguageModel(), scoringMode: .continuous)
        let metrics = try await evaluator.metrics(subject: ModelSubject(value: "A wonderful, moving book."), input: ModelSample(prompt: Self.task))
        let score = try #require(metrics.first?.doubleValue)
        #expect((1...5).contains(score))
    }
}
