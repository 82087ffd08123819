import Evaluations
import FoundationModels
import TestSupport
import Testing

// An evaluation written as Apple's documentation writes one, run on the default model (the
// system model: Qwen2.5-Coder-0.5B as scripts/setup.sh installs it). Nothing below is specific
// to Linux.

struct ArithmeticEvaluation: Evaluation {
    let exactMatch = Metric("ExactMatch")
    let absoluteError = Metric("AbsoluteError")

    let dataset = ArrayLoader(samples: [
        ModelSample(prompt: "What is 2 + 3? Answer with the number only.", expected: 5),
        ModelSample(prompt: "What is 10 - 4? Answer with the number only.", expected: 6),
        ModelSample(prompt: "What is 3 times 3? Answer with the number only.", expected: 9)
    ])

    func subject(from sample: ModelSample<Int>) async throws -> ModelSubject<Int> {
        let session = LanguageModelSession()
        let response = try await session.respond(
            to: sample.prompt, generating: Int.self, options: GenerationOptions(samplingMode: .greedy))
        return ModelSubject(value: response.content, transcript: session.transcript.structuredTranscript)
    }

    var evaluators: Evaluators {
        Evaluator { sample, subject in
            guard let expected = sample.expected else { return exactMatch.ignore() }
            return subject.value == expected ? exactMatch.passing() : exactMatch.failing(rationale: "answered \(subject.value)")
        }
        Evaluator { sample, subject in
            guard let expected = sample.expected else { return absoluteError.ignore() }
            return absoluteError.scoring(Double(abs(subject.value - expected)))
        }
    }

    func aggregateMetrics(using aggregator: inout MetricsAggregator) {
        aggregator.computeMean(of: exactMatch)
        aggregator.computeMean(of: absoluteError)
    }
}

// Gated on the default model being set up (scripts/test.sh requires it).
@Suite(.enabled(if: TestModels.hasQwen || TestModels.modelsRequired))
struct AppleStyleEvaluationTests {
    static let evaluation = ArithmeticEvaluation()

    @Test(.evaluates(evaluation, info: ["ModelName": "default"]))
    func arithmeticOnTheDefaultModel() throws {
        let result = EvaluationContext.current.result
        let exactMatch = result.aggregateValue(.mean(of: Self.evaluation.exactMatch))
        let absoluteError = result.aggregateValue(.mean(of: Self.evaluation.absoluteError))
        #expect((0...1).contains(exactMatch))
        #expect(absoluteError >= 0)
        #expect(result.errors.hasFailures == false)

        // Every figure agrees with the rows it summarizes.
        let inputs = result.detailed[Self.evaluation.inputColumn]
        let responses = result.detailed[Self.evaluation.responseColumn]
        let scores = result.detailed[metric: Self.evaluation.exactMatch]
        #expect(inputs.count == 3)
        var passes = 0.0
        for row in inputs.indices {
            let response = try #require(responses[row])
            let expected = try #require(inputs[row]?.expected)
            #expect((scores[row]?.value == .passing) == (response.value == expected))
            #expect(response.transcript?.prompts.first == inputs[row]?.promptDescription)
            if scores[row]?.value == .passing { passes += 1 }
        }
        #expect(exactMatch == passes / 3)
        print("ArithmeticEvaluation on the default model:\n\(result.groupedSummary)")
    }
}
