import Foundation
import Synchronization

extension SpotlightSearchTool {
    /// What one search found, for the app's own display (Apple's `SpotlightSearchTool.SearchReply`);
    /// read them from ``SpotlightSearchTool/searchResults``.
    public struct SearchReply: Sendable {
        /// The results.
        public enum Content: @unchecked Sendable {
            // `@unchecked Sendable` as in Apple's interface: items are not mutated once found.
            case items([SearchableItem])
            case groupedItems([SearchableItemAttribute: [SearchableItem]])
            case scoredItems([ScoredSearchableItem])
            case count(SearchCount)
            case table(SearchResultsTable)
            case statistic(SearchStatistic)
            case text(SearchTextResult)
        }

        /// The results.
        public let content: Content
        /// What was searched for, in words.
        public let label: String?
        /// The search this reply belongs to.
        public let queryToken: QueryToken
        /// The step of the search that gave the reply.
        public let stageToken: StageToken
        /// Whether every result reached the model (`partial`: some were cut for size).
        public let status: Status

        /// Whether every result reached the model.
        public enum Status: Sendable, Equatable, Hashable {
            case partial
            case complete
        }

        /// Identifies one search.
        public struct QueryToken: Sendable, Hashable {
            let id: UUID
        }

        /// Identifies one step of a search.
        public struct StageToken: Sendable, Hashable {
            let id: Int
        }
    }
}

/// Hands each reply to every reader of `searchResults` that is listening.
final class ReplyChannel: Sendable {
    private let listeners = Mutex<[UUID: AsyncStream<SpotlightSearchTool.SearchReply>.Continuation]>([:])

    /// A stream of the replies from now on.
    func stream() -> AsyncStream<SpotlightSearchTool.SearchReply> {
        let (stream, continuation) = AsyncStream<SpotlightSearchTool.SearchReply>.makeStream(bufferingPolicy: .bufferingNewest(64))
        let id = UUID()
        listeners.withLock { $0[id] = continuation }
        continuation.onTermination = { [weak self] _ in self?.listeners.withLock { _ = $0.removeValue(forKey: id) } }
        return stream
    }

    func send(_ reply: SpotlightSearchTool.SearchReply) {
        for listener in listeners.withLock({ Array($0.values) }) { listener.yield(reply) }
    }
}
