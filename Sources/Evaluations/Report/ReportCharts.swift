/// The report's charts, as inline SVG: pass-rate bars and score histograms.
enum ReportCharts {
    /// The colors of the results being compared, in order.
    static let palette = ["#2f6fd6", "#d9822b", "#2e9e6b", "#9b59b6"]

    /// One stacked bar per result: passing, failing and ignored samples.
    static func passBars(_ profiles: [(name: String, profile: MetricProfile)]) -> String {
        let width = 520.0
        let barHeight = 22.0
        let labelWidth = 150.0
        let height = Double(profiles.count) * (barHeight + 12) + 8
        var svg = "<svg class=\"chart\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" width=\"\(Int(width))\" height=\"\(Int(height))\" role=\"img\">"
        for (index, entry) in profiles.enumerated() {
            let y = 4 + Double(index) * (barHeight + 12)
            let total = max(1, entry.profile.total)
            let scale = (width - labelWidth - 70) / Double(total)
            svg += "<text x=\"0\" y=\"\(format(y + 15))\" class=\"label\">\(HTML.escape(HTML.cut(entry.name, to: 22)))</text>"
            var x = labelWidth
            for (count, color, title) in [
                (entry.profile.passing, "#3a9d5d", "passing"), (entry.profile.failing, "#d64545", "failing"),
                (entry.profile.ignored, "#b9bec7", "ignored")
            ] where count > 0 {
                let w = Double(count) * scale
                svg +=
                    "<rect x=\"\(format(x))\" y=\"\(format(y))\" width=\"\(format(w))\" height=\"\(format(barHeight))\" fill=\"\(color)\"><title>\(count) \(title)</title></rect>"
                x += w
            }
            let rate = entry.profile.passRate.map(HTML.percent) ?? "–"
            svg += "<text x=\"\(format(x + 6))\" y=\"\(format(y + 15))\" class=\"value\">\(rate)</text>"
        }
        return svg + "</svg>"
    }

    /// A histogram of scores per result, bars side by side in shared bins.
    static func histogram(_ profiles: [(name: String, profile: MetricProfile)]) -> String {
        let all = profiles.flatMap(\.profile.scores)
        guard let low = all.min(), let high = all.max() else { return "" }
        let distinct = Set(all).sorted()
        // Up to ten distinct scores (a judge's scale) get a bar each; otherwise ten equal bins.
        let labels: [String]
        let bin: (Double) -> Int
        if distinct.count <= 10 {
            labels = distinct.map(HTML.number)
            bin = { score in distinct.firstIndex(of: score) ?? 0 }
        } else {
            let step = (high - low) / 10
            labels = (0..<10).map { HTML.number(low + Double($0) * step) }
            bin = { score in min(9, Int((score - low) / step)) }
        }
        let counts = profiles.map { entry in
            entry.profile.scores.reduce(into: Array(repeating: 0, count: labels.count)) { counts, score in counts[bin(score)] += 1 }
        }
        let tallest = max(1, counts.flatMap { $0 }.max() ?? 1)
        let width = 520.0
        let height = 180.0
        let plotHeight = 140.0
        let groupWidth = (width - 20) / Double(labels.count)
        let barWidth = min(36, max(2, (groupWidth - 6) / Double(profiles.count)))
        let inset = (groupWidth - barWidth * Double(profiles.count)) / 2
        var svg = "<svg class=\"chart\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" width=\"\(Int(width))\" height=\"\(Int(height))\" role=\"img\">"
        svg += "<line x1=\"10\" y1=\"\(format(plotHeight + 4))\" x2=\"\(format(width - 10))\" y2=\"\(format(plotHeight + 4))\" stroke=\"#888\"/>"
        for (binIndex, label) in labels.enumerated() {
            let groupX = 10 + Double(binIndex) * groupWidth
            for (resultIndex, resultCounts) in counts.enumerated() {
                let count = resultCounts[binIndex]
                let barHeight = plotHeight * Double(count) / Double(tallest)
                let x = groupX + inset + Double(resultIndex) * barWidth
                let color = palette[resultIndex % palette.count]
                svg +=
                    "<rect x=\"\(format(x))\" y=\"\(format(plotHeight + 4 - barHeight))\" width=\"\(format(barWidth - 1))\" height=\"\(format(barHeight))\" fill=\"\(color)\"><title>\(HTML.escape(profiles[resultIndex].name)): \(count)</title></rect>"
            }
            svg += "<text x=\"\(format(groupX + groupWidth / 2))\" y=\"\(format(height - 8))\" class=\"tick\" text-anchor=\"middle\">\(label)</text>"
        }
        return svg + "</svg>"
    }

    private static func format(_ value: Double) -> String {
        EvaluationTable.format((value * 10).rounded() / 10)
    }
}
