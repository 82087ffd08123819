import Foundation
import Synchronization

extension CSSearchQuery {
    /// The found items as an asynchronous sequence (Apple's `CSSearchQuery.Results`): iterating
    /// runs the query; leaving the loop or cancelling the task cancels it.
    public struct Results: AsyncSequence, Sendable {
        /// A found item, identified by its unique identifier; `<` puts the better-ranked first.
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

        public typealias Element = Item

        let query: CSSearchQuery

        /// Reads the items as the query finds them.
        public struct Iterator: AsyncIteratorProtocol {
            var base: AsyncThrowingStream<Item, any Error>.Iterator

            /// The next item, or `nil` at the end.
            ///
            /// - Throws: ``CSIndexError`` when the query cannot run.
            public mutating func next() async throws -> Item? { try await base.next(isolation: #isolation) }
        }

        /// Starts the query.
        public func makeAsyncIterator() -> Iterator {
            Iterator(base: query.stream { Item(item: $0) }.makeAsyncIterator())
        }
    }

    /// The items the query finds, as an asynchronous sequence.
    public var results: Results { Results(query: self) }

    /// Runs the query's search into a stream of elements.
    func stream<Element: Sendable>(_ element: @escaping @Sendable (CSSearchableItem) -> Element) -> AsyncThrowingStream<Element, any Error> {
        let (stream, continuation) = AsyncThrowingStream<Element, any Error>.makeStream()
        let worker = StreamWork(query: self)
        let cancelled = Cancelled()
        continuation.onTermination = { _ in cancelled.set() }
        DispatchQueue.global().async {
            do {
                try worker.query.findItems { items in
                    guard !cancelled.isSet else { return false }
                    for item in items { continuation.yield(element(item)) }
                    return true
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        return stream
    }
}

/// A query handed to a global queue.
private struct StreamWork: @unchecked Sendable {
    // `@unchecked Sendable` is sound: ``CSSearchQuery`` keeps its mutable state behind a Mutex.
    let query: CSSearchQuery
}

/// A flag set when a stream's consumer goes away.
final class Cancelled: Sendable {
    private let flag = Mutex(false)
    func set() { flag.withLock { $0 = true } }
    var isSet: Bool { flag.withLock { $0 } }
}
