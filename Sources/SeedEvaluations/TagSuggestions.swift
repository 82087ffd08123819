public import FoundationModels

/// The seed app's tag suggestions for a note.
@Generable
public struct TagSuggestions: Sendable, Codable, Equatable {
    /// The tags, short.
    @Guide(description: "One to five short tags for the note, reusing the person's existing tags where they fit.")
    public var tags: [String]

    /// Suggestions of these tags.
    public init(tags: [String]) {
        self.tags = tags
    }
}
