import Synchronization

/// A model's vocabulary as byte strings, with the per-vocabulary tables every grammar reuses.
///
/// Build it once per model and share it: it is `Sendable`, and its precomputation (the token trie
/// and the JSON-string tables) is what makes per-schema compilation cheap.
///
/// ```swift
/// let vocabulary = TokenVocabulary(
///     tokens: tokenBytes,                 // [[UInt8]], index = token id
///     specialTokens: controlTokenIDs,     // never allowed inside grammar text
///     endOfGenerationTokens: [eosID]      // allowed only where the grammar may end
/// )
/// ```
public final class TokenVocabulary: Sendable {
    /// The number of token ids (the width of every mask).
    public let tokenCount: Int
    /// The end-of-generation token ids.
    public let endOfGenerationTokens: [Int]
    /// Seconds spent on the per-vocabulary precomputation in the initializer.
    public let precomputationSeconds: Double

    /// The bytes of each token.
    package let tokenBytes: [[UInt8]]
    /// The most bytes of a token that grammar text may hold (special tokens aside).
    let longestTokenByteCount: Int
    /// Whether each token is a special (control) token.
    package let isSpecial: [Bool]
    /// The text tokens with two quotes or more: the ones that can open and close a JSON string,
    /// so write a whole object key, on their own.
    let multiQuoteTokens: [Int32]
    /// The text tokens that can end an array item inside them (a quote, a comma or a closing
    /// bracket after other bytes): checked one by one in arrays whose items must be distinct.
    let itemEndingTokens: [Int32]
    let trie: TokenTrie
    let stringTables: [JSONStringTable?]
    private let boundedBodyMasks = Mutex<[Int: TokenBitmask]>([:])

    /// Creates a vocabulary.
    /// - Parameters:
    ///   - tokens: each token's bytes; the index is the token id.
    ///   - specialTokens: ids of control tokens, never allowed as grammar text.
    ///   - endOfGenerationTokens: ids that end generation; allowed where the grammar may end.
    public init(tokens: [[UInt8]], specialTokens: Set<Int> = [], endOfGenerationTokens: [Int]) {
        let clock = ContinuousClock()
        let started = clock.now
        tokenCount = tokens.count
        tokenBytes = tokens
        self.endOfGenerationTokens = endOfGenerationTokens.filter { $0 >= 0 && $0 < tokens.count }
        var special = [Bool](repeating: false, count: tokens.count)
        for id in specialTokens where id >= 0 && id < tokens.count { special[id] = true }
        for id in endOfGenerationTokens where id >= 0 && id < tokens.count { special[id] = true }
        isSpecial = special
        multiQuoteTokens = tokens.indices.filter { id in
            !special[id] && tokens[id].lazy.filter { $0 == UInt8(ascii: "\"") }.count >= 2
        }.map { Int32($0) }
        itemEndingTokens = tokens.indices.filter { id in
            !special[id] && tokens[id].count >= 2
                && tokens[id].dropFirst().contains { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "]") }
        }.map { Int32($0) }
        var strings: [ArraySlice<UInt8>] = []
        var payloads: [Int32] = []
        for (id, bytes) in tokens.enumerated() where !special[id] && !bytes.isEmpty {
            strings.append(bytes[...])
            payloads.append(Int32(id))
        }
        longestTokenByteCount = strings.map(\.count).max() ?? 0
        trie = TokenTrie(strings: strings, payloads: payloads, extras: [Int32](repeating: 0, count: payloads.count))
        stringTables = JSONStringTable.build(tokens: tokens, isSpecial: special)
        precomputationSeconds =
            Double((clock.now - started).components.attoseconds) / 1e18
            + Double((clock.now - started).components.seconds)
    }

    /// The bytes of token `id`.
    public func bytes(of id: Int) -> [UInt8] { tokenBytes[id] }

    /// Whether `id` is a special or end-of-generation token.
    public func isSpecialToken(_ id: Int) -> Bool { isSpecial[id] }

    /// Tokens that stay inside a string from `state` and start at most `limit` characters.
    func bodyMask(state: Int32, startingAtMost limit: Int32) -> TokenBitmask? {
        guard let table = stringTables[Int(state)] else { return nil }
        if limit >= table.maxStarted { return table.bodyMask }
        let key = Int(state) << 32 | Int(limit)
        if let cached = boundedBodyMasks.withLock({ $0[key] }) { return cached }
        // Start from whichever side is smaller: the tokens that fit, or the body minus those that do not.
        let fitting = Int(table.startedAtMost[Int(max(0, min(limit, 255)))])
        let ordered = table.bodyByStarted
        var mask: TokenBitmask
        if fitting <= ordered.count - fitting {
            mask = TokenBitmask(tokenCount: tokenCount)
            for token in ordered[..<fitting] { mask.insert(Int(token)) }
        } else {
            mask = table.bodyMask
            for token in ordered[fitting...] { mask.remove(Int(token)) }
        }
        boundedBodyMasks.withLock { $0[key] = mask }
        return mask
    }
}

/// What every token does inside a JSON string from one automaton state (built per vocabulary).
struct JSONStringTable: Sendable {
    /// Tokens that stay inside the string.
    var bodyMask: TokenBitmask
    /// The tokens of ``bodyMask`` in increasing order of the characters they start.
    var bodyByStarted: [Int32]
    /// For each count `c` (0…255): how many of ``bodyByStarted`` start at most `c` characters
    /// (saturating at 255), so the tokens that fit in `c` are its first `startedAtMost[c]`.
    var startedAtMost: [Int32]
    var maxStarted: Int32
    /// Tokens that end exactly with the closing quote, with the characters they complete.
    var exactClose: [(token: Int32, count: Int32)]
    /// ``bodyMask`` plus every exact closing token: the mask of an unbounded string in one OR.
    var bodyOrCloseMask: TokenBitmask
    /// Tokens that close the string and go on: a trie of the bytes after the quote, with counts.
    var closeSuffixes: TokenTrie

    static func build(tokens: [[UInt8]], isSpecial: [Bool]) -> [JSONStringTable?] {
        var tables = [JSONStringTable?](repeating: nil, count: JSONStringAutomaton.stateCount)
        for state in 1..<JSONStringAutomaton.stateCount where Int32(state) != JSONStringAutomaton.end {
            var mask = TokenBitmask(tokenCount: tokens.count)
            var started = [UInt8](repeating: 0, count: tokens.count)
            var maxStarted: Int32 = 0
            var exact: [(token: Int32, count: Int32)] = []
            var suffixes: [ArraySlice<UInt8>] = []
            var payloads: [Int32] = []
            var counts: [Int32] = []
            for (id, bytes) in tokens.enumerated() where !isSpecial[id] && !bytes.isEmpty {
                var current = Int32(state)
                var completed: Int32 = 0
                var begun: Int32 = 0
                var closedAt = -1
                for (offset, byte) in bytes.enumerated() {
                    if JSONStringAutomaton.startsCharacter(from: current, byte: byte) { begun += 1 }
                    let next = JSONStringAutomaton.next(current, byte)
                    if next < 0 { current = -1; break }
                    if next == JSONStringAutomaton.body && current != JSONStringAutomaton.start { completed += 1 }
                    current = next
                    if next == JSONStringAutomaton.end { closedAt = offset; break }
                }
                if current < 0 { continue }
                if closedAt >= 0 {
                    if closedAt == bytes.count - 1 {
                        exact.append((Int32(id), completed))
                    } else {
                        suffixes.append(bytes[(closedAt + 1)...])
                        payloads.append(Int32(id))
                        counts.append(completed)
                    }
                } else {
                    // A token from the middle of a character also needs room for that character.
                    if Int32(state) != JSONStringAutomaton.body { begun += 1 }
                    mask.insert(id)
                    started[id] = UInt8(min(begun, 255))
                    maxStarted = max(maxStarted, begun)
                }
            }
            // A counting sort of the body tokens by the characters they start.
            var atMost = [Int32](repeating: 0, count: 256)
            for id in 0..<tokens.count where mask.contains(id) { atMost[Int(started[id])] += 1 }
            for count in 1..<256 { atMost[count] += atMost[count - 1] }
            var byStarted = [Int32](repeating: 0, count: Int(atMost[255]))
            var next = [Int32](repeating: 0, count: 256)
            for count in 1..<256 { next[count] = atMost[count - 1] }
            for id in 0..<tokens.count where mask.contains(id) {
                let count = Int(started[id])
                byStarted[Int(next[count])] = Int32(id)
                next[count] += 1
            }
            var both = mask
            for (token, _) in exact { both.insert(Int(token)) }
            tables[state] = JSONStringTable(
                bodyMask: mask, bodyByStarted: byStarted, startedAtMost: atMost, maxStarted: maxStarted, exactClose: exact, bodyOrCloseMask: both,
                closeSuffixes: TokenTrie(strings: suffixes, payloads: payloads, extras: counts)
            )
        }
        return tables
    }
}
