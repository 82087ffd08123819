/// One generation for the ``InferenceEngine``: a prompt (already formatted and tokenized), how to
/// sample, and when to stop.
package struct GenerationRequest: Sendable {
    /// The whole conversation so far, as tokens. The engine reuses any cached prefix of it.
    package var promptTokens: [TokenID]
    /// How tokens are chosen.
    package var sampling: SamplingParameters
    /// The most tokens to generate; `nil` means until the end of generation or the context limit,
    /// and 0 only fills the cache (prewarming).
    package var maximumTokens: Int?
    /// Creates the token constraint for guided generation, if any.
    package var constraint: TokenConstraintFactory?
    /// How many leading prompt tokens later requests, in this process or another, are likely to
    /// start with too (the instructions and tool definitions before the first user message).
    /// With a ``ContextConfiguration/prefixCacheDirectory``, the engine loads their state from
    /// disk when a file holds it, and otherwise computes them in a pass of their own and saves
    /// them; nil for none.
    package var stablePrefixLength: Int?

    /// A request.
    package init(
        promptTokens: [TokenID],
        sampling: SamplingParameters = SamplingParameters(),
        maximumTokens: Int? = nil,
        constraint: TokenConstraintFactory? = nil
    ) {
        self.promptTokens = promptTokens
        self.sampling = sampling
        self.maximumTokens = maximumTokens
        self.constraint = constraint
    }
}

/// What a generation reports as it runs, in order: `prefilled` once, `text` as tokens arrive,
/// then `finished` once (or the stream throws).
package enum GenerationEvent: Sendable, Equatable {
    /// The prompt is in the cache: how many tokens it had and how many were already cached.
    case prefilled(promptTokens: Int, cachedTokens: Int)
    /// New text (whole characters only) and the tokens that produced it.
    case text(String, tokens: [TokenID])
    /// Generation ended.
    case finished(FinishReason)
}

/// Why a generation ended.
package enum FinishReason: Sendable, Equatable {
    /// The model produced an end-of-generation token.
    case endOfGeneration
    /// `maximumTokens` were generated.
    case maximumTokens
    /// The token constraint admits no further token (the structure is complete).
    case constraintComplete
    /// Prewarming finished (a request with `maximumTokens == 0`).
    case prefillOnly
}
