import Foundation
import JSONValues

/// The constraint a ``GenerationGuide`` carries, readable by the schema writer and the decoder.
///
/// Kept apart from `GenerationGuide` so that schemas can hold guides while staying `Sendable`
/// (Apple's `GenerationGuide` is not `Sendable`).
indirect enum GuideConstraint: Sendable, Equatable {
    /// The string must equal this value.
    case constant(String)
    /// The string must be one of these values.
    case anyOf([String])
    /// The string must match this pattern; `nil` when the `Regex` has no textual form.
    case pattern(String?)
    /// The number must be at least this bound.
    case minimum(NumericBound)
    /// The number must be at most this bound.
    case maximum(NumericBound)
    /// The number must lie between these bounds, inclusive.
    case range(NumericBound, NumericBound)
    /// The array must have at least this many elements.
    case minimumCount(Int)
    /// The array must have at most this many elements.
    case maximumCount(Int)
    /// The array's element count must lie between these bounds, inclusive.
    case count(Int, Int)
    /// Every element of the array must satisfy this constraint.
    case element(GuideConstraint)
}

/// A numeric bound, kept in the type it was written in so that it prints exactly.
enum NumericBound: Sendable, Equatable {
    case integer(Int)
    case double(Double)
    case decimal(Decimal)

    /// The bound's JSON spelling.
    var jsonText: String {
        switch self {
        case .integer(let value): String(value)
        case .double(let value): JSONValue.numberText(value)
        case .decimal(let value): value.description
        }
    }
}
