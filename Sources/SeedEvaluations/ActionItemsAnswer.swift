public import SmartNotes

/// The action items of a `NotesDigest`, as the results keep them (the digest's summary is not
/// measured).
public struct ActionItemsAnswer: Codable, Sendable, Equatable {
    /// One action item.
    public struct Item: Codable, Sendable, Equatable {
        /// What is to be done.
        public var task: String
        /// Who does it.
        public var owner: String
        /// `low`, `medium` or `high`.
        public var priority: String

        /// An item.
        public init(task: String, owner: String, priority: String) {
            self.task = task
            self.owner = owner
            self.priority = priority
        }
    }

    /// The items, in the digest's order.
    public var items: [Item]

    /// An answer of these items.
    public init(items: [Item]) {
        self.items = items
    }

    /// The items of a digest.
    public init(_ digest: NotesDigest) {
        items = digest.actionItems.map { Item(task: $0.task, owner: $0.owner, priority: "\($0.priority)") }
    }
}
