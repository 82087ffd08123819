public import FoundationModels

/// A note with exactly three topic tags (the tutorial's example of a count guide).
@Generable
public struct TaggedNote: Sendable {
    /// The note's text.
    @Guide(description: "The note body.")
    public let body: String

    /// The note's topics.
    // Force the model to return between 1 and 3 tags.
    @Guide(description: "Relevant topic tags.")
    @Guide(.count(3))
    public let tags: [String]
}
