/// Restricts which tokens may come next, for token-level guided generation.
///
/// Instances live on the engine's thread for one generation: they are created there by the
/// request's factory and never shared, so they need not be `Sendable`.
public protocol TokenConstraint: AnyObject {
    /// Sets the bit of every token allowed next (bit `i % 32` of word `i / 32`); clears the rest.
    func fillAllowedTokens(_ words: UnsafeMutableBufferPointer<UInt32>)
    /// Advances past a sampled token; returns false if the token was not allowed.
    func accept(_ token: Int32) -> Bool
    /// Tokens the constraint forces next (jump-forward), appended without sampling.
    ///
    /// Called after each accepted token; the constraint has already advanced past them when it
    /// returns them.
    func takeForcedTokens() -> [Int32]
    /// Whether no further token is possible: the structure is complete and generation stops.
    var isComplete: Bool { get }
    /// The most tokens needed to finish the structure from here (zero where it may end now), or
    /// nil when the output is not (or not yet) bound to a structure.
    var tokensToFinish: Int? { get }
    /// Whether, after the allowed `token`, the structure can still be finished within `tokens`
    /// more tokens.
    func canFinish(after token: Int32, within tokens: Int) -> Bool
    /// Narrows `words`, as ``fillAllowedTokens(_:)`` filled them, to tokens that bring the
    /// structure strictly closer to its end (only end-of-generation where it may end now).
    func narrowToClosingTokens(_ words: UnsafeMutableBufferPointer<UInt32>)
    /// How many of `tokens`, taken in order from here, the constraint would accept; it is left
    /// as it was. Speculative decoding cuts a draft there: a forbidden token cannot be sampled,
    /// so feeding it would only cost its row.
    func acceptedPrefixLength(of tokens: [Int32]) -> Int
}

extension TokenConstraint {
    /// No structure to finish.
    public var tokensToFinish: Int? { nil }

    /// Any allowed token can be finished after.
    public func canFinish(after token: Int32, within tokens: Int) -> Bool { true }

    /// Nothing to narrow.
    public func narrowToClosingTokens(_ words: UnsafeMutableBufferPointer<UInt32>) {}

    /// No look-ahead: every token is taken as accepted (verification still decides).
    public func acceptedPrefixLength(of tokens: [Int32]) -> Int { tokens.count }
}
