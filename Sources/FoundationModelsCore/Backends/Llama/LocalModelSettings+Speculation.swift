import LlamaBackend

extension LocalModelSettings {
    /// Whether the local model guesses tokens ahead and verifies several in one pass
    /// (speculative decoding), an extra of this implementation.
    ///
    /// Speculation changes speed only: greedy and seeded answers are the same token for token,
    /// with or without it, because every position is still sampled from the model's own logits and
    /// a guess counts only when it equals the sampled token. Guided generation composes with it.
    ///
    /// ```swift
    /// var settings = LocalModelSettings.current
    /// settings.speculation = .promptLookup
    /// LocalModelSettings.current = settings
    /// ```
    public struct Speculation: Sendable, Hashable, CustomStringConvertible {
        /// The most tokens guessed ahead in one step; 0 for no speculation.
        public let maximumDraftLength: Int

        /// No speculation: one token per session per model pass.
        public static let none = Speculation(maximumDraftLength: 0)

        /// Prompt lookup with the default draft length (2): the guesses are the tokens that
        /// followed the conversation's latest few tokens where they occurred before, in the prompt
        /// or the answer. It pays off when answers copy their input: extraction, summaries, quoted
        /// tool output, repeated keys of structured answers.
        ///
        /// With 2, one session's pass computes at most 3 rows, which llama.cpp's CPU kernels round
        /// exactly as single tokens; longer drafts take its blocked kernels, whose rounding can
        /// flip a near tie (as batching several sessions together can).
        public static let promptLookup = Speculation(maximumDraftLength: 2)

        /// Prompt lookup guessing at most `maximumDraftLength` tokens a step (the length adapts
        /// to how many guesses held; 0 turns speculation off).
        public static func promptLookup(maximumDraftLength: Int) -> Speculation {
            Speculation(maximumDraftLength: max(0, maximumDraftLength))
        }

        /// Parses the `FM_SPECULATION` setting: `none` (or `off`), `lookup` (a draft length of 2),
        /// or `lookup:N` for a draft length of N.
        public init?(setting: String) {
            let parts = setting.lowercased().split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            switch parts.first {
            case "none", "off":
                guard parts.count == 1 else { return nil }
                self = .none
            case "lookup":
                if parts.count == 1 {
                    self = .promptLookup
                } else if let length = Int(parts[1]), length >= 0 {
                    self = .promptLookup(maximumDraftLength: length)
                } else {
                    return nil
                }
            default:
                return nil
            }
        }

        private init(maximumDraftLength: Int) {
            self.maximumDraftLength = maximumDraftLength
        }

        /// `none`, or `lookup:N`, as `FM_SPECULATION` spells it.
        public var description: String {
            maximumDraftLength == 0 ? "none" : "lookup:\(maximumDraftLength)"
        }

        /// The engine's settings for it.
        var engineSettings: SpeculationSettings {
            SpeculationSettings(maximumDraft: maximumDraftLength)
        }
    }
}
