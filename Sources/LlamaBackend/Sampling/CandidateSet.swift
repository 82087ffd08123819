/// The tokens still in the running while sampling, with their logits and probabilities.
///
/// Stages narrow and reshape this set in place; the storage is reused between tokens.
package struct CandidateSet {
    /// The candidate tokens.
    package var tokens: [TokenID] = []
    /// Their logits, index-aligned with `tokens`.
    package var logits: [Float] = []
    /// Their probabilities once ``normalize()`` ran, index-aligned with `tokens`.
    package var probabilities: [Float] = []
    /// Whether the set is sorted by descending logit.
    package var isSorted = false

    package init() {}

    /// Fills the set from raw logits, keeping only allowed tokens when a mask is given.
    ///
    /// - Parameter allowed: one bit per token (bit `i % 32` of word `i / 32`), set when allowed.
    package mutating func load(logits raw: UnsafeBufferPointer<Float>, allowed: UnsafeBufferPointer<UInt32>?) {
        tokens.removeAll(keepingCapacity: true)
        logits.removeAll(keepingCapacity: true)
        isSorted = false
        if let allowed {
            for wordIndex in 0..<allowed.count {
                var word = allowed[wordIndex]
                while word != 0 {
                    let bit = word.trailingZeroBitCount
                    let token = wordIndex << 5 | bit
                    if token < raw.count {
                        tokens.append(TokenID(token))
                        logits.append(raw[token])
                    }
                    word &= word &- 1
                }
            }
        } else {
            tokens.reserveCapacity(raw.count)
            logits.reserveCapacity(raw.count)
            for index in 0..<raw.count {
                tokens.append(TokenID(index))
                logits.append(raw[index])
            }
        }
    }

    /// The number of candidates.
    package var count: Int { tokens.count }

    /// Keeps the first `count` candidates.
    package mutating func truncate(to count: Int) {
        guard count < tokens.count else { return }
        tokens.removeLast(tokens.count - count)
        logits.removeLast(logits.count - count)
        if probabilities.count > count { probabilities.removeLast(probabilities.count - count) }
    }

    /// Sorts the candidates by descending logit (ties by ascending token id, for determinism).
    package mutating func sortDescending() {
        guard !isSorted else { return }
        let order = (0..<tokens.count).sorted { lhs, rhs in
            logits[lhs] != logits[rhs] ? logits[lhs] > logits[rhs] : tokens[lhs] < tokens[rhs]
        }
        tokens = order.map { tokens[$0] }
        logits = order.map { logits[$0] }
        if probabilities.count == order.count { probabilities = order.map { probabilities[$0] } }
        isSorted = true
    }

    /// Computes softmax probabilities from the logits.
    package mutating func normalize() {
        probabilities.removeAll(keepingCapacity: true)
        guard let maximum = logits.max() else { return }
        var total: Float = 0
        for logit in logits {
            let value = expf(logit - maximum)
            probabilities.append(value)
            total += value
        }
        if total > 0 {
            for index in probabilities.indices { probabilities[index] /= total }
        }
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
