import Foundation

/// The sections of an HTML report, written in order.
struct ReportPage {
    private var body: [String] = []

    mutating func header(results: [EvaluationResult], names: [String]) {
        var cards = ""
        for (index, result) in results.enumerated() {
            var facts = [
                ("Evaluation", result.evaluationID), ("Samples", String(result.rows.count)),
                ("Started", Self.timestamp(result.startTime)), ("Duration", String(format: "%.1f s", result.duration))
            ]
            for key in result.evaluationInfo.keys.sorted() { facts.append((key, result.evaluationInfo[key] ?? "")) }
            if result.errors.hasFailures {
                facts.append(
                    (
                        "Run errors",
                        "\(result.errors.inferenceFailureCount) failed subjects, \(result.errors.evaluatorFailureCount) evaluator failures"
                            + (result.errors.metricsNotFound.isEmpty ? "" : ", missing metrics: " + result.errors.metricsNotFound.joined(separator: ", "))
                    ))
            }
            let rows = facts.map { "<tr><th>\(HTML.escape($0.0))</th><td>\(HTML.escape($0.1))</td></tr>" }.joined()
            cards +=
                "<div class=\"card\"><h2><span class=\"swatch\" style=\"background:\(ReportCharts.palette[index % ReportCharts.palette.count])\"></span>\(HTML.escape(names[index]))</h2><table class=\"facts\">\(rows)</table></div>"
        }
        body.append("<section class=\"cards\">\(cards)</section>")
    }

    mutating func summary(results: [EvaluationResult], names: [String]) {
        var labels: [(label: String, group: String?, operation: AggregationOperation)] = []
        for result in results {
            for aggregate in result.aggregates where !labels.contains(where: { $0.operation == aggregate.operation && $0.group == aggregate.group }) {
                labels.append((aggregate.label, aggregate.group, aggregate.operation))
            }
        }
        guard !labels.isEmpty else {
            body.append("<section><h2>Summary</h2><p class=\"muted\">The evaluation asks for no statistics.</p></section>")
            return
        }
        var head = "<tr><th>Statistic</th><th>Group</th>" + names.map { "<th>\(HTML.escape($0))</th>" }.joined()
        if results.count == 2 { head += "<th>Difference</th>" }
        head += "</tr>"
        var rows = ""
        for entry in labels {
            let values = results.map { result in
                result.aggregates.first { $0.operation == entry.operation && $0.group == entry.group }?.value
            }
            rows += "<tr><td>\(HTML.escape(entry.label))</td><td>\(HTML.escape(entry.group ?? ""))</td>"
            rows += values.map { "<td class=\"number\">\($0.map(HTML.number) ?? "–")</td>" }.joined()
            if results.count == 2 {
                if let first = values[0], let second = values[1], first != -1, second != -1 {
                    let difference = second - first
                    let sign = difference > 0 ? "+" : ""
                    rows += "<td class=\"number delta\">\(sign)\(HTML.number(difference))</td>"
                } else {
                    rows += "<td class=\"number\">–</td>"
                }
            }
            rows += "</tr>"
        }
        body.append("<section><h2>Summary</h2><table class=\"grid\"><thead>\(head)</thead><tbody>\(rows)</tbody></table></section>")
    }

    mutating func metric(_ name: String, profiles: [(name: String, profile: MetricProfile)]) {
        var section = "<section class=\"metric\"><h2>\(HTML.escape(name))</h2>"
        if profiles.contains(where: { $0.profile.isPassFail }) {
            section += "<h3>Pass rate</h3>" + ReportCharts.passBars(profiles)
        }
        if profiles.contains(where: { !$0.profile.scores.isEmpty }) {
            let means = profiles.map { entry -> String in
                let scores = entry.profile.scores
                let mean = scores.isEmpty ? "–" : HTML.number(Statistics.mean(scores))
                return "\(HTML.escape(entry.name)): mean \(mean) over \(scores.count)"
            }.joined(separator: " · ")
            section += "<h3>Score distribution</h3><p class=\"muted\">\(means)</p>" + ReportCharts.histogram(profiles)
        }
        if !profiles.contains(where: { $0.profile.isPassFail || !$0.profile.scores.isEmpty }) {
            section += "<p class=\"muted\">No sample has a result for this metric.</p>"
        }
        body.append(section + "</section>")
    }

    mutating func rows(results: [EvaluationResult], names: [String], metrics: [String]) {
        var head = "<tr><th>#</th><th>Input</th><th>Expected</th>"
        for name in names { head += "<th>Response: \(HTML.escape(name))</th>" }
        for metric in metrics {
            for name in names { head += "<th>\(HTML.escape(metric))\(results.count > 1 ? ": " + HTML.escape(name) : "")</th>" }
        }
        head += "</tr>"
        var rows = ""
        let count = results.map(\.rows.count).max() ?? 0
        for index in 0..<count {
            let first = results.lazy.compactMap { $0.rows.indices.contains(index) ? $0.rows[index] : nil }.first
            rows += "<tr><td class=\"number\">\(index + 1)</td>"
            rows += "<td>\(HTML.escape(HTML.cut(first?.inputDescription ?? "", to: 300)))</td>"
            rows += "<td>\(HTML.escape(HTML.cut(Self.text(first?.expected?.json), to: 200)))</td>"
            for result in results {
                guard result.rows.indices.contains(index) else { rows += "<td></td>"; continue }
                let row = result.rows[index]
                if let error = row.error {
                    rows += "<td class=\"error\">\(HTML.escape(HTML.cut(error, to: 200)))</td>"
                } else {
                    rows += "<td>\(HTML.escape(HTML.cut(Self.responseText(row.response?.json), to: 300)))</td>"
                }
            }
            for metric in metrics {
                for result in results {
                    let value = result.rows.indices.contains(index) ? result.rows[index].metrics[metric] : nil
                    rows += Self.cell(value)
                }
            }
            rows += "</tr>"
        }
        body.append("<section><h2>Samples</h2><div class=\"scroll\"><table class=\"grid rows\"><thead>\(head)</thead><tbody>\(rows)</tbody></table></div></section>")
    }

    func finished(title: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(HTML.escape(title))</title>
        <style>\(Self.style)</style>
        </head>
        <body>
        <h1>\(HTML.escape(title))</h1>
        \(body.joined(separator: "\n"))
        </body>
        </html>

        """
    }

    private static func cell(_ metric: Metric?) -> String {
        guard let metric, metric.value != .ignore else { return "<td class=\"ignored\">–</td>" }
        let tooltip = metric.rationale.map { " title=\"\(HTML.escape($0))\"" } ?? ""
        switch metric.value {
        case .passing: return "<td class=\"pass\"\(tooltip)>pass</td>"
        case .failing: return "<td class=\"fail\"\(tooltip)>fail</td>"
        case .scoring(let score): return "<td class=\"number\"\(tooltip)>\(HTML.number(score))</td>"
        case .ignore: return "<td class=\"ignored\">–</td>"
        }
    }

    private static func text(_ value: StructuredValue?) -> String {
        value.map(\.text) ?? ""
    }

    /// A subject as stored (`{"value": …}`) shown as its value.
    private static func responseText(_ value: StructuredValue?) -> String {
        if case .dictionary(let members)? = value, let inner = members["value"] { return inner.text }
        return text(value)
    }

    private static func timestamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss 'UTC'"
        return formatter.string(from: date)
    }

    private static let style = """
        body{font:14px/1.45 -apple-system,"Segoe UI",Helvetica,Arial,sans-serif;margin:24px auto;max-width:1200px;color:#1d2330;padding:0 16px}
        h1{font-size:22px;margin:0 0 16px}h2{font-size:17px;margin:0 0 10px;display:flex;align-items:center;gap:8px}h3{font-size:13px;margin:12px 0 6px;color:#4a5263;text-transform:uppercase;letter-spacing:.04em}
        section{background:#fff;border:1px solid #e1e4ea;border-radius:8px;padding:16px;margin:0 0 16px}
        .cards{display:flex;gap:16px;flex-wrap:wrap;background:none;border:0;padding:0}.card{flex:1;min-width:280px;background:#fff;border:1px solid #e1e4ea;border-radius:8px;padding:16px}
        .swatch{display:inline-block;width:12px;height:12px;border-radius:3px}
        table{border-collapse:collapse}.facts th{text-align:left;color:#5b6475;font-weight:500;padding:2px 12px 2px 0;vertical-align:top}.facts td{padding:2px 0}
        .grid{width:100%}.grid th,.grid td{border-bottom:1px solid #eceef2;padding:6px 8px;text-align:left;vertical-align:top}.grid th{background:#f6f7f9;font-weight:600}
        .number{text-align:right;font-variant-numeric:tabular-nums}.delta{font-weight:600}
        .pass{color:#1f7a45;font-weight:600}.fail{color:#b42828;font-weight:600}.ignored{color:#9aa1ad}.error{color:#b42828}
        .muted{color:#5b6475}.scroll{overflow-x:auto}.rows td{max-width:360px;word-wrap:break-word}
        .chart{display:block;max-width:100%;height:auto}.chart .label,.chart .value,.chart .tick{font-size:12px;fill:#1d2330}
        """
}
