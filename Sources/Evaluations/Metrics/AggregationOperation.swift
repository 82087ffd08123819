/// A statistic over one metric's results across the dataset.
///
/// ```swift
/// AggregationOperation.mean(of: Metric("Accuracy")).label   // "Mean of Accuracy"
/// ```
///
/// Two operations are equal when they are the same statistic of metrics with the same name.
public enum AggregationOperation: Sendable, Equatable {
    /// The average.
    case mean(of: Metric)
    /// The middle value (the average of the two middle values for an even count).
    case median(of: Metric)
    /// The most frequent value (the smallest of those tied).
    case mode(of: Metric)
    /// The smallest value.
    case minimum(of: Metric)
    /// The largest value.
    case maximum(of: Metric)
    /// The sample standard deviation (divided by n − 1; 0 for a single value).
    case standardDeviation(of: Metric)
    /// The sample variance (divided by n − 1; 0 for a single value).
    case variance(of: Metric)
    /// A statistic computed by your own closure, known by its label.
    case custom(label: String)

    /// The statistic's display name: `Mean of Accuracy`, or the custom label.
    public var label: String {
        switch self {
        case .custom(let label): return label
        default: return "\(statisticName) of \(metricName ?? "")"
        }
    }

    /// The name of the metric the statistic reads (`nil` for a custom statistic).
    var metricName: String? {
        switch self {
        case .mean(let metric), .median(let metric), .mode(let metric), .minimum(let metric),
            .maximum(let metric), .standardDeviation(let metric), .variance(let metric):
            metric.name
        case .custom:
            nil
        }
    }

    /// The statistic's name, as labels and files write it.
    var statisticName: String {
        switch self {
        case .mean: "Mean"
        case .median: "Median"
        case .mode: "Mode"
        case .minimum: "Minimum"
        case .maximum: "Maximum"
        case .standardDeviation: "Standard Deviation"
        case .variance: "Variance"
        case .custom: "Custom"
        }
    }

    /// The statistic of these values (built-in statistics only); `nil` when there are none.
    func compute(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        switch self {
        case .mean: return Statistics.mean(values)
        case .median: return Statistics.median(values)
        case .mode: return Statistics.mode(values)
        case .minimum: return values.min()
        case .maximum: return values.max()
        case .standardDeviation: return Statistics.variance(values).squareRoot()
        case .variance: return Statistics.variance(values)
        case .custom: return nil
        }
    }

    /// Whether two operations are the same statistic of metrics with the same name.
    public static func == (a: AggregationOperation, b: AggregationOperation) -> Bool {
        a.statisticName == b.statisticName && a.metricName == b.metricName && a.label == b.label
    }
}

extension AggregationOperation: Codable {
    private enum CodingKeys: String, CodingKey {
        case statistic, metric, label
    }

    /// Writes `{"statistic": "Mean", "metric": "Accuracy"}` or `{"statistic": "Custom", "label": …}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(statisticName, forKey: .statistic)
        if case .custom(let label) = self {
            try container.encode(label, forKey: .label)
        } else {
            try container.encode(metricName, forKey: .metric)
        }
    }

    /// Reads what ``encode(to:)`` writes.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let statistic = try container.decode(String.self, forKey: .statistic)
        if statistic == "Custom" {
            self = .custom(label: try container.decode(String.self, forKey: .label))
            return
        }
        let metric = Metric(try container.decode(String.self, forKey: .metric))
        switch statistic {
        case "Mean": self = .mean(of: metric)
        case "Median": self = .median(of: metric)
        case "Mode": self = .mode(of: metric)
        case "Minimum": self = .minimum(of: metric)
        case "Maximum": self = .maximum(of: metric)
        case "Standard Deviation": self = .standardDeviation(of: metric)
        case "Variance": self = .variance(of: metric)
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .statistic, in: container, debugDescription: "unknown statistic '\(statistic)'")
        }
    }
}
