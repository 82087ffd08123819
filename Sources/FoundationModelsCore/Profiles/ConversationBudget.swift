import Synchronization

/// Ready-made history transforms that keep a conversation inside a local model's context (an
/// extra of this implementation, for `.historyTransform(_:)`).
///
/// ```swift
/// Profile { Instructions("Be brief.") }
///     .historyTransform(ConversationBudget.keepingNewestTurns(of: .default, reservingTokens: 400))
/// ```
///
/// Tokens are counted with the model's own tokenizer and chat template, never estimated. Whole
/// turns are kept or dropped (a turn runs from a prompt to the next one), so a tool call always
/// stays beside its output, and what is kept is the newest end of the conversation: the stored
/// transcript is untouched. A leading instructions entry (the profile's, which a transform
/// receives first) is always kept and counted. The cut stays at the same turn while the rest still
/// fits, so the model's cache holds the unchanged beginning between requests.
public enum ConversationBudget {
    /// A transform that keeps the instructions and the newest turns whose rendering, with the
    /// instructions, fits the model's context less `reservingTokens` (room for the answer).
    ///
    /// The newest turn (the one being asked) is always kept; if even it does not fit, the
    /// request fails as it would without the transform, with `exceededContextWindowSize` and
    /// both numbers, before anything is decoded. When the model file cannot be read, the history
    /// passes unchanged (and the request reports the model's error).
    ///
    /// When the conversation outgrows the budget, the oldest turns are dropped down to three
    /// quarters of it, and the cut then stays where it is until the rest outgrows the budget again.
    ///
    /// - Parameters:
    ///   - model: The local model whose tokenizer, chat template and context count (its settings
    ///     as they are when the transform is made).
    ///   - reservingTokens: Tokens kept free for the answer (the instructions and the tools'
    ///     definitions, when the transform receives them, are counted as they are).
    /// - Returns: A transform for `.historyTransform(_:)` (use one per session: it remembers where
    ///   it cut).
    public static func keepingNewestTurns(
        of model: SystemLanguageModel, reservingTokens: Int
    ) -> @Sendable ([Transcript.Entry]) -> [Transcript.Entry] {
        keepingNewestTurns(settings: model.settings, reservingTokens: reservingTokens)
    }

    /// A transform that keeps the instructions and the newest turns that fit a model file's
    /// context less `reservingTokens`; see ``keepingNewestTurns(of:reservingTokens:)-(SystemLanguageModel,_)``.
    ///
    /// - Parameters:
    ///   - model: The model whose tokenizer, chat template and context count.
    ///   - reservingTokens: Tokens kept free for the answer.
    /// - Returns: A transform for `.historyTransform(_:)` (one per session).
    public static func keepingNewestTurns(
        of model: LlamaLanguageModel, reservingTokens: Int
    ) -> @Sendable ([Transcript.Entry]) -> [Transcript.Entry] {
        keepingNewestTurns(settings: model.settings, reservingTokens: reservingTokens)
    }

    /// A transform that keeps the instructions and the newest turns that fit `contextSize` less
    /// `reservingTokens`, as counted by `countingTokens`: for any model whose tokens can be
    /// counted (the other overloads count with the local model's tokenizer and template).
    ///
    /// - Parameters:
    ///   - contextSize: The tokens the model's context holds.
    ///   - reservingTokens: Tokens kept free for the answer.
    ///   - countingTokens: The tokens entries take as the model is given them; entries it cannot
    ///     count (it throws) count as too many, so that only the newest turn is kept.
    /// - Returns: A transform for `.historyTransform(_:)` (one per session).
    public static func keepingNewestTurns(
        contextSize: Int, reservingTokens: Int, countingTokens: @escaping @Sendable ([Transcript.Entry]) throws -> Int
    ) -> @Sendable ([Transcript.Entry]) -> [Transcript.Entry] {
        keepingNewestTurns(budget: contextSize - reservingTokens) { countingTokens }
    }

    /// The former spelling, with a llama.cpp model's settings in the signature.
    @available(*, deprecated, message: "pass the model: keepingNewestTurns(of: SystemLanguageModel.default, …) or a LlamaLanguageModel")
    public static func keepingNewestTurns(
        of settings: LocalModelSettings, reservingTokens: Int
    ) -> @Sendable ([Transcript.Entry]) -> [Transcript.Entry] {
        keepingNewestTurns(settings: settings, reservingTokens: reservingTokens)
    }

    /// The transform on a local model's settings, counting with its tokenizer and template.
    static func keepingNewestTurns(
        settings: LocalModelSettings, reservingTokens: Int
    ) -> @Sendable ([Transcript.Entry]) -> [Transcript.Entry] {
        keepingNewestTurns(budget: settings.contextSize - reservingTokens) {
            let counter = try TokenCounter(settings: settings)
            return { entries in try counter.count(Transcript(entries: entries)) }
        }
    }

    /// The transform: `makeCounter` is asked on every call (a model file that cannot be read now
    /// may be readable later) and the history passes unchanged when it throws.
    private static func keepingNewestTurns(
        budget: Int, makeCounter: @escaping @Sendable () throws -> ([Transcript.Entry]) throws -> Int
    ) -> @Sendable ([Transcript.Entry]) -> [Transcript.Entry] {
        // Why remember the start: cutting at the same turn while it still fits keeps the prompt's
        // beginning, and so the model's cache, from one request to the next; when it no longer
        // fits, the cut moves on to leave a quarter of the budget free, so it moves rarely.
        let start = Mutex<String?>(nil)
        return { all in
            guard let counter = try? makeCounter() else { return all }
            let (instructions, entries) = splittingInstructions(all)
            let count = { (kept: [Transcript.Entry]) in try counter(instructions + kept) }
            if let id = start.withLock({ $0 }), let index = entries.firstIndex(where: { $0.id == id }),
                let tokens = try? count(Array(entries[index...])), tokens <= budget
            {
                return instructions + entries[index...]
            }
            if let tokens = try? count(entries), tokens <= budget {
                start.withLock { $0 = nil }
                return all
            }
            let kept = newestTurns(of: entries, fitting: budget * 3 / 4, count: count)
            start.withLock { $0 = kept.first?.id }
            return instructions + kept
        }
    }

    /// A transform that keeps the instructions and drops the oldest turns beyond the newest
    /// `maximumTurns`.
    ///
    /// - Parameter maximumTurns: The most turns the model sees (at least 1).
    /// - Returns: A transform for `.historyTransform(_:)`.
    public static func keepingLastTurns(_ maximumTurns: Int) -> @Sendable ([Transcript.Entry]) -> [Transcript.Entry] {
        { all in
            let (instructions, entries) = splittingInstructions(all)
            let starts = turnStarts(of: entries)
            guard starts.count > max(1, maximumTurns) else { return all }
            return instructions + entries[starts[starts.count - max(1, maximumTurns)]...]
        }
    }

    /// A leading instructions entry, apart from the conversation after it.
    static func splittingInstructions(_ entries: [Transcript.Entry]) -> (instructions: [Transcript.Entry], rest: [Transcript.Entry]) {
        guard case .instructions? = entries.first else { return ([], entries) }
        return ([entries[0]], Array(entries.dropFirst()))
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
