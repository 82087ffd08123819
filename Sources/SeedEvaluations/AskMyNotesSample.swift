public import Evaluations

/// A question about the field notes, with its ground truth: the fact an answer must contain and
/// the notes that hold it.
public struct AskMyNotesSample: SampleProtocol, Equatable {
    /// The question's name in the set (`q01`).
    public var id: String
    /// The question.
    public var question: String
    /// The fact a right answer contains ("Kettle Tarn", "5", "28 April 2026").
    public var answer: String
    /// The identifiers of the notes that answer it.
    public var relevant: [String]
    /// What it tests: `fact`, `count`, `time` or `synonym`.
    public var kind: String

    /// A sample.
    public init(id: String, question: String, answer: String, relevant: [String], kind: String) {
        self.id = id
        self.question = question
        self.answer = answer
        self.relevant = relevant
        self.kind = kind
    }

    /// What the model is asked.
    public var input: String { question }

    /// The fact.
    public var expected: String? { answer }
}
