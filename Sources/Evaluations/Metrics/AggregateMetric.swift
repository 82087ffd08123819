/// One statistic of the dataset: a column of an evaluation's summary.
public struct AggregateMetric: Sendable, Codable, Equatable {
    /// The statistic that produced the value.
    public let operation: AggregationOperation
    /// The aggregator group it was computed in, if any.
    public let group: String?
    /// The statistic's value (−1 when no sample had a result for the metric).
    public let value: Double

    /// The statistic's display name, such as `Mean of Accuracy`.
    public var label: String { operation.label }

    /// The name of the metric it summarizes (`nil` for a custom statistic).
    public var sourceMetric: String? { operation.metricName }

    init(operation: AggregationOperation, group: String?, value: Double) {
        self.operation = operation
        self.group = group
        self.value = value
    }
}
