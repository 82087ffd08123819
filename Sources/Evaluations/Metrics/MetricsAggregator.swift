/// Computes the statistics an evaluation reports; the evaluation's `aggregateMetrics(using:)` says
/// which.
///
/// ```swift
/// func aggregateMetrics(using aggregator: inout MetricsAggregator) {
///     aggregator.computeMean(of: accuracy)
///     aggregator.group("Length") { group in
///         group.computeMaximum(of: words)
///         group.custom(of: words, label: "Share over 50 words") { values in
///             Double(values.filter { $0 > 50 }.count) / Double(values.count)
///         }
///     }
/// }
/// ```
///
/// Every statistic reads the metric's results in dataset order, leaving out ignored ones and those
/// of samples whose subject failed. A statistic of a metric without any result is −1, and a metric
/// that no evaluator produced is listed in the result's run errors.
public struct MetricsAggregator {
    /// Each metric's results by name, in dataset order, ignored ones left out.
    let values: [String: [Double]]
    /// The names of every metric some evaluator produced.
    let knownMetrics: Set<String>
    /// The statistics computed so far, in the order they were asked for.
    private(set) var aggregates: [AggregateMetric] = []
    /// Metrics that statistics were asked of but no evaluator produced.
    private(set) var missingMetrics: [String] = []
    /// The group being computed, if any.
    private var groupName: String?

    init(values: [String: [Double]], knownMetrics: Set<String>) {
        self.values = values
        self.knownMetrics = knownMetrics
    }

    /// Statistics computed in a named group, shown together in summaries and reports.
    public mutating func group(_ name: String, _ body: (inout MetricsAggregator.Group) -> Void) {
        var scoped = self
        scoped.groupName = name
        var group = Group(name: name, aggregator: scoped)
        body(&group)
        aggregates = group.aggregator.aggregates
        missingMetrics = group.aggregator.missingMetrics
    }

    /// Reports the mean of the metric (for passing and failing results, the pass rate).
    public mutating func computeMean(of metric: Metric) { add(.mean(of: metric)) }
    /// Reports the median of the metric.
    public mutating func computeMedian(of metric: Metric) { add(.median(of: metric)) }
    /// Reports the most frequent value of the metric (the smallest of those tied).
    public mutating func computeMode(of metric: Metric) { add(.mode(of: metric)) }
    /// Reports the smallest value of the metric.
    public mutating func computeMinimum(of metric: Metric) { add(.minimum(of: metric)) }
    /// Reports the largest value of the metric.
    public mutating func computeMaximum(of metric: Metric) { add(.maximum(of: metric)) }
    /// Reports the sample standard deviation of the metric (n − 1; 0 for one value).
    public mutating func computeStandardDeviation(of metric: Metric) { add(.standardDeviation(of: metric)) }
    /// Reports the sample variance of the metric (n − 1; 0 for one value).
    public mutating func computeVariance(of metric: Metric) { add(.variance(of: metric)) }

    /// Reports a statistic of your own under `label`, computed by `body` from the metric's values
    /// in dataset order (never called with no values: the statistic is then −1).
    public mutating func custom(of metric: Metric, label: String, _ body: ([Double]) -> Double) {
        let values = results(of: metric)
        record(.custom(label: label), value: values.isEmpty ? -1 : body(values))
    }

    private mutating func add(_ operation: AggregationOperation) {
        guard let name = operation.metricName else { return }
        record(operation, value: operation.compute(results(of: Metric(name))) ?? -1)
    }

    private mutating func results(of metric: Metric) -> [Double] {
        if !knownMetrics.contains(metric.name), !missingMetrics.contains(metric.name) {
            missingMetrics.append(metric.name)
        }
        return values[metric.name] ?? []
    }

    private mutating func record(_ operation: AggregationOperation, value: Double) {
        aggregates.append(AggregateMetric(operation: operation, group: groupName, value: value))
    }
}

extension MetricsAggregator {
    /// Statistics computed together under a name.
    public struct Group {
        /// The group's name.
        public let name: String
        fileprivate var aggregator: MetricsAggregator

        fileprivate init(name: String, aggregator: MetricsAggregator) {
            self.name = name
            self.aggregator = aggregator
        }

        /// Reports the mean of the metric in this group.
        public mutating func computeMean(of metric: Metric) { aggregator.computeMean(of: metric) }
        /// Reports the median of the metric in this group.
        public mutating func computeMedian(of metric: Metric) { aggregator.computeMedian(of: metric) }
        /// Reports the most frequent value of the metric in this group.
        public mutating func computeMode(of metric: Metric) { aggregator.computeMode(of: metric) }
        /// Reports the smallest value of the metric in this group.
        public mutating func computeMinimum(of metric: Metric) { aggregator.computeMinimum(of: metric) }
        /// Reports the largest value of the metric in this group.
        public mutating func computeMaximum(of metric: Metric) { aggregator.computeMaximum(of: metric) }
        /// Reports the sample standard deviation of the metric in this group.
        public mutating func computeStandardDeviation(of metric: Metric) { aggregator.computeStandardDeviation(of: metric) }
        /// Reports the sample variance of the metric in this group.
        public mutating func computeVariance(of metric: Metric) { aggregator.computeVariance(of: metric) }

        /// Reports a statistic of your own in this group, computed by `body` from the metric's
        /// values in dataset order.
        public mutating func custom(of metric: Metric, label: String, _ body: ([Double]) -> Double) {
            aggregator.custom(of: metric, label: label, body)
        }
    }
}
