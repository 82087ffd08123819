import Foundation

/// A search for what the user typed, with results ranked best first (Apple's `CSUserQuery`).
///
/// ```swift
/// let context = CSUserQueryContext()
/// context.fetchAttributes = ["title", "textContent"]
/// context.maxResultCount = 10
/// for try await response in CSUserQuery(userQueryString: "herons lake", userQueryContext: context).responses {
///     if case .item(let result) = response { print(result.item.attributeSet.title ?? "") }
/// }
/// ```
///
/// On Linux the words of the string (any syntax in it is read as words) are searched in the
/// full-text index with BM25 ranking and stemming (`herons` finds `heron`); the context's
/// `filterQueries` (Core Spotlight's query language) narrow the results. Suggestions are not made.
// `@unchecked Sendable` as its superclass `CSSearchQuery` is: its own stored properties are `let`s,
// and the query's mutable state lives behind the superclass's Mutex.
public class CSUserQuery: CSSearchQuery, @unchecked Sendable {
    let userQueryString: String
    let userContext: CSUserQueryContext?

    /// Creates a user query.
    ///
    /// - Parameters:
    ///   - userQueryString: What the user typed; `nil` lists the newest items.
    ///   - userQueryContext: What to fetch and how many results, or `nil` for the defaults.
    public init(userQueryString: String?, userQueryContext: CSUserQueryContext?) {
        self.userQueryString = userQueryString ?? ""
        self.userContext = userQueryContext
        super.init(queryString: userQueryString ?? "", queryContext: userQueryContext)
    }

    /// How many suggestions the query found (always 0 on Linux).
    public var foundSuggestionCount: Int { 0 }

    /// The most results when the context does not say.
    static let defaultResultCount = 50

    override func findItems(deliver: ([CSSearchableItem]) -> Bool) throws {
        let filter = try context.map(\.filterQueries).flatMap { $0.isEmpty ? nil : try Self.parseAll($0) }
        let wanted = userContext.map { $0.maxResultCount > 0 ? $0.maxResultCount : Self.defaultResultCount } ?? Self.defaultResultCount
        let fetch = Set(context?.fetchAttributes ?? [])
        // Filters apply after ranking, so ask for more and keep the best that pass.
        let hits = try searchableIndex.store.search(FullTextSearch(query: FullTextQuery(userQueryString), limit: filter == nil ? wanted : wanted * 10))
        let items = hits.filter { filter?.matches($0.record) ?? true }.prefix(wanted).map { hit in
            let item = CSSearchableItem(Self.fetching(fetch, from: hit.record))
            item.rankScore = hit.score
            return item
        }
        if !items.isEmpty { _ = deliver(Array(items)) }
    }
}

extension CSUserQuery {
    /// A found item (Apple's `CSUserQuery.Item`); `<` puts the better-ranked first.
    public struct Item: Identifiable, Hashable, Equatable, Comparable, @unchecked Sendable {
        // `@unchecked Sendable` as in Apple's interface: the item is not mutated once found.

        /// The item's unique identifier.
        public var id: String { item.uniqueIdentifier }
        /// The found item.
        public var item: CSSearchableItem

        public static func < (lhs: Item, rhs: Item) -> Bool { lhs.item.compare(byRank: rhs.item) == .orderedAscending }
        public static func > (lhs: Item, rhs: Item) -> Bool { lhs.item.compare(byRank: rhs.item) == .orderedDescending }
        public static func == (lhs: Item, rhs: Item) -> Bool { lhs.id == rhs.id }
        public func hash(into hasher: inout Hasher) { hasher.combine(id) }
    }

    /// A suggestion (Apple's `CSUserQuery.Suggestion`).
    // `@unchecked Sendable` as in Apple's interface: the suggestion it wraps is not mutated.
    public struct Suggestion: Identifiable, Hashable, Comparable, @unchecked Sendable {
        /// The suggestion's text.
        public var id: String { String(suggestion.localizedAttributedSuggestion.characters) }
        /// The suggestion.
        public var suggestion: CSSuggestion

        public static func < (lhs: Suggestion, rhs: Suggestion) -> Bool { lhs.id < rhs.id }
        public static func > (lhs: Suggestion, rhs: Suggestion) -> Bool { lhs.id > rhs.id }
        public static func == (lhs: Suggestion, rhs: Suggestion) -> Bool { lhs.id == rhs.id }
        public func hash(into hasher: inout Hasher) { hasher.combine(id) }
    }

    /// Items and suggestions as they come (Apple's `CSUserQuery.Responses`).
    public struct Responses: AsyncSequence, Sendable {
        /// An item or a suggestion.
        // `@unchecked Sendable` as in Apple's interface: its items and suggestions are not
        // mutated once found.
        public enum Response: Identifiable, Hashable, Equatable, @unchecked Sendable {
            case item(Item)
            case suggestion(Suggestion)

            /// The item's identifier or the suggestion's text.
            public var id: String {
                switch self {
                case .item(let item): item.id
                case .suggestion(let suggestion): suggestion.id
                }
            }
        }

        public typealias Element = Response
        let query: CSUserQuery

        /// Reads the responses.
        public struct Iterator: AsyncIteratorProtocol {
            var base: AsyncThrowingStream<Response, any Error>.Iterator
            /// The next response, or `nil` at the end.
            public mutating func next() async throws -> Response? { try await base.next(isolation: #isolation) }
        }

        /// Starts the query.
        public func makeAsyncIterator() -> Iterator {
            Iterator(base: query.stream { Response.item(Item(item: $0)) }.makeAsyncIterator())
        }
    }

    /// The suggestions as they come (none on Linux).
    public struct Suggestions: AsyncSequence, Sendable {
        public typealias Element = Suggestion

        /// Reads the suggestions.
        public struct Iterator: AsyncIteratorProtocol {
            /// Always `nil`: the Linux index makes no suggestions.
            public mutating func next() async throws -> Suggestion? { nil }
        }

        /// An iterator that ends at once.
        public func makeAsyncIterator() -> Iterator { Iterator() }
    }

    /// The items found, best first, as an asynchronous sequence.
    public var responses: Responses { Responses(query: self) }

    /// The suggestions (none on Linux).
    public var suggestions: Suggestions { Suggestions() }

    /// The ways a user can engage with a result (Apple's `CSUserQuery.UserInteractionKind`).
    public enum UserInteractionKind: Int, Sendable {
        case select = 0
        case sendFocus, focus
    }

    /// Records that the user engaged with an item (no effect on Linux ranking).
    public func userEngaged(_ item: Item, visibleItems: [Item], interaction: UserInteractionKind) {}

    /// Records that the user engaged with a suggestion (no effect on Linux).
    public func userEngaged(_ suggestion: Suggestion, visibleSuggestions: [Suggestion], interaction: UserInteractionKind) {}
}
