import Foundation

/// A parsed Core Spotlight query string, such as
/// `title == "*heron*"cd && contentCreationDate >= $time.iso(2026-03-01)`.
///
/// The subset of Apple's query language that ``CSSearchQuery`` understands: comparisons of an
/// attribute (a ``SearchableItemAttribute`` name, a custom key's name, `domainIdentifier`, or
/// `*`/`**` for every searched text attribute) with a string, a number, `true`/`false` or a date
/// (`$time.now`, `$time.today`, `$time.today(-7)`, `$time.iso(2026-03-01)`, with an optional
/// offset in seconds after `now`), joined by `&&`, `||`, `!` and parentheses. Strings may hold
/// `*` wildcards and end in modifiers: `c` (case-insensitive), `d` (diacritic-insensitive), `w`
/// (matches any word of the value), `t` (the same, on tokens).
indirect enum QueryExpression: Equatable, Sendable {
    case comparison(attribute: String, operator: ComparisonOperator, value: QueryValue)
    case and(QueryExpression, QueryExpression)
    case or(QueryExpression, QueryExpression)
    case not(QueryExpression)

    enum ComparisonOperator: String, Sendable {
        case equal = "=="
        case notEqual = "!="
        case less = "<"
        case greater = ">"
        case lessOrEqual = "<="
        case greaterOrEqual = ">="
    }

    /// The longest query string parsed.
    static let maximumLength = 10_000
    /// The deepest nesting of parentheses and `!`.
    static let maximumDepth = 64
}

/// A value in a query comparison.
enum QueryValue: Equatable, Sendable {
    /// A string pattern with its modifiers.
    case string(String, caseInsensitive: Bool, diacriticInsensitive: Bool, wordBased: Bool)
    case number(Double)
    case date(Date)
    case bool(Bool)
}

/// Why a query string did not parse: the position (in characters) and what was expected.
struct QueryParseError: Error, Equatable, CustomStringConvertible {
    var offset: Int
    var message: String
    var description: String { "\(message) at character \(offset)" }
}
