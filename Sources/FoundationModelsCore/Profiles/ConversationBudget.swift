import LlamaBackend

/// Ready-made history transforms that keep a conversation inside a local model's context (an
/// extra of this implementation, for `.historyTransform(_:)`).
///
/// ```swift
/// Profile { Instructions("Be brief.") }
///     .historyTransform(ConversationBudget.keepingNewestTurns(of: .current, reservingTokens: 400))
/// ```
///
/// Tokens are counted with the model's own tokenizer and chat template, never estimated. Whole
/// turns are kept or dropped (a turn runs from a prompt to the next one), so a tool call always
/// stays beside its output, and what is kept is the newest end of the conversation: the stored
/// transcript is untouched, and the cache holds the unchanged part.
public enum ConversationBudget {
    /// A transform that keeps the newest turns whose rendering fits the model's context less
    /// `reservingTokens` (room for the instructions, the tools and the answer).
    ///
    /// The newest turn (the one being asked) is always kept; if even it does not fit, the
    /// request fails as it would without the transform, with `exceededContextWindowSize` and
    /// both numbers, before anything is decoded. When the model file cannot be read, the history
    /// passes unchanged (and the request reports the model's error).
    ///
    /// - Parameters:
    ///   - settings: The local model whose tokenizer and context count.
    ///   - reservingTokens: Tokens kept free for the instructions, tools and the answer.
    /// - Returns: A transform for `.historyTransform(_:)`.
    public static func keepingNewestTurns(
        of settings: LocalModelSettings, reservingTokens: Int
    ) -> @Sendable ([Transcript.Entry]) -> [Transcript.Entry] {
        let budget = settings.contextSize - reservingTokens
        return { entries in
            guard let counter = try? TokenCounter(settings: settings) else { return entries }
            return newestTurns(of: entries, fitting: budget) { try counter.count(Transcript(entries: $0)) }
        }
    }

    /// A transform that drops the oldest turns beyond the newest `maximumTurns`.
    ///
    /// - Parameter maximumTurns: The most turns the model sees (at least 1).
    /// - Returns: A transform for `.historyTransform(_:)`.
    public static func keepingLastTurns(_ maximumTurns: Int) -> @Sendable ([Transcript.Entry]) -> [Transcript.Entry] {
        { entries in
            let starts = turnStarts(of: entries)
            guard starts.count > max(1, maximumTurns) else { return entries }
            return Array(entries[starts[starts.count - max(1, maximumTurns)]...])
        }
    }

    /// The newest whole turns that fit `budget` tokens by `count` (binary search over where they
    /// start; fewer turns never count more).
    static func newestTurns(
        of entries: [Transcript.Entry], fitting budget: Int, count: ([Transcript.Entry]) throws -> Int
    ) -> [Transcript.Entry] {
        let starts = turnStarts(of: entries)
        guard starts.count > 1 else { return entries }
        func fits(_ index: Int) -> Bool { ((try? count(Array(entries[starts[index]...]))) ?? .max) <= budget }
        if fits(0) { return entries }
        // The last turn is kept even when it alone is too long: the request then fails clearly.
        var low = 1
        var high = starts.count - 1
        while low < high {
            let middle = (low + high) / 2
            if fits(middle) { high = middle } else { low = middle + 1 }
        }
        return Array(entries[starts[low]...])
    }

    /// Where each turn starts: at every prompt, and at the first entry if it is not one.
    static func turnStarts(of entries: [Transcript.Entry]) -> [Int] {
        var starts: [Int] = []
        for (index, entry) in entries.enumerated() {
            if case .prompt = entry { starts.append(index) } else if index == 0 { starts.append(0) }
        }
        return starts
    }
}
