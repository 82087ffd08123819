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
