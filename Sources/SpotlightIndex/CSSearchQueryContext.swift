public import Foundation

/// What a query fetches and how it filters (Apple's `CSSearchQueryContext`).
public class CSSearchQueryContext: @unchecked Sendable {
    // `@unchecked Sendable` as Apple's class is: callers set it up before the query starts.

    /// Where results may come from (Apple's `CSSearchQueryContext.SourceOptions`).
    public struct SourceOptions: OptionSet, Sendable, Hashable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// The app's own items.
        public static let `default` = SourceOptions([])
        /// Also the user's mail (not available on Linux; ignored).
        public static let allowMail = SourceOptions(rawValue: 1 << 0)
    }

    /// The attributes the found items carry (others are left out of their attribute sets).
    public var fetchAttributes: [String] = []
    /// More query strings that every found item must also match.
    public var filterQueries: [String] = []
    /// The language of the user's keyboard (unused on Linux).
    public var keyboardLanguage: String?
    /// Where results may come from.
    public var sourceOptions: SourceOptions = .default

    /// Creates a context that fetches no attributes and filters nothing.
    public init() {}
}

/// What a user query fetches, how many results and suggestions it gives, and whether results
/// are ranked (Apple's `CSUserQueryContext`).
public class CSUserQueryContext: CSSearchQueryContext, @unchecked Sendable {
    // `@unchecked Sendable` as its superclass and Apple's class are: callers set it up before the
    // query starts, and the query only reads it.
    /// Whether results come best first (always true here: they are ranked by BM25).
    public var enableRankedResults: Bool = true
    /// Whether ranked results come before others (unused: every result is ranked).
    public var disableSemanticSearch: Bool = false
    /// The most results, or -1 for the default (50).
    public var maxResultCount: Int = -1
    /// The most suggestions, or -1 for the default.
    public var maxSuggestionCount: Int = -1
    /// The most ranked results, or -1 for the default.
    public var maxRankedResultCount: Int = -1

    /// A context with the defaults.
    public override init() { super.init() }

    /// A context for a query made from the user's typing, with the defaults.
    public convenience init(currentSuggestion: CSSuggestion?) { self.init() }
}

/// A completion of what the user typed (Apple's `CSSuggestion`). The Linux index makes no
/// suggestions, so no query returns one; the type is here for Apple's API.
public final class CSSuggestion: @unchecked Sendable, Hashable {
    // `@unchecked Sendable` is sound: its stored properties are immutable `let`s.
    /// The suggestion's text.
    public let localizedAttributedSuggestion: AttributedString
    /// The kind of suggestion.
    public let kind: Kind

    /// Kinds of suggestions (Apple's `CSSuggestion.Kind`).
    public enum Kind: Int, Sendable {
        case none = 0
        case custom, `default`
    }

    init(text: String, kind: Kind) {
        localizedAttributedSuggestion = AttributedString(text)
        self.kind = kind
    }

    public static func == (lhs: CSSuggestion, rhs: CSSuggestion) -> Bool { lhs.localizedAttributedSuggestion == rhs.localizedAttributedSuggestion }
    public func hash(into hasher: inout Hasher) { hasher.combine(String(localizedAttributedSuggestion.characters)) }
}
