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
