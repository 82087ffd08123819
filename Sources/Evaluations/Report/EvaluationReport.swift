public import Foundation

/// A self-contained HTML report of one evaluation result, or of several side by side (model A
/// against model B): what Xcode's report navigator shows for Apple's framework.
///
/// ```swift
/// let report = EvaluationReport([onQwen, onSmolLM2])
/// try report.write(to: URL(fileURLWithPath: "report.html"))
/// ```
///
/// The page has no scripts and loads nothing: the summary statistics, each metric's pass rate and
/// score distribution as inline SVG charts, and every sample's row with its metrics (rationales in
/// tooltips). Results are compared row by row, in dataset order. `fm eval report` writes the same
/// page from results files.
///
/// This type is an addition to Apple's API.
public struct EvaluationReport: Sendable {
    /// The results shown, in order.
    public let results: [EvaluationResult]

    /// A report of these results (one, or several to compare).
    public init(_ results: [EvaluationResult]) {
        self.results = results
    }

    /// The page.
    public var html: String {
        var page = ReportPage()
        page.header(results: results, names: names)
        page.summary(results: results, names: names)
        for metric in metricNames {
            page.metric(metric, profiles: results.indices.map { (names[$0], MetricProfile(metric: metric, in: results[$0])) })
        }
        page.rows(results: results, names: names, metrics: metricNames)
        return page.finished(title: title)
    }

    /// Writes the page to a file (replacing it).
    public func write(to url: URL) throws {
        try Data(html.utf8).write(to: url, options: .atomic)
    }

    /// What each result is called: its model when `evaluationInfo` names one (`ModelName`,
    /// `model`), else its evaluation and its place.
    var names: [String] {
        results.enumerated().map { index, result in
            let model = result.evaluationInfo["ModelName"] ?? result.evaluationInfo["model"] ?? result.evaluationInfo["Model"]
            return model ?? (results.count == 1 ? result.evaluationID : "\(result.evaluationID) #\(index + 1)")
        }
    }

    /// Every metric of any result, in first-seen order.
    var metricNames: [String] {
        var names: [String] = []
        for result in results {
            for name in result.metricNames where !names.contains(name) { names.append(name) }
        }
        return names
    }

    private var title: String {
        let evaluations = results.map(\.evaluationID).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        return evaluations.joined(separator: ", ") + (results.count > 1 ? ": " + names.joined(separator: " vs ") : "")
    }
}
