/// The history of a session: instructions, prompts, reasoning, tool calls, tool outputs and
/// responses.
///
/// A transcript is a mutable, range-replaceable collection of ``Transcript/Entry`` values.
/// Sessions record every exchange in it; a saved transcript resumes a conversation with
/// ``LanguageModelSession/init(model:tools:transcript:)``, and (OS 27) an idle session's
/// transcript can be edited in place:
///
/// ```swift
/// session.transcript.removeLast(2)           // forget the last exchange
/// session.transcript.history.removeAll()     // keep only the instructions
/// ```
///
/// It encodes to and decodes from Apple's JSON wire format.
public struct Transcript: Sendable, Equatable, RandomAccessCollection, MutableCollection, RangeReplaceableCollection {
    /// Positions in the transcript.
    public typealias Index = Int
    /// The transcript's entries.
    public typealias Element = Transcript.Entry
    /// A contiguous part of a transcript.
    public typealias SubSequence = Slice<Transcript>

    var entries: [Entry]

    /// Creates a transcript from entries.
    ///
    /// - Parameter entries: The entries, oldest first.
    public init(entries: some Sequence<Transcript.Entry> = []) {
        self.entries = Array(entries)
    }

    /// Creates an empty transcript.
    public init() {
        self.entries = []
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

    /// Replaces a range of entries with others.
    ///
    /// - Parameters:
    ///   - subrange: The positions to replace.
    ///   - newElements: The entries to put there.
    public mutating func replaceSubrange<C: Collection>(_ subrange: Range<Int>, with newElements: consuming C)
    where C.Element == Transcript.Entry {
        entries.replaceSubrange(subrange, with: newElements)
    }

    /// The conversation after the instructions: every entry but a leading
    /// ``Transcript/Entry/instructions(_:)`` entry.
    ///
    /// Setting it keeps the instructions and replaces the rest.
    public var history: ArraySlice<Transcript.Entry> {
        get { entries[historyStart...] }
        set { entries.replaceSubrange(historyStart..., with: newValue) }
    }

    /// Where ``history`` starts: after a leading instructions entry.
    private var historyStart: Int {
        if case .instructions? = entries.first { return 1 }
        return 0
    }
}
