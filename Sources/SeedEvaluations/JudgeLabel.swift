/// A person's verdict on one summary a model wrote: is every statement in it said or directly
/// implied by its note? What ``JudgeAgreement`` checks a judge's verdicts against.
///
/// The labelled summaries are in `Resources/judge-labels.json`: real outputs of the models, as
/// written, each with its note's sample id.
public struct JudgeLabel: Codable, Sendable, Equatable {
    /// The note summarised: the `id` of a sample of `note-summaries.json`.
    public var noteID: String
    /// The summary as the model wrote it.
    public var summary: NoteSummary
    /// The model that wrote it.
    public var writer: String
    /// The person's verdict: true when every statement is said or directly implied by the note,
    /// with its numbers, names and places.
    public var faithful: Bool
    /// Why, in a few words (what is unsupported, when something is).
    public var reason: String

    /// A label.
    public init(noteID: String, summary: NoteSummary, writer: String, faithful: Bool, reason: String) {
        self.noteID = noteID
        self.summary = summary
        self.writer = writer
        self.faithful = faithful
        self.reason = reason
    }
}
