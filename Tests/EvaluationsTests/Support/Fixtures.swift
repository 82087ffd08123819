import Evaluations
import Foundation
import FoundationModels
import FoundationModelsTesting
import TestSupport

/// What the evaluation tests share: the real models and scripted evaluations.
enum Fixtures {
    /// SmolLM2 with room for four concurrent sessions (the runner's default concurrency).
    static let smolLM2 = LlamaLanguageModel(path: TestModels.smolLM2Path, contextSize: 2048, concurrentSessions: 4)

    /// Greedy decoding with a short answer.
    static let greedy = GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 48)

    /// The text of a request's last prompt.
    static func lastPrompt(of request: LanguageModelExecutorGenerationRequest) -> String {
        for entry in request.transcript.reversed() {
            if case .prompt(let prompt) = entry {
                return prompt.segments.map(\.description).joined()
            }
        }
        return ""
    }
}

/// An evaluation whose subjects are computed without a model: the answer is the prompt's length,
/// or an error for prompts containing "fail".
struct LengthEvaluation: Evaluation {
    let exact = Metric("Exact")
    let error = Metric("Error size")
    let prompts: [(String, Int?)]
    var delays = false

    var dataset: ArrayLoader<ModelSample<Int>> {
        ArrayLoader(samples: prompts.map { ModelSample(prompt: $0.0, expected: $0.1) })
    }

    func subject(from sample: ModelSample<Int>) async throws -> ModelSubject<Int> {
        if sample.promptDescription.contains("fail") { throw SubjectInferenceError.failed(reason: "asked to fail") }
        if delays { try await Task.sleep(for: .milliseconds(Int.random(in: 0...30))) }
        return ModelSubject(value: sample.promptDescription.count)
    }

    var evaluators: Evaluators {
        Evaluator { sample, subject in
            guard let expected = sample.expected else { return exact.ignore() }
            return subject.value == expected ? exact.passing() : exact.failing(rationale: "got \(subject.value)")
        }
        Evaluator { sample, subject in
            guard let expected = sample.expected else { return error.ignore() }
            return error.scoring(Double(abs(subject.value - expected)))
        }
    }

    func aggregateMetrics(using aggregator: inout MetricsAggregator) {
        aggregator.computeMean(of: exact)
        aggregator.group("Error") { group in
            group.computeMean(of: error)
            group.computeMaximum(of: error)
        }
    }
}
