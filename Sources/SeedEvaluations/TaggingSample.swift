public import Evaluations

/// A note to tag, with its ground truth: the person's existing tags that fit it.
public struct TaggingSample: SampleProtocol, Equatable {
    /// The sample's name in the file (`tagging-01`).
    public var id: String
    /// The note.
    public var note: String
    /// The existing tags (of ``FindExistingTagsTool/existingTags``) that fit the note.
    public var relevantTags: [String]

    /// A sample.
    public init(id: String, note: String, relevantTags: [String]) {
        self.id = id
        self.note = note
        self.relevantTags = relevantTags
    }

    /// What the model is given: the note.
    public var input: String { note }

    /// The tags a good answer has among its own.
    public var expected: TagSuggestions? { TagSuggestions(tags: relevantTags) }
}
