/// Guided generation on llama.cpp: a `GrammarMatcher` as the engine's token constraint, with
/// jump-forward that keeps the tokenization canonical.
///
/// Jump-forward: when the grammar forces the next bytes (keys, punctuation, the rest of an enum
/// name), they are tokenized and appended without sampling. The last forced token is held back,
/// since the model's next token might merge with it, and forced tokens are used only when
/// tokenizing them after the previous token leaves that token unchanged (so the token sequence is
/// one the tokenizer itself would produce).
///
/// Budget-aware closing: ``tokensToFinish`` is the grammar's shortest completion from here (in
/// bytes, an upper bound on tokens), and ``narrowToClosingTokens(_:)`` keeps only tokens that
/// shorten it, which the engine uses when a token would leave too little budget to finish.
///
/// Loops: when the model repeats itself inside a value (``RepetitionGuard``), the mask keeps only
/// closing tokens until that value has ended; pass `breaksLoops: false` to turn this off.
///
/// Repeated keys: no object in the output repeats a key (``DuplicateKeyGuard``), which JSON
/// Schema grammars cannot state for free keys; pass `uniqueKeys: false` for a grammar whose text
/// is not JSON. The same guard keeps the items of arrays marked `uniqueItems` (scalar items)
/// distinct: the matcher says when the innermost array being written is one.
public final class GrammarConstraint: TokenConstraint {
    private let matcher: GrammarMatcher
    private let vocabulary: any ConstraintTokenizer
    private var mask: TokenBitmask
    private let jumpForward: Bool
    private var lastToken: Int32?
    private let breaksLoops: Bool
    private var repetitions = RepetitionGuard()
    /// The keys of the open objects; nil when keys may repeat.
    private var keys: DuplicateKeyGuard?
    /// Whether the grammar has arrays whose items must be distinct.
    private let tracksUniqueItems: Bool
    /// While steering out of a loop: the depth of the looping value; closing ends above it.
    private var closingDepth: Int?
    /// How many loops were steered out of (for diagnostics and tests).
    public private(set) var loopsBroken = 0

    /// A constraint for one generation.
    ///
    /// - Parameters:
    ///   - grammar: The compiled grammar.
    ///   - vocabulary: The model's tokenizer, for jump-forward.
    ///   - jumpForward: Whether to append forced tokens without sampling.
    ///   - breaksLoops: Whether to steer a value that repeats itself to its end.
    ///   - uniqueKeys: Whether to keep objects from repeating a key (for JSON text).
    public init(
        grammar: CompiledGrammar, vocabulary: any ConstraintTokenizer, jumpForward: Bool = true, breaksLoops: Bool = true,
        uniqueKeys: Bool = true
    ) {
        self.matcher = GrammarMatcher(grammar: grammar)
        self.vocabulary = vocabulary
        self.mask = TokenBitmask(tokenCount: grammar.vocabulary.tokenCount)
        self.jumpForward = jumpForward
        self.breaksLoops = breaksLoops
        self.keys = uniqueKeys ? DuplicateKeyGuard() : nil
        self.tracksUniqueItems = uniqueKeys && grammar.tables.hasUniqueArrays
    }

    /// Tells the guard when the array being written must keep its items distinct.
    private func markUniqueArray() {
        if tracksUniqueItems, matcher.innermostArrayIsUnique { keys?.markInnermostArrayUnique() }
    }

    public func fillAllowedTokens(_ words: UnsafeMutableBufferPointer<UInt32>) {
        matcher.fillNextTokenBitmask(&mask)
        mask.words.withUnsafeBufferPointer { source in
            let count = min(source.count, words.count)
            for index in 0..<count { words[index] = source[index] }
            for index in count..<words.count { words[index] = 0 }
        }
        markUniqueArray()
        if let keys, keys.hasKeys {
            removeRepeatedKeys(keys, from: words)
            if keys.isInUniqueArray { removeItemDeadEnds(keys, from: words) }
        }
        if closingDepth != nil { narrowToClosingTokens(words) }
    }

    /// Clears the tokens that would finish a key as one its object already has: inside a key,
    /// those that start with the rest of such a key and the closing quote (found in the token
    /// trie); anywhere, allowed tokens with two quotes or more that write such a key whole.
    private func removeRepeatedKeys(_ keys: DuplicateKeyGuard, from words: UnsafeMutableBufferPointer<UInt32>) {
        let vocabulary = matcher.grammar.vocabulary
        if keys.isInsideKey {
            let trie = vocabulary.trie
            for ending in keys.forbiddenContinuations {
                for position in trie.entryRange(startingWith: ending) {
                    let token = Int(trie.entries[position])
                    if token >> 5 < words.count { words[token >> 5] &= ~(1 << UInt32(token & 31)) }
                }
            }
        }
        let checked = keys.isInUniqueArray ? [vocabulary.multiQuoteTokens, vocabulary.itemEndingTokens] : [vocabulary.multiQuoteTokens]
        for tokens in checked {
            for token in tokens {
                let word = Int(token) >> 5
                let bit: UInt32 = 1 << UInt32(token & 31)
                guard word < words.count, words[word] & bit != 0 else { continue }
                if !keys.allows(vocabulary.tokenBytes[Int(token)]) { words[word] &= ~bit }
            }
        }
    }

    /// In an array whose items must be distinct, clears the tokens after which the item can only
    /// become one the array has (`"b` begun where only `"b"` is listed): the mask after them would
    /// be empty. Only tokens that lead along an earlier item are looked at, each by a short search
    /// of the grammar's next bytes for a distinct way to finish the item.
    private func removeItemDeadEnds(_ keys: DuplicateKeyGuard, from words: UnsafeMutableBufferPointer<UInt32>) {
        let vocabulary = matcher.grammar.vocabulary
        var candidates: Set<Int32> = []
        for rest in keys.repeatRests {
            for length in 1...rest.count {
                for position in vocabulary.trie.entryRange(startingWith: rest.prefix(length)) {
                    let token = vocabulary.trie.entries[position]
                    if vocabulary.tokenBytes[Int(token)].count == length { candidates.insert(token) }
                }
            }
        }
        for token in candidates {
            let word = Int(token) >> 5
            let bit: UInt32 = 1 << UInt32(token & 31)
            guard word < words.count, words[word] & bit != 0 else { continue }
            var after = keys
            guard after.advance(vocabulary.tokenBytes[Int(token)]), after.isWritingItem else { continue }
            guard (try? matcher.acceptToken(Int(token))) != nil else { continue }
            var budget = 256
            let open = canFinishItemDistinctly(after, depth: 0, budget: &budget)
            try? matcher.rollBack(tokens: 1)
            if !open { words[word] &= ~bit }
        }
    }

    /// Whether the grammar's next bytes lead to the item's end without repeating an earlier item
    /// (a bounded search: past its budget or depth, the answer is yes).
    private func canFinishItemDistinctly(_ keys: DuplicateKeyGuard, depth: Int, budget: inout Int) -> Bool {
        guard depth < 64, budget > 0 else { return true }
        budget -= 1
        for byte in matcher.allowedNextBytes() {
            var next = keys
            guard next.advance(CollectionOfOne(byte)) else { continue }
            if !next.isWritingItem { return true }
            guard (try? matcher.acceptBytes(CollectionOfOne(byte))) != nil else { continue }
            let open = canFinishItemDistinctly(next, depth: depth + 1, budget: &budget)
            try? matcher.rollBack(tokens: 1)
            if open { return true }
        }
        return false
    }

    public func accept(_ token: Int32) -> Bool {
        markUniqueArray()
        let bytes = vocabulary.bytes(of: token)
        if let keys, !keys.allows(bytes) { return false }
        do {
            try matcher.acceptToken(Int(token))
            lastToken = token
        } catch {
            return false
        }
        _ = keys?.advance(bytes)
        guard breaksLoops else { return true }
        let depth = matcher.stackDepth
        if let closing = closingDepth {
            if depth < closing || matcher.canTerminate {
                closingDepth = nil
                repetitions.reset()
            }
        } else if let looping = repetitions.record(token, depth: depth) {
            closingDepth = looping
            loopsBroken += 1
        }
        return true
    }

    public var tokensToFinish: Int? {
        matcher.minimumCompletionBytes
    }

    public func canFinish(after token: Int32, within tokens: Int) -> Bool {
        guard let needed = matcher.minimumCompletionBytes(afterToken: Int(token)) else { return false }
        return needed <= tokens
    }

    public func narrowToClosingTokens(_ words: UnsafeMutableBufferPointer<UInt32>) {
        let current = matcher.minimumCompletionBytes
        let endTokens = Set(matcher.grammar.vocabulary.endOfGenerationTokens)
        // First bytes that shorten the completion; a token that shortens it must start with one
        // of them or keep the length first (skipped: single-byte closers always exist).
        let closers = matcher.minimumCompletionBytesByNextByte().filter { $0.value < current }.keys
        var kept = [UInt32](repeating: 0, count: words.count)
        var keptAny = false
        let tokenBytes = matcher.grammar.vocabulary.tokenBytes
        for word in words.indices where words[word] != 0 {
            var bits = words[word]
            while bits != 0 {
                let bit = bits.trailingZeroBitCount
                bits &= bits - 1
                let token = word << 5 | bit
                let keep: Bool
                if endTokens.contains(token) {
                    keep = current == 0
                } else if current == 0 || token >= tokenBytes.count || tokenBytes[token].isEmpty || !closers.contains(tokenBytes[token][0]) {
                    keep = false
                } else {
                    keep = (matcher.minimumCompletionBytes(afterToken: token) ?? .max) < current
                }
                if keep {
                    kept[word] |= 1 << UInt32(bit)
                    keptAny = true
                }
            }
        }
        // A vocabulary without a closing token leaves the mask as it was rather than empty.
        guard keptAny else { return }
        for index in words.indices { words[index] = kept[index] }
    }

    public var isComplete: Bool {
        matcher.isTerminated
    }

    public func acceptedPrefixLength(of tokens: [Int32]) -> Int {
        let length = matcher.acceptedPrefixLength(of: tokens.map { Int($0) })
        markUniqueArray()
        guard var followed = keys else { return length }
        let vocabulary = matcher.grammar.vocabulary
        for (index, token) in tokens.prefix(length).enumerated() where token >= 0 && Int(token) < vocabulary.tokenCount {
            // Drafted tokens: any array they write in is taken as unique when the grammar has
            // unique arrays (rejecting a draft only costs speed).
            if tracksUniqueItems { followed.markInnermostArrayUnique() }
            if !followed.advance(vocabulary.bytes(of: Int(token))) { return index }
        }
        return length
    }

    public func takeForcedTokens() -> [Int32] {
        guard jumpForward, let lastToken else { return [] }
        let forced = matcher.forcedBytes()
        guard forced.count >= 2, let text = String(validating: forced, as: UTF8.self) else { return [] }
        guard var tokens = vocabulary.tokens(of: text), !tokens.isEmpty else { return [] }
        // Forced bytes never finish a repeated key or item (the next mask then has no way on, a
        // dead end the engine reports rather than a repeat).
        markUniqueArray()
        if let keys, !keys.allows(forced) { return [] }
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
        for token in accepted { _ = keys?.advance(vocabulary.bytes(of: token)) }
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
