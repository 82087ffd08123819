public import Foundation
import Synchronization

/// A query of the app's index in Core Spotlight's query language (Apple's `CSSearchQuery`).
///
/// ```swift
/// let context = CSSearchQueryContext()
/// context.fetchAttributes = ["title", "contentCreationDate"]
/// let query = CSSearchQuery(queryString: #"title == "*heron*"cd"#, queryContext: context)
/// for try await result in query.results {
///     print(result.item.attributeSet.title ?? "")
/// }
/// ```
///
/// The language is the subset described by ``QueryExpression``; a string that does not parse
/// ends the query with ``CSIndexError`` (``CSIndexError/Reason/invalidQuery(detail:)``). The
/// query reads every item of ``searchableIndex`` (the default index unless the app sets
/// another), so it suits lists and filters; ranked word searches are ``CSUserQuery``'s.
/// Found items carry only the attributes in the context's `fetchAttributes`.
public class CSSearchQuery: @unchecked Sendable {
    // `@unchecked Sendable` is sound: the handlers and counters are behind a Mutex; the query's
    // work runs on a global queue and reads only values copied at `start()`.

    struct State {
        var foundItemsHandler: (@Sendable ([CSSearchableItem]) -> Void)?
        var completionHandler: (@Sendable ((any Error)?) -> Void)?
        var isCancelled = false
        var started = false
        var foundItemCount = 0
    }

    let queryString: String
    let context: CSSearchQueryContext?
    let state = Mutex(State())

    /// The index the query reads (Linux only; ``CSSearchableIndex/default()`` unless set before
    /// ``start()``).
    public var searchableIndex: CSSearchableIndex = .default()

    /// Creates a query.
    ///
    /// - Parameters:
    ///   - queryString: The query, such as `title == "*heron*"cd`.
    ///   - queryContext: The attributes to fetch and more filters, or `nil`.
    public init(queryString: String, queryContext: CSSearchQueryContext?) {
        self.queryString = queryString
        self.context = queryContext
    }

    /// Creates a query that fetches some attributes (Apple's older form).
    public convenience init(queryString: String, attributes: [String]?) {
        let context = CSSearchQueryContext()
        context.fetchAttributes = attributes ?? []
        self.init(queryString: queryString, queryContext: context)
    }

    /// Called with each batch of found items, on a background queue.
    public var foundItemsHandler: (@Sendable ([CSSearchableItem]) -> Void)? {
        get { state.withLock { $0.foundItemsHandler } }
        set { state.withLock { $0.foundItemsHandler = newValue } }
    }

    /// Called once when the query ends, with `nil` or the error, on a background queue.
    public var completionHandler: (@Sendable ((any Error)?) -> Void)? {
        get { state.withLock { $0.completionHandler } }
        set { state.withLock { $0.completionHandler = newValue } }
    }

    /// Whether ``cancel()`` was called.
    public var isCancelled: Bool { state.withLock { $0.isCancelled } }

    /// How many items the query has found so far.
    public var foundItemCount: Int { state.withLock { $0.foundItemCount } }

    /// The data protection classes to search (ignored on Linux).
    public var protectionClasses: [FileProtectionType] = []

    /// Starts the query; the handlers are called as items are found. A second call does nothing.
    public func start() {
        let started = state.withLock { state in
            defer { state.started = true }
            return state.started
        }
        guard !started else { return }
        let work = QueryWork(query: self)
        DispatchQueue.global().async { work.run() }
    }

    /// Stops the query: no more batches are delivered, and the completion handler is called
    /// with `CancellationError` if it has not been called.
    public func cancel() {
        state.withLock { $0.isCancelled = true }
    }

    /// Finds the items (overridden by ``CSUserQuery``), calling `deliver` with batches; returns
    /// `false` once the query was cancelled.
    func findItems(deliver: ([CSSearchableItem]) -> Bool) throws {
        let expression = try Self.parseAll([queryString] + (context?.filterQueries ?? []))
        let fetch = Set(context?.fetchAttributes ?? [])
        var after: Int64 = 0
        while true {
            let page = try searchableIndex.store.records(after: after, limit: 500)
            guard let last = page.last else { return }
            after = last.row
            let found = page.map(\.record).filter(expression.matches).map { CSSearchableItem(Self.fetching(fetch, from: $0)) }
            if !found.isEmpty, !deliver(found) { return }
        }
    }

    /// The conjunction of query strings, or ``CSIndexError`` for the first that does not parse.
    static func parseAll(_ strings: [String]) throws -> QueryExpression {
        var result: QueryExpression?
        for string in strings {
            do {
                let expression = try QueryParser.parse(string)
                result = result.map { .and($0, expression) } ?? expression
            } catch {
                throw CSIndexError(.unknownError, reason: .invalidQuery(detail: "\(error) in \(string.prefix(200))"))
            }
        }
        guard let result else { throw CSIndexError(.unknownError, reason: .invalidQuery(detail: "an empty query")) }
        return result
    }

    /// The record with only the attributes asked for.
    static func fetching(_ attributes: Set<String>, from record: ItemRecord) -> ItemRecord {
        var result = record
        result.values = record.values.filter { attributes.contains($0.key) }
        result.customValues = record.customValues.filter { attributes.contains($0.key) }
        return result
    }
}

/// The work of one started query, apart from the query so that it can run on a global queue.
private struct QueryWork: @unchecked Sendable {
    // `@unchecked Sendable` is sound: the query is itself Sendable (its state is behind a Mutex).
    let query: CSSearchQuery

    func run() {
        var failure: (any Error)?
        do {
            try query.findItems { items in
                let handler = query.state.withLock { state -> (@Sendable ([CSSearchableItem]) -> Void)? in
                    guard !state.isCancelled else { return nil }
                    state.foundItemCount += items.count
                    return state.foundItemsHandler
                }
                guard let handler else { return false }
                handler(items)
                return true
            }
        } catch {
            failure = error
        }
        let completion = query.state.withLock { state in
            if state.isCancelled && failure == nil { failure = CancellationError() }
            defer { state.completionHandler = nil }
            return state.completionHandler
        }
        completion?(failure)
    }
}
