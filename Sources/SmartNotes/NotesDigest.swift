public import FoundationModels

// The Smart Notes tutorial's types and tool (seed 001), written once for the `fm notes` command,
// the examples package and the tests. They are the tutorial's code with `public` added, so that
// other modules can use them; the rest is unchanged.

/// What the Smart Notes app makes of meeting notes: a summary and the action items.
@Generable
public struct NotesDigest: Sendable {
    /// The notes in one paragraph.
    @Guide(description: "A concise one-paragraph summary of the notes.")
    public let summary: String

    /// The tasks the notes mention.
    @Guide(description: "Every actionable task mentioned in the notes.")
    public let actionItems: [ActionItem]

    /// A digest of the given summary and items.
    public init(summary: String, actionItems: [ActionItem]) {
        self.summary = summary
        self.actionItems = actionItems
    }
}
