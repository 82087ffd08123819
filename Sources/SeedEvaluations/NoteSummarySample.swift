public import Evaluations

/// A field note to summarise, with its ground truth: the facts a summary must keep (as the note
/// writes them), a headline a person wrote, and the people and places the note names.
public struct NoteSummarySample: SampleProtocol, Equatable {
    /// The sample's name in the file (`summary-01`).
    public var id: String
    /// The field note.
    public var note: String
    /// The facts a summary must state: numbers, names, places, things.
    public var facts: [String]
    /// A good headline, for reference.
    public var headline: String
    /// The people and places the note names.
    public var names: [String]

    /// A sample.
    public init(id: String, note: String, facts: [String], headline: String, names: [String]) {
        self.id = id
        self.note = note
        self.facts = facts
        self.headline = headline
        self.names = names
    }

    /// What the model is given: the note.
    public var input: String { note }

    /// The reference summary: the person's headline and the facts to keep.
    public var expected: NoteSummary? { NoteSummary(headline: headline, keyFacts: facts) }
}
