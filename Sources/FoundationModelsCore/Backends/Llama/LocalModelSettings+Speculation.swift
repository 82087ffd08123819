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
        /// The GGUF file of the draft model that makes the guesses, or `nil` when they come from
        /// prompt lookup.
        public let draftModelPath: String?

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

        /// A draft model guessing at most `maximumDraftLength` tokens a step: a smaller model with
        /// the same vocabulary (Qwen2.5-Coder-0.5B for the 1.5B model), run greedily in a context
        /// of its own beside the model's. It stops guessing early where it is unsure of its next
        /// token (under even odds), and the length adapts to how many guesses held.
        ///
        /// The draft model loads with the model; one whose tokens are not the model's fails the
        /// first request with ``LanguageModelSession/GenerationError/assetsUnavailable(_:)``.
        /// Guesses cost a pass of the draft model each, so it pays where the model is much slower
        /// than its draft and a pass of several tokens costs little more than one (see the
        /// README's figures for the CPU they were measured on).
        public static func draftModel(_ path: String, maximumDraftLength: Int = 3) -> Speculation {
            maximumDraftLength > 0 ? Speculation(maximumDraftLength: maximumDraftLength, draftModelPath: path) : .none
        }

        /// Parses the `FM_SPECULATION` setting: `none` (or `off`), `lookup` (a draft length of 2),
        /// `lookup:N` for a draft length of N, `draft:MODEL` for a draft model (a GGUF path, or a
        /// name `fm models` lists, such as `default`) with a draft length of 3, or `draft:MODEL:N`.
        public init?(setting: String) {
            let parts = setting.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            switch parts.first?.lowercased() {
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
            case "draft":
                guard parts.count == 2 else { return nil }
                var model = parts[1]
                var length = 3
                if let colon = model.lastIndex(of: ":"), let given = Int(model[model.index(after: colon)...]) {
                    guard given >= 0 else { return nil }
                    length = given
                    model = String(model[..<colon])
                }
                guard !model.isEmpty else { return nil }
                self = .draftModel(ModelCatalog.resolve(model), maximumDraftLength: length)
            default:
                return nil
            }
        }

        private init(maximumDraftLength: Int, draftModelPath: String? = nil) {
            self.maximumDraftLength = maximumDraftLength
            self.draftModelPath = draftModelPath
        }

        /// `none`, `lookup:N` or `draft:PATH:N`, as `FM_SPECULATION` spells it.
        public var description: String {
            if maximumDraftLength == 0 { return "none" }
            if let draftModelPath { return "draft:\(draftModelPath):\(maximumDraftLength)" }
            return "lookup:\(maximumDraftLength)"
        }

        /// The engine's settings for it.
        var engineSettings: SpeculationSettings {
            SpeculationSettings(maximumDraft: maximumDraftLength, source: draftModelPath.map { .draftModel(path: $0) } ?? .promptLookup)
        }
    }
}
