import Foundation
import FoundationModels

/// Runs one evaluation: every sample's subject and evaluators, at most `concurrency` samples at a
/// time, then the statistics.
struct EvaluationRunner<E: Evaluation> {
    /// How a run behaves, from the environment.
    struct Settings {
        /// The most samples in flight at once.
        var concurrency: Int
        /// Whether to report progress on standard error.
        var reportsProgress: Bool

        /// `FM_EVAL_CONCURRENCY` (default 4) and `FM_EVAL_PROGRESS` (`0` silences progress), read
        /// through the package's one reader of its variables.
        static func fromEnvironment(_ environment: PackageEnvironment = PackageEnvironment()) -> Settings {
            Settings(concurrency: environment.evaluationConcurrency, reportsProgress: environment.reportsEvaluationProgress)
        }
    }

    /// One sample's outcome, before it becomes a row.
    struct Outcome: Sendable {
        var row: ResultRow
        var subjectFailed: Bool
        var evaluatorFailures: [String]
    }

    let evaluation: E
    let info: [String: String]
    let settings: Settings

    func run() async throws -> EvaluationResult {
        let start = Date()
        let evaluators = evaluation.evaluators
        let progress = EvaluationProgress(name: evaluation.name, enabled: settings.reportsProgress)
        var outcomes: [Int: Outcome] = [:]
        var sampleCount = 0
        try await withThrowingTaskGroup(of: (Int, Outcome).self) { group in
            var inFlight = 0
            for try await sample in evaluation.dataset.stream {
                if inFlight >= settings.concurrency, let (index, outcome) = try await group.next() {
                    outcomes[index] = outcome
                    inFlight -= 1
                    progress.completed(outcomes.count, of: nil)
                }
                let index = sampleCount
                sampleCount += 1
                inFlight += 1
                group.addTask { [evaluation] in
                    (index, try await Self.outcome(of: sample, evaluation: evaluation, evaluators: evaluators))
                }
            }
            while let (index, outcome) = try await group.next() {
                outcomes[index] = outcome
                progress.completed(outcomes.count, of: sampleCount)
            }
        }
        progress.finished(sampleCount)
        let ordered = (0..<sampleCount).compactMap { outcomes[$0] }
        return summarize(ordered, start: start)
    }

    /// The subject of one sample and every evaluator's metrics for it.
    private static func outcome(of sample: E.Sample, evaluation: E, evaluators: [any EvaluatorProtocol<E.Sample, E.Subject>]) async throws -> Outcome {
        let input = TableCell(value: sample, json: json(of: sample))
        let expected = sample.expected.map { TableCell(value: $0, json: json(of: $0)) }
        var row = ResultRow(input: input, inputDescription: sample.input.description, response: nil, expected: expected, error: nil, metrics: [:])
        let subject: E.Subject
        do {
            subject = try await evaluation.subject(from: sample)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            row.error = describe(error)
            return Outcome(row: row, subjectFailed: true, evaluatorFailures: [])
        }
        row.response = TableCell(value: subject, json: json(of: StoredValue(value: subject.value)))
        var failures: [String] = []
        for evaluator in evaluators {
            do {
                for metric in try await evaluator.metrics(subject: subject, input: sample) where row.metrics[metric.name] == nil {
                    row.metrics[metric.name] = metric
                    row.metricOrder.append(metric.name)
                }
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                let type = String(describing: Swift.type(of: evaluator))
                failures.append(type)
                FileHandle.standardError.write(Data("Evaluations: \(type) failed on '\(sample.input.description.prefix(60))': \(describe(error))\n".utf8))
            }
        }
        return Outcome(row: row, subjectFailed: false, evaluatorFailures: failures)
    }

    /// The result: rows in dataset order, metric columns in the order evaluators produced them,
    /// and the statistics the evaluation asks for.
    private func summarize(_ outcomes: [Outcome], start: Date) -> EvaluationResult {
        var metricNames: [String] = []
        for outcome in outcomes {
            for name in outcome.row.metricOrder where !metricNames.contains(name) { metricNames.append(name) }
        }
        var values: [String: [Double]] = [:]
        for outcome in outcomes where !outcome.subjectFailed {
            for (name, metric) in outcome.row.metrics {
                if let value = metric.doubleValue { values[name, default: []].append(value) }
            }
        }
        var aggregator = MetricsAggregator(values: values, knownMetrics: Set(metricNames))
        evaluation.aggregateMetrics(using: &aggregator)
        let missing = aggregator.missingMetrics
        for name in missing {
            FileHandle.standardError.write(Data("Evaluations: \(evaluation.name) aggregates metric '\(name)', which no evaluator produced\n".utf8))
        }
        let failures = outcomes.flatMap(\.evaluatorFailures)
        let errors = EvaluationRunErrors(
            inferenceFailureCount: outcomes.filter(\.subjectFailed).count,
            anyInferenceProduced: outcomes.contains { !$0.subjectFailed },
            evaluatorFailureCount: failures.count,
            failingEvaluatorTypes: Set(failures),
            metricsNotFound: missing)
        return EvaluationResult(
            evaluationID: evaluation.name,
            reportMetadata: [
                "sampleCount": outcomes.count, "concurrency": settings.concurrency,
                "host": ProcessInfo.processInfo.hostName, "platform": "Linux"
            ],
            evaluationInfo: info, startTime: start, endTime: Date(), errors: errors,
            rows: outcomes.map(\.row), metricNames: metricNames + missing, aggregates: aggregator.aggregates)
    }

    private static func json(of value: some Encodable) -> StructuredValue? {
        guard let data = try? JSONEncoder().encode(value) else { return nil }
        return try? JSONDecoder().decode(StructuredValue.self, from: data)
    }

    private static func describe(_ error: any Error) -> String {
        (error as? any LocalizedError)?.errorDescription ?? String(describing: error)
    }
}
