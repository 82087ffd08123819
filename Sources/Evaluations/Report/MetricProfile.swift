/// What a report shows of one metric in one result: how many samples passed, failed, scored or
/// were ignored, and the scores.
struct MetricProfile {
    var passing = 0
    var failing = 0
    var ignored = 0
    var scores: [Double] = []

    init(metric name: String, in result: EvaluationResult) {
        for row in result.rows {
            guard row.error == nil, let metric = row.metrics[name] else {
                ignored += 1
                continue
            }
            switch metric.value {
            case .passing: passing += 1
            case .failing: failing += 1
            case .scoring(let score): scores.append(score)
            case .ignore: ignored += 1
            }
        }
    }

    /// Whether the metric passes and fails rather than scores.
    var isPassFail: Bool { scores.isEmpty && passing + failing > 0 }

    /// The share of passing samples among those that passed or failed.
    var passRate: Double? {
        passing + failing == 0 ? nil : Double(passing) / Double(passing + failing)
    }

    var total: Int { passing + failing + ignored + scores.count }
}
