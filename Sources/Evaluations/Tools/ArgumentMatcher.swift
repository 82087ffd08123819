public import FoundationModels

/// A check on one argument of a tool call, in a ``ToolExpectation``.
///
/// ```swift
/// ToolExpectation("searchBooks", arguments: [
///     .contains(argumentName: "query", substring: "Dune"),
///     .range(argumentName: "limit", minimum: 1, maximum: 10),
/// ])
/// ```
///
/// Every matcher fails when the argument is absent. Text matchers compare a string argument as it
/// is and any other argument as its JSON text.
@Generable
public enum ArgumentMatcher: Sendable, Codable {
    /// The argument equals the value (numbers by value: `3` equals `3.0`).
    case exact(argumentName: String, value: ArgumentValue)
    /// The argument is present, with any value.
    case keyOnly(argumentName: String)
    /// The argument equals one of the values.
    case oneOf(argumentName: String, allowedValues: [ArgumentValue])
    /// The argument is a number within the bounds (each inclusive; `nil` is unbounded).
    case range(argumentName: String, minimum: Double?, maximum: Double?)
    /// The regular expression matches somewhere in the argument.
    case pattern(argumentName: String, regex: String)
    /// The argument contains the text.
    case contains(argumentName: String, substring: String)
    /// The argument starts with the text.
    case hasPrefix(argumentName: String, prefix: String)
    /// The argument ends with the text.
    case hasSuffix(argumentName: String, suffix: String)
    /// A model judges that the argument meets the criteria, written in plain language.
    case naturalLanguage(argumentName: String, criteria: String)

    /// The name of the argument this matcher checks.
    var argumentName: String {
        switch self {
        case .exact(let name, _), .keyOnly(let name), .oneOf(let name, _), .range(let name, _, _),
            .pattern(let name, _), .contains(let name, _), .hasPrefix(let name, _), .hasSuffix(let name, _),
            .naturalLanguage(let name, _):
            name
        }
    }
}
