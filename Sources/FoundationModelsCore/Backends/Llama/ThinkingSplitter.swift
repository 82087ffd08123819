import Foundation

/// Splits a thinking model's output into its reasoning (inside `<think>…</think>`) and its
/// answer, piece by piece as it streams.
///
/// A block is reasoning when the output opens with `<think>` (after white space), or when the
/// prompt itself ends inside an open block (templates that open it for the model). Tags cut
/// across pieces are held back until they are whole.
struct ThinkingSplitter {
    /// A piece of output, sorted.
    enum Part: Equatable {
        case reasoning(String)
        case answer(String)
    }

    private enum State {
        /// Nothing but white space yet: a `<think>` may still open.
        case start
        case reasoning
        case answer
    }

    static let open = "<think>"
    static let close = "</think>"

    private var state: State
    private var pending = ""
    /// Whether white space at the start of the answer is still to be dropped (after a block).
    private var trimsAnswerStart = false

    /// A splitter for output that follows `prompt`.
    init(prompt: String) {
        let trimmed = prompt.reversed().drop { $0.isWhitespace }
        let endsOpen = String(trimmed.prefix(Self.open.count).reversed()) == Self.open
        state = endsOpen ? .reasoning : .start
    }

    /// Sorts the next piece of output; some text may be held back until the next piece.
    mutating func append(_ piece: String) -> [Part] {
        pending += piece
        var parts: [Part] = []
        while true {
            switch state {
            case .start:
                let text = pending.drop { $0.isWhitespace }
                if text.hasPrefix(Self.open) {
                    pending = String(text.dropFirst(Self.open.count))
                    state = .reasoning
                    continue
                }
                if Self.open.hasPrefix(text) { return parts }  // maybe a tag still coming
                state = .answer
                continue
            case .reasoning:
                if let range = pending.range(of: Self.close) {
                    let reasoning = String(pending[..<range.lowerBound])
                    if !reasoning.isEmpty { parts.append(.reasoning(reasoning)) }
                    pending = String(pending[range.upperBound...])
                    trimsAnswerStart = true
                    state = .answer
                    continue
                }
                let held = Self.partialTagLength(at: pending, tag: Self.close)
                let ready = String(pending.dropLast(held))
                if !ready.isEmpty { parts.append(.reasoning(ready)) }
                pending = String(pending.suffix(held))
                return parts
            case .answer:
                if trimsAnswerStart {
                    pending = String(pending.drop { $0.isWhitespace })
                    if pending.isEmpty { return parts }
                    trimsAnswerStart = false
                }
                if !pending.isEmpty { parts.append(.answer(pending)) }
                pending = ""
                return parts
            }
        }
    }

    /// The text still held back, as it belongs: at the end of the output.
    mutating func finish() -> [Part] {
        defer { pending = "" }
        guard !pending.isEmpty else { return [] }
        switch state {
        case .reasoning: return [.reasoning(pending)]
        case .start, .answer: return trimsAnswerStart ? [] : [.answer(pending)]
        }
    }

    /// How many characters at the end of `text` could begin `tag`.
    static func partialTagLength(at text: String, tag: String) -> Int {
        for length in stride(from: min(tag.count - 1, text.count), through: 1, by: -1) where tag.hasPrefix(String(text.suffix(length))) {
            return length
        }
        return 0
    }
}
