public import FoundationModels

/// The seed app's tag suggestions for a note.
@Generable
public struct TagSuggestions: Sendable, Codable, Equatable {
    /// The tags, short: one to five, bounded while decoding, as Apple's tutorial advises ("add
    /// constraints like `.count(_:)` where structure matters"). With the bound in the description
    /// alone, the default model answered 6 of 65 notes with 6 to 13 tags: every existing tag it
    /// had looked up, or a few words repeated (`Docs/Quality.md`).
    @Guide(description: "One to five short tags for the note, reusing the person's existing tags where they fit.", .count(1...5))
    public var tags: [String]

    /// Suggestions of these tags.
    public init(tags: [String]) {
        self.tags = tags
    }
}
