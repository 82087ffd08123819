package import ConstrainedDecoding

/// Guided generation on llama.cpp: a `GrammarMatcher` as the engine's token constraint, with
/// jump-forward that keeps the tokenization canonical.
///
/// Jump-forward: when the grammar forces the next bytes (keys, punctuation, the rest of an enum
/// name), they are tokenized and appended without sampling. The last forced token is held back,
/// since the model's next token might merge with it, and forced tokens are used only when
/// tokenizing them after the previous token leaves that token unchanged (so the token sequence is
/// one the tokenizer itself would produce).
package final class GrammarConstraint: TokenConstraint {
    private let matcher: GrammarMatcher
    private let vocabulary: Vocabulary
    private var mask: TokenBitmask
    private let jumpForward: Bool
    private var lastToken: TokenID?

    /// A constraint for one generation.
    ///
    /// - Parameters:
    ///   - grammar: The compiled grammar.
    ///   - vocabulary: The model's tokenizer, for jump-forward.
    ///   - jumpForward: Whether to append forced tokens without sampling.
    package init(grammar: CompiledGrammar, vocabulary: Vocabulary, jumpForward: Bool = true) {
        self.matcher = GrammarMatcher(grammar: grammar)
        self.vocabulary = vocabulary
        self.mask = TokenBitmask(tokenCount: grammar.vocabulary.tokenCount)
        self.jumpForward = jumpForward
    }

    package func fillAllowedTokens(_ words: UnsafeMutableBufferPointer<UInt32>) {
        matcher.fillNextTokenBitmask(&mask)
        mask.words.withUnsafeBufferPointer { source in
            let count = min(source.count, words.count)
            for index in 0..<count { words[index] = source[index] }
            for index in count..<words.count { words[index] = 0 }
        }
    }

    package func accept(_ token: TokenID) -> Bool {
        do {
            try matcher.acceptToken(Int(token))
            lastToken = token
            return true
        } catch {
            return false
        }
    }

    package var isComplete: Bool {
        matcher.isTerminated
    }

    package func takeForcedTokens() -> [TokenID] {
        guard jumpForward, let lastToken else { return [] }
        let forced = matcher.forcedBytes()
        guard forced.count >= 2, let text = String(validating: forced, as: UTF8.self) else { return [] }
        guard var tokens = try? vocabulary.tokenize(text, addSpecial: false, parseSpecial: false), !tokens.isEmpty else { return [] }
        // Unless the forced bytes finish the grammar, the last token could merge with what follows.
        let completes = matcher.canTerminateAfter(bytes: forced)
        if !completes { tokens.removeLast() }
        guard !tokens.isEmpty else { return [] }
        // Canonical with the previous token: tokenizing both together must keep the previous token.
        let previous = vocabulary.piece(for: lastToken)
        if let previousText = String(validating: previous, as: UTF8.self),
           let joined = try? vocabulary.tokenize(previousText + text, addSpecial: false, parseSpecial: false) {
            guard joined.first == lastToken, Array(joined.dropFirst().prefix(tokens.count)) == tokens else { return [] }
        }
        var accepted: [TokenID] = []
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
