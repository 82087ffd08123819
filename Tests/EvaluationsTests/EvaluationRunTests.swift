import Evaluations
import Foundation
import Synchronization
import Testing

/// Running evaluations without a model: rows, order, failures, the builder, the trait.
@Suite struct EvaluationRunTests {
    @Test func rowsKeepDatasetOrderUnderConcurrency() async throws {
        let prompts = (0..<24).map { (String(repeating: "x", count: $0 + 1), Optional($0 + 1)) }
        let result = try await LengthEvaluation(prompts: prompts, delays: true).run()
        let evaluation = LengthEvaluation(prompts: prompts)
        let inputs = result.detailed[evaluation.inputColumn]
        let responses = result.detailed[evaluation.responseColumn]
        #expect(inputs.count == 24)
        #expect(inputs.map { $0?.promptDescription } == prompts.map(\.0))
        #expect(responses.map { $0?.value } == Array(1...24))
        #expect(result.aggregateValue(.mean(of: evaluation.exact)) == 1)
        #expect(result.evaluationID == "LengthEvaluation")
        #expect(evaluation.name == "LengthEvaluation")
    }

    @Test func aFailedSubjectKeepsItsRowAndIsLeftOutOfStatistics() async throws {
        let evaluation = LengthEvaluation(prompts: [("abc", 3), ("please fail", 1), ("abcd", 9)])
        let result = try await evaluation.run(info: ["model": "none"])
        #expect(result.detailed.rowCount == 3)
        #expect(result.detailed[evaluation.responseColumn][1] == nil)
        #expect(result.detailed["Error", String.self][1]?.contains("asked to fail") == true)
        #expect(result.detailed[metric: evaluation.exact].map { $0?.value } == [.passing, .ignore, .failing])
        #expect(result.detailed[metric: evaluation.exact][2]?.rationale == "got 4")
        #expect(result.aggregateValue(.mean(of: evaluation.exact)) == 0.5)
        #expect(result.aggregateValue(.maximum(of: evaluation.error)) == 5)
        #expect(result.errors.inferenceFailureCount == 1)
        #expect(result.errors.anyInferenceProduced)
        #expect(result.evaluationInfo == ["model": "none"])
        #expect(result.endTime >= result.startTime)
    }

    @Test func aThrowingEvaluatorIsCountedAndTheOthersStillScore() async throws {
        struct Broken: Evaluation {
            let kept = Metric("Kept")
            let dataset = ArrayLoader(samples: [ModelSample(prompt: "a", expected: "a"), ModelSample(prompt: "b", expected: "b")])
            func subject(from sample: ModelSample<String>) async throws -> ModelSubject<String> {
                ModelSubject(value: sample.promptDescription)
            }
            var evaluators: Evaluators {
                Evaluator { _, _ in throw EvaluationError.missingTranscript(evaluatorType: "Broken") }
                Evaluator { sample, subject in subject.value == sample.expected ? kept.passing() : kept.failing() }
            }
            func aggregateMetrics(using aggregator: inout MetricsAggregator) {
                aggregator.computeMean(of: kept)
            }
        }
        let result = try await Broken().run()
        #expect(result.errors.evaluatorFailureCount == 2)
        #expect(result.errors.failingEvaluatorTypes.count == 1)
        #expect(result.aggregateValue(.mean(of: Metric("Kept"))) == 1)
    }

    @Test func theBuilderTakesConditionsAndLoops() async throws {
        struct Conditional: Evaluation {
            let strict: Bool
            let dataset = ArrayLoader(samples: [ModelSample(prompt: "a", expected: "a")])
            func subject(from sample: ModelSample<String>) async throws -> ModelSubject<String> {
                ModelSubject(value: "a")
            }
            var evaluators: Evaluators {
                Evaluator { _, _ in Metric("Always").passing() }
                if strict {
                    Evaluator { _, _ in Metric("Strict").failing() }
                } else {
                    Evaluator { _, _ in Metric("Lenient").passing() }
                }
                for index in 0..<2 {
                    Evaluator { _, _ in Metric("Loop \(index)").scoring(Double(index)) }
                }
            }
            func aggregateMetrics(using aggregator: inout MetricsAggregator) {}
        }
        let strict = try await Conditional(strict: true).run()
        #expect(Array(strict.detailed.columnNames.dropFirst(4)) == ["Always", "Strict", "Loop 0", "Loop 1"])
        let lenient = try await Conditional(strict: false).run()
        #expect(lenient.detailed.columnNames.contains("Lenient"))
        #expect(lenient.summary.rowCount == 0)
    }

    @Test func aLoaderErrorFailsTheRun() async throws {
        struct Unreadable: Evaluation {
            let dataset = JSONLoader<ModelSample<String>>(url: URL(fileURLWithPath: "/nonexistent/dataset.jsonl"))
            func subject(from sample: ModelSample<String>) async throws -> ModelSubject<String> { ModelSubject(value: "") }
            var evaluators: Evaluators { Evaluator { _, _ in Metric("M").passing() } }
            func aggregateMetrics(using aggregator: inout MetricsAggregator) {}
        }
        await #expect(throws: (any Error).self) { try await Unreadable().run() }
    }

    @Test func streamLoaderFeedsSamplesAsTheyCome() async throws {
        struct Streamed: Evaluation {
            let seen = Metric("Seen")
            var dataset: StreamLoader<ModelSample<String>> {
                StreamLoader(
                    stream: AsyncThrowingStream<ModelSample<String>, any Error> { continuation in
                        for word in ["one", "two", "three"] { continuation.yield(ModelSample(prompt: word, expected: word)) }
                        continuation.finish()
                    })
            }
            func subject(from sample: ModelSample<String>) async throws -> ModelSubject<String> {
                ModelSubject(value: sample.promptDescription)
            }
            var evaluators: Evaluators {
                Evaluator { sample, subject in sample.expected == subject.value ? seen.passing() : seen.failing() }
            }
            func aggregateMetrics(using aggregator: inout MetricsAggregator) { aggregator.computeMean(of: seen) }
        }
        let result = try await Streamed().run()
        #expect(result.detailed.rowCount == 3)
        #expect(result.aggregateValue(.mean(of: Metric("Seen"))) == 1)
    }

    static let traitEvaluation = LengthEvaluation(prompts: [("ab", 2), ("abc", 2)])

    @Test(.evaluates(traitEvaluation, info: ["suite": "EvaluationRunTests"]))
    func theTraitRunsTheEvaluationBeforeTheTest() {
        let result = EvaluationContext.current.result
        #expect(result.evaluationInfo == ["suite": "EvaluationRunTests"])
        #expect(result.aggregateValue(.mean(of: Self.traitEvaluation.exact)) == 0.5)
        #expect(result.detailed.rowCount == 2)
    }

    /// An evaluation that counts how often it runs.
    struct CountedEvaluation: Evaluation {
        static let runs = Mutex(0)
        let dataset = ArrayLoader(samples: [ModelSample(prompt: "a", expected: "a")])
        func subject(from sample: ModelSample<String>) async throws -> ModelSubject<String> {
            Self.runs.withLock { $0 += 1 }
            return ModelSubject(value: "a")
        }
        var evaluators: Evaluators { Evaluator { _, _ in Metric("Ran").passing() } }
        func aggregateMetrics(using aggregator: inout MetricsAggregator) { aggregator.computeMean(of: Metric("Ran")) }
    }

    @Test(.evaluates(CountedEvaluation()), arguments: [1, 2, 3])
    func aParameterizedTestSharesOneRun(argument: Int) {
        #expect(EvaluationContext.current.result.aggregateValue(.mean(of: Metric("Ran"))) == 1)
        #expect(CountedEvaluation.runs.withLock { $0 } == 1)
    }

    @Test func readingTheContextOutsideAnEvaluatedTestStops() async {
        await #expect(processExitsWith: .failure) {
            _ = EvaluationContext.current
        }
    }
}
