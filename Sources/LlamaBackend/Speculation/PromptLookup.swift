/// Drafts the next tokens of a conversation from its own history (prompt lookup decoding): the
/// tokens that followed the most recent earlier occurrence of its last few tokens.
package enum PromptLookup {
    /// Up to `limit` drafted tokens for the sequence `history` (the cached tokens followed by the
    /// ones about to be fed), or none when no n-gram of the allowed lengths recurs.
    ///
    /// Longer n-grams are tried first; among the occurrences of one n-gram the latest wins, as the
    /// nearest context predicts best.
    package static func draft(history: [TokenID], limit: Int, settings: SpeculationSettings) -> [TokenID] {
        let count = history.count
        guard limit > 0, count > settings.minimumMatch else { return [] }
        return history.withUnsafeBufferPointer { tokens in
            for length in stride(from: min(settings.maximumMatch, count - 1), through: settings.minimumMatch, by: -1) {
                let suffixStart = count - length
                // Occurrences start at most one token before the suffix, so at least one token follows.
                var start = suffixStart - 1
                while start >= 0 {
                    if tokens[start] == tokens[suffixStart], matches(tokens, at: start, suffixStart: suffixStart, length: length) {
                        let from = start + length
                        let end = min(count, from + limit)
                        return Array(tokens[from..<end])
                    }
                    start -= 1
                }
            }
            return []
        }
    }

    private static func matches(_ tokens: UnsafeBufferPointer<TokenID>, at start: Int, suffixStart: Int, length: Int) -> Bool {
        for offset in 1..<length where tokens[start + offset] != tokens[suffixStart + offset] {
            return false
        }
        return true
    }
}
