import ConstrainedDecoding
/// The engine thread's state for one running generation.
///
/// Lives only on the engine thread (not `Sendable`).
final class ActiveGeneration {
    let ticket: GenerationTicket
    /// Tokens to feed to the model next: the uncached prompt, then each sampled token with any
    /// jump-forward tokens after it.
    var pending: [TokenID]
    /// How many of `pending` have been fed.
    var fed = 0
    /// Prompt tokens that were reused from the cache.
    let reusedTokens: Int
    /// The engine's admission counter when the generation started (first come, first served).
    let admission: UInt64
    var sampler: TokenSampler
    let constraint: (any TokenConstraint)?
    var decoder = UTF8StreamDecoder()
    /// Tokens produced so far (sampled and forced).
    var producedTokens = 0
    /// Whether the prompt has been fully fed.
    var hasPrefilled = false
    /// The most tokens the response may have: `maximumTokens`, or the context's room after the
    /// prompt when that is less.
    let responseLimit: Int
    /// The most tokens to draft next step (speculation), adapted to how many were accepted.
    var draftLength: Int
    /// The running estimate of the chance that a drafted token holds (starting from the engine's).
    var draftAcceptance: Double
    /// Decoding steps since the last one that drafted (to probe now and then when drafting was
    /// judged not to pay).
    var stepsWithoutDraft = 0
    /// The prompt length at which the slot's state is saved to disk (the request's stable
    /// prefix, computed from position 0 in passes that stop there); nil for none.
    var savesPrefixAt: Int?

    init(
        ticket: GenerationTicket, uncachedPrompt: [TokenID], reusedTokens: Int, admission: UInt64, constraint: (any TokenConstraint)?,
        responseLimit: Int, draftLength: Int = 0, draftAcceptance: Double = 0
    ) {
        self.ticket = ticket
        self.draftLength = draftLength
        self.draftAcceptance = draftAcceptance
        self.responseLimit = responseLimit
        self.pending = uncachedPrompt
        self.reusedTokens = reusedTokens
        self.admission = admission
        self.sampler = TokenSampler(parameters: ticket.request.sampling)
        self.constraint = constraint
    }

    /// Tokens waiting to be fed.
    var remaining: Int { pending.count - fed }

    /// Sets the next draft length from the last verification: doubled (up to `maximum`) when the
    /// whole draft held, else one more than what held, so that drafts that keep failing cost one
    /// extra position a step.
    func adaptDraftLength(drafted: Int, accepted: Int, maximum: Int) {
        draftLength = accepted == drafted ? min(maximum, max(1, draftLength) * 2) : min(maximum, accepted + 1)
        if drafted > 0 {
            draftAcceptance += 0.3 * (Double(accepted) / Double(drafted) - draftAcceptance)
        }
    }

    /// Whether the request only fills the cache.
    var isPrefillOnly: Bool { ticket.request.maximumTokens == 0 }
}

/// One KV sequence of the engine's context and what it holds.
struct EngineSlot {
    /// The llama.cpp sequence id.
    let sequence: Int32
    /// The tokens whose keys and values are cached, at positions `0..<cached.count`.
    var cached: [TokenID] = []
    /// When the slot was last used (the engine's step counter), for least-recently-used choice.
    var lastUsed: UInt64 = 0
    /// The generation using the slot now, if any.
    var generation: ActiveGeneration?
    /// The step that last fed the slot's generation, so that passes narrower than the decoding
    /// generations (``DecodingPassWidth``) take turns.
    var lastFed: UInt64 = 0

    /// How many leading tokens of `tokens` the slot already holds.
    func sharedPrefixLength(with tokens: [TokenID]) -> Int {
        SlotPlanner.sharedPrefixLength(cached, tokens)
    }
}
