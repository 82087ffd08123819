public import Evaluations
import Foundation

/// A feature's result in numbers: each metric's pass rate, counting an answer that failed (the
/// model threw) as failing every metric that measures its sample, and the mean time per answer.
public struct FeatureScore: Sendable {
    /// One metric's count.
    public struct MetricScore: Sendable, Equatable {
        /// The metric's name.
        public var name: String
        /// The samples that passed.
        public var passed: Int
        /// The samples counted: those the metric measured, and those without an answer.
        public var counted: Int

        /// `passed / counted`, 0 when nothing was counted.
        public var rate: Double { counted == 0 ? 0 : Double(passed) / Double(counted) }
    }

    /// The samples run.
    public var samples: Int
    /// The samples with no answer (the model threw).
    public var errors: Int
    /// The run's wall time over its samples: the time per answer when samples run one at a
    /// time (`FM_EVAL_CONCURRENCY=1`, as `fm eval run` sets).
    public var secondsPerAnswer: Double
    /// The metrics, in the evaluation's order.
    public var metrics: [MetricScore]

    /// The score of a result.
    ///
    /// - Parameters:
    ///   - result: The evaluation's result, its rows in the order of its samples.
    ///   - measuresUnanswered: Whether a metric (by name) measures the sample of a row (by index)
    ///     whatever the answer, so that a sample without an answer counts as failing it; false for
    ///     a check kept for some samples only (``SignPhotoEvaluation/measures(_:sample:)``), which
    ///     then leaves that sample out, as it does when there is an answer. Every metric measures
    ///     every sample by default.
    public init(_ result: EvaluationResult, measuresUnanswered: (_ metric: String, _ row: Int) -> Bool = { _, _ in true }) {
        let table = result.detailed
        let errorCells = table["Error", String.self]
        let failed = (0..<table.rowCount).map { errorCells[$0] != nil }
        samples = table.rowCount
        errors = failed.filter { $0 }.count
        secondsPerAnswer = samples == 0 ? 0 : result.duration / Double(samples)
        let names = table.columnNames.filter { $0 != "Input" && $0 != "Response" && $0 != "Expected" && $0 != "Error" }
        metrics = names.map { name in
            let cells = table[metric: Metric(name)]
            var passed = 0
            var counted = 0
            for row in 0..<table.rowCount {
                if failed[row] {
                    if measuresUnanswered(name, row) { counted += 1 }
                    continue
                }
                switch cells[row]?.value {
                case .passing: (passed, counted) = (passed + 1, counted + 1)
                case .failing: counted += 1
                case .scoring(let score): (passed, counted) = (passed + (score >= 1 ? 1 : 0), counted + 1)
                case .ignore, nil: break
                }
            }
            return MetricScore(name: name, passed: passed, counted: counted)
        }
    }
}
