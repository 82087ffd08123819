/// Guided generation on llama.cpp: a `GrammarMatcher` as the engine's token constraint, with
/// jump-forward that keeps the tokenization canonical.
///
/// Jump-forward: when the grammar forces the next bytes (keys, punctuation, the rest of an enum
/// name), they are tokenized and appended without sampling. The last forced token is held back,
/// since the model's next token might merge with it, and forced tokens are used only when
/// tokenizing them after the previous token leaves that token unchanged (so the token sequence is
/// one the tokenizer itself would produce).
public final class GrammarConstraint: TokenConstraint {
    private let matcher: GrammarMatcher
    private let vocabulary: any ConstraintTokenizer
    private var mask: TokenBitmask
    private let jumpForward: Bool
    private var lastToken: Int32?

    /// A constraint for one generation.
    ///
    /// - Parameters:
    ///   - grammar: The compiled grammar.
    ///   - vocabulary: The model's tokenizer, for jump-forward.
    ///   - jumpForward: Whether to append forced tokens without sampling.
    public init(grammar: CompiledGrammar, vocabulary: any ConstraintTokenizer, jumpForward: Bool = true) {
        self.matcher = GrammarMatcher(grammar: grammar)
        self.vocabulary = vocabulary
        self.mask = TokenBitmask(tokenCount: grammar.vocabulary.tokenCount)
        self.jumpForward = jumpForward
    }

    public func fillAllowedTokens(_ words: UnsafeMutableBufferPointer<UInt32>) {
        matcher.fillNextTokenBitmask(&mask)
        mask.words.withUnsafeBufferPointer { source in
            let count = min(source.count, words.count)
            for index in 0..<count { words[index] = source[index] }
            for index in count..<words.count { words[index] = 0 }
        }
    }

    public func accept(_ token: Int32) -> Bool {
        do {
            try matcher.acceptToken(Int(token))
            lastToken = token
            return true
        } catch {
            return false
        }
    }

    public var isComplete: Bool {
        matcher.isTerminated
    }

    public func takeForcedTokens() -> [Int32] {
        guard jumpForward, let lastToken else { return [] }
        let forced = matcher.forcedBytes()
        guard forced.count >= 2, let text = String(validating: forced, as: UTF8.self) else { return [] }
        guard var tokens = vocabulary.tokens(of: text), !tokens.isEmpty else { return [] }
        // Unless the forced bytes finish the grammar, the last token could merge with what follows.
        let completes = matcher.canTerminateAfter(bytes: forced)
        if !completes { tokens.removeLast() }
        guard !tokens.isEmpty else { return [] }
        // Canonical with the previous token: tokenizing both together must keep the previous token.
        let previous = vocabulary.bytes(of: lastToken)
        if let previousText = String(validating: previous, as: UTF8.self),
            let joined = vocabulary.tokens(of: previousText + text)
        {
            guard joined.first == lastToken, Array(joined.dropFirst().prefix(tokens.count)) == tokens else { return [] }
        }
        var accepted: [Int32] = []
        for token in tokens {
            do {
                try matcher.acceptToken(Int(token))
                accepted.append(token)
            } catch {
                try? matcher.rollBack(tokens: accepted.count)
                return []
            }
        }
        self.lastToken = accepted.last
        return accepted
    }
}

extension GrammarMatcher {
    /// Whether the grammar is complete after these bytes (checked without consuming them).
    func canTerminateAfter(bytes: [UInt8]) -> Bool {
        do {
            try acceptBytes(bytes)
        } catch {
            return false
        }
        let result = canTerminate
        // acceptBytes records one history step; undo it.
        try? rollBack(tokens: 1)
        return result
    }
}
