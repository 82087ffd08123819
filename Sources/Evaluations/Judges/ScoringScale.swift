/// A level of a custom scale: a `CaseIterable` enum whose cases are the scale's options.
///
/// ```swift
/// enum Helpfulness: Double, ScoreLevel {
///     case unhelpful = 0, partial = 0.5, helpful = 1
///     var guideDescription: String { … }
///     var value: Double { rawValue }
/// }
/// ```
public protocol ScoreLevel: CaseIterable, Hashable, Sendable {
    /// The name the judge picks (by default, the case's name).
    var label: String { get }
    /// What the level means, for the judge.
    var guideDescription: String { get }
    /// The score the level gives.
    var value: Double { get }
}

extension ScoreLevel {
    /// The case's name.
    public var label: String {
        String(describing: self)
    }
}

/// One option of a scale: a label for the judge to pick, what it means, and its score.
public struct ScaleOption: Sendable {
    /// The name the judge picks.
    public let label: String
    /// What the option means, for the judge.
    public let guideDescription: String
    /// The score the option gives.
    public let value: Double

    /// An option with a label, its meaning and its score.
    public init(label: String, guideDescription: String, value: Double) {
        self.label = label
        self.guideDescription = guideDescription
        self.value = value
    }
}

/// The options a judge scores on.
///
/// ```swift
/// .numeric([1: "Unrelated", 3: "Partly relevant", 5: "Fully relevant"])
/// .passFail(passDescription: "States every fact", failDescription: "Misses or invents a fact")
/// .custom(Helpfulness.self)
/// ```
public struct ScoringScale: Sendable {
    /// The options, lowest score first for the built-in scales.
    public let options: [ScaleOption]

    /// A scale of these options.
    public init(options: [ScaleOption]) {
        self.options = options
    }

    /// Numbered options: each score with what it means (labels are the numbers, such as `5`).
    public static func numeric(_ scale: [Double: String]) -> ScoringScale {
        ScoringScale(
            options: scale.keys.sorted().map { value in
                ScaleOption(label: EvaluationTable.format(value), guideDescription: scale[value] ?? "", value: value)
            })
    }

    /// Two options: `Pass` (1) and `Fail` (0).
    public static func passFail(passDescription: String, failDescription: String) -> ScoringScale {
        ScoringScale(options: [
            ScaleOption(label: "Fail", guideDescription: failDescription, value: 0),
            ScaleOption(label: "Pass", guideDescription: passDescription, value: 1)
        ])
    }

    /// The cases of a ``ScoreLevel`` enum, in declaration order.
    public static func custom<Level>(_ level: Level.Type) -> ScoringScale where Level: ScoreLevel {
        ScoringScale(options: Level.allCases.map { ScaleOption(label: $0.label, guideDescription: $0.guideDescription, value: $0.value) })
    }

    /// The lowest and highest scores (`nil` without options).
    var bounds: ClosedRange<Double>? {
        guard let low = options.map(\.value).min(), let high = options.map(\.value).max() else { return nil }
        return low...high
    }
}

/// One aspect a judge scores, on its own scale; its score is the metric of the same name.
public struct ScoreDimension: Sendable {
    /// The aspect's name: the metric's name.
    public let name: String
    /// What the aspect means, for the judge.
    public let description: String?
    /// The scale it is scored on.
    public let scale: ScoringScale

    /// The metric that holds this dimension's scores.
    public var metric: Metric { Metric(name) }

    /// An aspect scored on a scale.
    public init(_ name: String, description: String? = nil, scale: ScoringScale) {
        self.name = name
        self.description = description
        self.scale = scale
    }
}

/// How a judge gives a score.
public enum ScoringMode: Sendable, Hashable {
    /// The judge picks one of the scale's options; the score is that option's value.
    case discrete
    /// The judge gives any number between the scale's lowest and highest values, with the options
    /// as anchors.
    case continuous
}
