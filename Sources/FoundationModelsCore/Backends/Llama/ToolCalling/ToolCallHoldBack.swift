/// Holds back a turn's text while it could still turn out to be tool calls, and releases it to
/// the session once it cannot: the session sees tool-call markup never, answer text as soon as
/// it is safe. Pure (no model): fed the generated pieces, it says what may be sent.
struct ToolCallHoldBack {
    /// Text that may go to the session, with the tokens it took.
    struct Release: Equatable {
        var text: String
        var tokenCount: Int
    }

    /// How a turn ended.
    enum Ending: Equatable {
        /// The turn was tool calls, parsed.
        case toolCalls([ToolCallSyntax.Call])
        /// The turn started as tool calls but stopped before they were complete.
        case cutOffToolCalls(String)
        /// The turn was an answer; what is left to send (nil when everything was sent).
        case answer(Release?)
    }

    /// Whether the turn may call tools at all (no hold-back otherwise).
    let mayCallTools: Bool
    /// Whether a call may take the tagless form (a bare `{"name": …, "arguments": …}`).
    let acceptsBareCall: Bool
    /// All the text generated so far.
    private(set) var text = ""
    /// How many UTF-8 bytes of `text` were released (pieces are whole strings, so this is always
    /// on a character boundary).
    private var sentByteCount = 0
    private var pendingTokenCount = 0

    init(mayCallTools: Bool, acceptsBareCall: Bool) {
        self.mayCallTools = mayCallTools
        self.acceptsBareCall = acceptsBareCall
    }

    /// Adds a generated piece; returns what may be sent now (nil while it is held back).
    mutating func append(_ piece: String, tokenCount: Int) -> Release? {
        text += piece
        pendingTokenCount += tokenCount
        if mayCallTools, ToolCallSyntax.mayBeToolCalls(text, acceptsBareCall: acceptsBareCall) { return nil }
        return takeUnsent()
    }

    /// The end of the turn: tool calls, a cut-off call, or the rest of the answer.
    ///
    /// A turn that ran out of tokens inside a call after finishing others keeps the finished
    /// ones (each is valid: the grammar enforced it to its closing tag) and drops the cut-off one;
    /// only a turn without any finished call is cut off.
    mutating func finish() -> Ending {
        if mayCallTools, ToolCallSyntax.isToolCallTurn(text, acceptsBareCall: acceptsBareCall) {
            if let calls = ToolCallSyntax.parse(text) { return .toolCalls(calls) }
            let finished = ToolCallSyntax.completeCalls(in: text)
            return finished.isEmpty ? .cutOffToolCalls(text) : .toolCalls(finished)
        }
        return .answer(takeUnsent())
    }

    private mutating func takeUnsent() -> Release? {
        let utf8 = text.utf8
        guard sentByteCount < utf8.count else { return nil }
        let start = utf8.index(utf8.startIndex, offsetBy: sentByteCount)
        let release = Release(text: String(text[start...]), tokenCount: pendingTokenCount)
        sentByteCount = utf8.count
        pendingTokenCount = 0
        return release
    }
}
