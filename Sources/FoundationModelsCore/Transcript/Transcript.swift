/// The history of a session: instructions, prompts, tool calls, tool outputs and responses.
///
/// A transcript is a random-access collection of ``Transcript/Entry`` values. Sessions record
/// every exchange in it; a saved transcript resumes a conversation with
/// ``LanguageModelSession/init(model:tools:transcript:)``. It encodes to and decodes from
/// Apple's JSON wire format.
public struct Transcript: Sendable, Equatable, RandomAccessCollection {
    /// Positions in the transcript.
    public typealias Index = Int

    var entries: [Entry]

    /// Creates a transcript from entries.
    ///
    /// - Parameter entries: The entries, oldest first.
    public init(entries: some Sequence<Transcript.Entry> = []) {
        self.entries = Array(entries)
    }

    /// The position of the first entry.
    public var startIndex: Int { entries.startIndex }

    /// The position after the last entry.
    public var endIndex: Int { entries.endIndex }

    /// The entry at a position.
    public subscript(index: Int) -> Transcript.Entry {
        get { entries[index] }
        set { entries[index] = newValue }
    }

    /// Appends entries (used by sessions as they respond).
    mutating func append(contentsOf newEntries: some Sequence<Transcript.Entry>) {
        entries.append(contentsOf: newEntries)
    }
}
