/// A named measurement of one sample: passing, failing, a score, or ignored, with an optional
/// rationale.
///
/// Create a metric once with its name and derive results from it:
///
/// ```swift
/// let accuracy = Metric("Accuracy")
/// return answer == expected ? accuracy.passing() : accuracy.failing(rationale: "got \(answer)")
/// ```
///
/// Results are matched to columns by name: two metrics with the same name are one column.
public struct Metric: Sendable, Equatable {
    /// The metric's name: its column in the results.
    public let name: String
    /// The result for one sample.
    public let value: Metric.Value
    /// Why the sample got this result, if given.
    public let rationale: String?

    /// The result of a metric for one sample.
    public enum Value: Equatable, Sendable {
        /// The sample passed (counts as 1 in aggregates).
        case passing
        /// The sample failed (counts as 0 in aggregates).
        case failing
        /// A score.
        case scoring(Double)
        /// No result for this sample; aggregates leave it out.
        case ignore
    }

    /// A metric with this name and no result yet (``Value/ignore``).
    public init(_ name: String) {
        self.init(name: name, value: .ignore, rationale: nil)
    }

    init(name: String, value: Metric.Value, rationale: String?) {
        self.name = name
        self.value = value
        self.rationale = rationale
    }

    /// This metric, passing.
    public func passing(rationale: String? = nil) -> Metric {
        Metric(name: name, value: .passing, rationale: rationale)
    }

    /// This metric, failing.
    public func failing(rationale: String? = nil) -> Metric {
        Metric(name: name, value: .failing, rationale: rationale)
    }

    /// This metric with a score.
    public func scoring(_ value: Double, rationale: String? = nil) -> Metric {
        Metric(name: name, value: .scoring(value), rationale: rationale)
    }

    /// This metric, ignored for this sample.
    public func ignore(rationale: String? = nil) -> Metric {
        Metric(name: name, value: .ignore, rationale: rationale)
    }

    /// The result as a number: 1 for passing, 0 for failing, the score, or `nil` when ignored.
    public var doubleValue: Double? {
        switch value {
        case .passing: 1
        case .failing: 0
        case .scoring(let score): score
        case .ignore: nil
        }
    }

    /// Whether two metrics have the same name, result and rationale.
    public static func == (lhs: Metric, rhs: Metric) -> Bool {
        lhs.name == rhs.name && lhs.value == rhs.value && lhs.rationale == rhs.rationale
    }
}

extension Array where Element == Metric {
    /// The first metric with the same name as `metric`, if any.
    public subscript(metric: Metric) -> Metric? {
        first { $0.name == metric.name }
    }
}

extension Metric: CustomStringConvertible {
    /// The name, the result and the rationale: `Accuracy: failing (got 4)`.
    public var description: String {
        let result =
            switch value {
            case .passing: "passing"
            case .failing: "failing"
            case .scoring(let score): "scoring \(score)"
            case .ignore: "ignored"
            }
        guard let rationale, !rationale.isEmpty else { return "\(name): \(result)" }
        return "\(name): \(result) (\(rationale))"
    }
}
