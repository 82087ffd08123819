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
