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
