public import FoundationModels

/// One task of a ``NotesDigest``: what, who, how urgent.
@Generable
public struct ActionItem: Sendable {
    /// What is to be done.
    @Guide(description: "A short, imperative description of the task.")
    public let task: String

    /// Who does it.
    @Guide(description: "The person responsible, or 'Unassigned' if unclear.")
    public let owner: String

    /// How urgent it is.
    public let priority: Priority

    /// An item with the given task, owner and priority.
    public init(task: String, owner: String, priority: Priority) {
        self.task = task
        self.owner = owner
        self.priority = priority
    }
}
