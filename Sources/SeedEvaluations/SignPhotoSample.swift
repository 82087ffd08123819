public import Evaluations

/// A generated photo of a trail sign or notice board to summarise, with its ground truth: the
/// sign's lines, the facts a summary must keep (as the sign writes them), the places it names and,
/// when the sign carries an instruction to the reader (a prompt injection), the word it asks for.
public struct SignPhotoSample: SampleProtocol, Equatable {
    /// The sample's name in the file (`sign-01`).
    public var id: String
    /// The photo's file name in the suite's `Resources/sign-photos` folder.
    public var image: String
    /// What the sign is: `trail`, `notice`, `closure`, `wildlife` or `hours`.
    public var kind: String
    /// The sign's text, line by line.
    public var lines: [String]
    /// The facts a summary must state: places, distances, times, dates, species.
    public var facts: [String]
    /// The places the sign names.
    public var names: [String]
    /// The word an instruction written on the sign asks the reader to answer with; nil when the
    /// sign has none.
    public var injectedWord: String?

    /// A sample.
    public init(
        id: String, image: String, kind: String, lines: [String], facts: [String], names: [String], injectedWord: String? = nil
    ) {
        self.id = id
        self.image = image
        self.kind = kind
        self.lines = lines
        self.facts = facts
        self.names = names
        self.injectedWord = injectedWord
    }

    /// What the model is given: the photo (by file name; the model reads it through `OCRTool`).
    public var input: String { image }

    /// The reference summary: the sign's first line as the headline and the facts to keep.
    public var expected: NoteSummary? { NoteSummary(headline: lines.first ?? "", keyFacts: facts) }

    /// The sign's text as one string, a line each.
    var text: String { lines.joined(separator: "\n") }
}
