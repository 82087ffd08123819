/// What one step of the ``EngineScheduler`` does, as ``StepPlanner`` decided it: the tokens each
/// generation feeds, in batch order, and the generations that end instead.
struct StepPlan: Equatable {
    /// What one generation feeds this step.
    struct Feed: Equatable {
        /// The generation's slot.
        var slot: Int
        /// How many of its pending tokens it feeds.
        var take: Int
        /// Whether the last fed token computes logits (it ends what the generation had to feed,
        /// and the generation samples after it).
        var wantsLogits: Bool
        /// Tokens drafted after the fed ones, each with logits.
        var draft: [TokenID] = []
        /// Whether the tokens are prompt tokens (the generation has not prefilled yet).
        var prefills: Bool
    }

    /// A generation that ends instead of feeding.
    struct Ending: Equatable {
        /// Why it ends.
        enum Reason: Equatable {
            /// Its request was cancelled.
            case cancelled
            /// Its tokens would not fit in its sequence: `tokenCount` cells would be needed.
            case contextOverflow(tokenCount: Int)
        }

        /// The generation's slot.
        var slot: Int
        /// Why it ends.
        var reason: Reason
    }

    /// How a step of decoding rows only is laid out (see ``MicroBatchLayout``).
    struct RowLayout: Equatable {
        /// The lengths of the runs of consecutive slots.
        var runs: [Int]
        /// Whether the rows are computed one by one (the feeds are then in descending slot order).
        var alone: Bool
    }

    /// The feeds, in the order their tokens go into the batch.
    var feeds: [Feed] = []
    /// The generations that end this step, by slot, in the order they were planned.
    var endings: [Ending] = []
    /// Whether the step feeds single tokens of decoding generations only (no prefill, no drafts
    /// possible), the steps ``DecodingPassWidth`` measures.
    var decodesOnly = false
    /// Whether the pass feeds fewer decoding generations than there are (``DecodingPassWidth``).
    var narrowed = false
    /// Prompt tokens the step feeds.
    var prefillTokens = 0
    /// The layout of a step of decoding rows only; `nil` for any other step.
    var rowLayout: RowLayout?

    /// Whether the step prefills while other generations decode.
    var isMixed: Bool { prefillTokens > 0 && feeds.contains { !$0.prefills } }
}
