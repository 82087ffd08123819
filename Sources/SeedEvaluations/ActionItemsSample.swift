public import Evaluations

/// Meeting notes with their ground truth: each task's word, owner and priority.
public struct ActionItemsSample: SampleProtocol, Equatable {
    /// One labelled task.
    public struct Item: Codable, Sendable, Equatable {
        /// A word or two that the task's description must contain ("pricing").
        public var keyword: String
        /// The owner: the full name from `TeamDirectoryTool` for people in it, the first name
        /// for others, `Unassigned` when the notes name nobody.
        public var owner: String
        /// Whether the owner is in `TeamDirectoryTool`'s directory.
        public var inDirectory: Bool
        /// `low`, `medium` or `high`, as the notes' wording says.
        public var priority: String

        /// A labelled task.
        public init(keyword: String, owner: String, inDirectory: Bool, priority: String) {
            self.keyword = keyword
            self.owner = owner
            self.inDirectory = inDirectory
            self.priority = priority
        }
    }

    /// The sample's name in the file (`actions-01`).
    public var id: String
    /// The meeting notes.
    public var note: String
    /// The tasks.
    public var items: [Item]

    /// A sample.
    public init(id: String, note: String, items: [Item]) {
        self.id = id
        self.note = note
        self.items = items
    }

    /// What the model is given: the notes.
    public var input: String { note }

    /// The labelled tasks as action items (the keyword as the task).
    public var expected: ActionItemsAnswer? {
        ActionItemsAnswer(items: items.map { ActionItemsAnswer.Item(task: $0.keyword, owner: $0.owner, priority: $0.priority) })
    }
}
