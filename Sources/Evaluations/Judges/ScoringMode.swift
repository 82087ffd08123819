/// How a judge gives a score.
public enum ScoringMode: Sendable, Hashable {
    /// The judge picks one of the scale's options; the score is that option's value.
    case discrete
    /// The judge gives any number between the scale's lowest and highest values, with the options
    /// as anchors.
    case continuous
}
