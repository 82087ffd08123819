/// A metric's result as results files store it: `{"name", "result", "score"?, "rationale"?}`.
struct MetricRecord: Codable, Sendable, Equatable {
    var name: String
    /// `passing`, `failing`, `scoring` or `ignore`.
    var result: String
    var score: Double?
    var rationale: String?

    init(_ metric: Metric) {
        name = metric.name
        rationale = metric.rationale
        switch metric.value {
        case .passing: result = "passing"
        case .failing: result = "failing"
        case .scoring(let value): result = "scoring"; score = value
        case .ignore: result = "ignore"
        }
    }

    /// The metric, or `nil` when the result is not one of the four kinds.
    var metric: Metric? {
        let value: Metric.Value
        switch result {
        case "passing": value = .passing
        case "failing": value = .failing
        case "scoring":
            guard let score else { return nil }
            value = .scoring(score)
        case "ignore": value = .ignore
        default: return nil
        }
        return Metric(name: name, value: value, rationale: rationale)
    }
}
