public import Foundation

/// The outcome of an evaluation: each sample's metrics (``detailed``) and the statistics asked for
/// (``summary``).
///
/// ```swift
/// let result = try await evaluation.run()
/// #expect(result.aggregateValue(.mean(of: accuracy)) > 0.8)
/// print(result.groupedSummary)
/// try result.saveJSON(to: URL(fileURLWithPath: "results"))
/// ```
///
/// Apple's framework returns the two tables as TabularData `DataFrame`s; here they are
/// ``EvaluationTable``s with the same subscripts.
public struct EvaluationResult: Sendable {
    /// This result's identity.
    public let resultID: UUID
    /// The evaluation that produced it (its type's name).
    public let evaluationID: String
    /// Facts about the run for reports, such as the number of samples and the concurrency.
    public var reportMetadata: [String: any Sendable]
    /// The facts passed to `run(info:)` or `.evaluates(_:info:)`.
    public let evaluationInfo: [String: String]
    /// When the run started.
    public let startTime: Date
    /// When the run ended.
    public let endTime: Date
    /// What went wrong during the run without stopping it.
    public let errors: EvaluationRunErrors
    /// Each sample's results, in dataset order.
    let rows: [ResultRow]
    /// The metric columns, in the order evaluators first produced them.
    let metricNames: [String]
    /// The statistics, in the order they were asked for.
    let aggregates: [AggregateMetric]

    init(
        resultID: UUID = UUID(), evaluationID: String, reportMetadata: [String: any Sendable], evaluationInfo: [String: String],
        startTime: Date, endTime: Date, errors: EvaluationRunErrors, rows: [ResultRow], metricNames: [String],
        aggregates: [AggregateMetric]
    ) {
        self.resultID = resultID
        self.evaluationID = evaluationID
        self.reportMetadata = reportMetadata
        self.evaluationInfo = evaluationInfo
        self.startTime = startTime
        self.endTime = endTime
        self.errors = errors
        self.rows = rows
        self.metricNames = metricNames
        self.aggregates = aggregates
    }

    /// How long the run took, in seconds.
    public var duration: TimeInterval { endTime.timeIntervalSince(startTime) }

    /// The statistics: one row, one column per statistic (named by its label, with its group in
    /// parentheses when two groups share a label), each cell an ``AggregateMetric``.
    public var summary: EvaluationTable {
        var seen: Set<String> = []
        let columns = aggregates.map { aggregate -> (name: String, cells: [TableCell]) in
            var name = aggregate.label
            if seen.contains(name), let group = aggregate.group { name += " (\(group))" }
            seen.insert(name)
            return (name, [TableCell(value: aggregate, json: nil)])
        }
        return EvaluationTable(columns: columns, rowCount: aggregates.isEmpty ? 0 : 1)
    }

    /// Each sample's results: the columns `Input` (the sample), `Response` (the subject),
    /// `Expected`, `Error` (why the subject failed, if it did), then one ``Metric`` column per
    /// metric.
    public var detailed: EvaluationTable {
        var columns: [(name: String, cells: [TableCell])] = [
            (ResultColumn<Any>.inputName, rows.map(\.input)),
            (ResultColumn<Any>.responseName, rows.map { $0.response ?? TableCell(value: nil, json: nil) }),
            (ResultColumn<Any>.expectedName, rows.map { $0.expected ?? TableCell(value: nil, json: nil) }),
            (ResultColumn<Any>.errorName, rows.map { TableCell(value: $0.error, json: nil) })
        ]
        for name in metricNames {
            columns.append((name, rows.map { TableCell(value: $0.metrics[name] ?? Metric(name), json: nil) }))
        }
        return EvaluationTable(columns: columns, rowCount: rows.count)
    }

    /// The value of the first statistic computed by `operation`, or −1 when there is none.
    public func aggregateValue(_ operation: AggregationOperation) -> Double {
        aggregates.first { $0.operation == operation }?.value ?? -1
    }

    /// The statistics as text: ungrouped ones first, then each group under its name.
    ///
    /// ```
    /// Mean of Accuracy: 0.75
    ///
    /// Length:
    ///   Maximum of Words: 48
    /// ```
    public var groupedSummary: String {
        var sections: [String] = []
        let ungrouped = aggregates.filter { $0.group == nil }
        if !ungrouped.isEmpty {
            sections.append(ungrouped.map { "\($0.label): \(EvaluationTable.format($0.value))" }.joined(separator: "\n"))
        }
        var groups: [String] = []
        for aggregate in aggregates { if let group = aggregate.group, !groups.contains(group) { groups.append(group) } }
        for group in groups {
            let lines = aggregates.filter { $0.group == group }.map { "  \($0.label): \(EvaluationTable.format($0.value))" }
            sections.append(([group + ":"] + lines).joined(separator: "\n"))
        }
        return sections.joined(separator: "\n\n")
    }

    /// The two tables a result has.
    public enum DataFrameKind: Hashable {
        /// The statistics.
        case summary
        /// Each sample's results.
        case detailed
    }

    /// A table whose cells are plain JSON values: text, numbers or `nil`. Samples, subjects and
    /// expected values become JSON text, metrics their number (`nil` when ignored) with a
    /// `<name> rationale` column beside each, statistics their value.
    public func jsonRepresentableDataFrame(of kind: DataFrameKind) throws -> EvaluationTable {
        switch kind {
        case .summary:
            let table = summary
            return EvaluationTable(
                columns: table.columnNames.map { name in
                    (name, [TableCell(value: table[name, AggregateMetric.self].first??.value, json: nil)])
                },
                rowCount: table.rowCount)
        case .detailed:
            var columns: [(name: String, cells: [TableCell])] = [
                (ResultColumn<Any>.inputName, rows.map { TableCell(value: $0.input.json?.jsonText, json: nil) }),
                (ResultColumn<Any>.responseName, rows.map { TableCell(value: $0.response?.json?.jsonText, json: nil) }),
                (ResultColumn<Any>.expectedName, rows.map { TableCell(value: $0.expected?.json?.jsonText, json: nil) }),
                (ResultColumn<Any>.errorName, rows.map { TableCell(value: $0.error, json: nil) })
            ]
            for name in metricNames {
                columns.append((name, rows.map { TableCell(value: $0.metrics[name]?.doubleValue, json: nil) }))
                columns.append(("\(name) rationale", rows.map { TableCell(value: $0.metrics[name]?.rationale, json: nil) }))
            }
            return EvaluationTable(columns: columns, rowCount: rows.count)
        }
    }
}
