/// The per-generation state of a grammar: fills token masks and follows accepted tokens.
///
/// Cheap to create from a ``CompiledGrammar``; not `Sendable` (one generation, one owner).
///
/// ```swift
/// let matcher = GrammarMatcher(grammar: compiled)
/// var mask = TokenBitmask(tokenCount: vocabulary.tokenCount)
/// while !matcher.isTerminated {
///     matcher.fillNextTokenBitmask(&mask)       // apply mask.words to the logits, sample
///     try matcher.acceptToken(sampled)
/// }
/// ```
public final class GrammarMatcher {
    /// The grammar being matched.
    public let grammar: CompiledGrammar
    private var engine: GrammarEngine
    private var tops: [Frame]
    private var terminatedByToken = false
    private var history: [(tops: [Frame], arenaCount: Int, terminated: Bool)] = []
    private var localCache: [UInt64: MaskEntry] = [:]
    private var scratch: [Frame] = []

    /// Starts matching `grammar` from its beginning.
    public init(grammar: CompiledGrammar) {
        self.grammar = grammar
        self.engine = GrammarEngine(tables: grammar.tables)
        self.tops = engine.initialTops
    }

    /// Returns to the beginning of the grammar.
    public func reset() {
        engine.arena.removeAll(keepingCapacity: true)
        engine.suffixMemo.removeAll()
        tops = engine.initialTops
        terminatedByToken = false
        history.removeAll()
    }

    /// The number of tokens accepted since the start (or the last reset).
    public var acceptedTokenCount: Int { history.count }

    // MARK: - Masks

    /// Fills `mask` with the tokens allowed next (end-of-generation where the grammar may end).
    public func fillNextTokenBitmask(_ mask: inout TokenBitmask) {
        mask.removeAll()
        if terminatedByToken { return }
        let vocabulary = grammar.vocabulary
        for top in tops {
            engine.addMask(top, vocabulary: vocabulary, cache: grammar.cache, local: &localCache, into: &mask)
        }
        if canTerminate {
            for token in vocabulary.endOfGenerationTokens { mask.insert(token) }
        }
    }

    /// The tokens allowed next, as a new mask.
    public func nextTokenBitmask() -> TokenBitmask {
        var mask = TokenBitmask(tokenCount: grammar.vocabulary.tokenCount)
        fillNextTokenBitmask(&mask)
        return mask
    }

    /// Whether token `id` may come next, checked directly on its bytes (no mask needed).
    ///
    /// With sampling at batch size 1, checking the sampled token first and computing the full mask
    /// only on rejection is exact and much cheaper.
    public func isAllowed(token id: Int) -> Bool {
        let vocabulary = grammar.vocabulary
        guard id >= 0, id < vocabulary.tokenCount, !terminatedByToken else { return false }
        if vocabulary.endOfGenerationTokens.contains(id) { return canTerminate }
        if vocabulary.isSpecial[id] || vocabulary.tokenBytes[id].isEmpty { return false }
        let mark = engine.arena.count
        defer { engine.arena.removeLast(engine.arena.count - mark) }
        var current = tops
        for byte in vocabulary.tokenBytes[id] {
            current = engine.advance(current, byte)
            if current.isEmpty { return false }
        }
        return true
    }

    /// How many of `tokens`, in order, would be accepted from here (up to and including an
    /// end-of-generation token where the grammar may end), checked on their bytes without
    /// accepting anything.
    public func acceptedPrefixLength(of tokens: [Int]) -> Int {
        let vocabulary = grammar.vocabulary
        guard !terminatedByToken else { return 0 }
        let endOfGeneration = vocabulary.endOfGenerationTokens
        return withScratchArena { engine, tops in
            var current = tops
            for (index, id) in tokens.enumerated() {
                guard id >= 0, id < vocabulary.tokenCount else { return index }
                if endOfGeneration.contains(id) {
                    return current.contains { engine.canTerminate($0) } ? index + 1 : index
                }
                if vocabulary.isSpecial[id] || vocabulary.tokenBytes[id].isEmpty { return index }
                for byte in vocabulary.tokenBytes[id] {
                    current = engine.advance(current, byte)
                    if current.isEmpty { return index }
                }
            }
            return tokens.count
        }
    }

    // MARK: - Accepting input

    /// Accepts token `id` (an end-of-generation token terminates the matcher).
    /// - Throws: ``MatcherError/tokenNotAllowed(token:)`` when the token is not allowed; the state is unchanged.
    public func acceptToken(_ id: Int) throws(MatcherError) {
        let vocabulary = grammar.vocabulary
        guard !terminatedByToken else { throw .alreadyTerminated }
        guard id >= 0, id < vocabulary.tokenCount else { throw .tokenNotAllowed(token: id) }
        if vocabulary.endOfGenerationTokens.contains(id) {
            guard canTerminate else { throw .tokenNotAllowed(token: id) }
            history.append((tops, engine.arena.count, terminatedByToken))
            terminatedByToken = true
            return
        }
        let bytes = vocabulary.tokenBytes[id]
        guard !vocabulary.isSpecial[id], !bytes.isEmpty else { throw .tokenNotAllowed(token: id) }
        let mark = engine.arena.count
        var current = tops
        for byte in bytes {
            current = engine.advance(current, byte)
            if current.isEmpty {
                engine.arena.removeLast(engine.arena.count - mark)
                throw .tokenNotAllowed(token: id)
            }
        }
        history.append((tops, mark, terminatedByToken))
        tops = current
    }

    /// Accepts raw bytes (for example forced text), as one step of history.
    /// - Throws: ``MatcherError/bytesNotAllowed(offset:)`` at the first refused byte; the state is unchanged.
    public func acceptBytes(_ bytes: some Sequence<UInt8>) throws(MatcherError) {
        guard !terminatedByToken else { throw .alreadyTerminated }
        let mark = engine.arena.count
        var current = tops
        for (offset, byte) in bytes.enumerated() {
            current = engine.advance(current, byte)
            if current.isEmpty {
                engine.arena.removeLast(engine.arena.count - mark)
                throw .bytesNotAllowed(offset: offset)
            }
        }
        history.append((tops, mark, terminatedByToken))
        tops = current
    }

    /// Accepts the UTF-8 bytes of `text`.
    public func acceptString(_ text: String) throws(MatcherError) {
        try acceptBytes(Array(text.utf8))
    }

    /// Undoes the last `count` accepted tokens (or byte strings). Cheap: stacks are persistent.
    public func rollBack(tokens count: Int) throws(MatcherError) {
        guard count <= history.count else { throw .cannotRollBack(requested: count, available: history.count) }
        guard count > 0 else { return }
        let entry = history[history.count - count]
        history.removeLast(count)
        tops = entry.tops
        terminatedByToken = entry.terminated
        engine.arena.removeLast(engine.arena.count - entry.arenaCount)
        engine.suffixMemo.removeAll()
    }

    // MARK: - Scratch walks

    /// Whether an end-of-generation token was accepted.
    var isEndOfGenerationAccepted: Bool { terminatedByToken }

    /// The current stack tops.
    var currentTops: [Frame] { tops }

    /// Runs `body` on the engine and the current tops, then drops every frame it pushed: a walk
    /// that looks ahead without accepting anything.
    func withScratchArena<Result>(_ body: (inout GrammarEngine, [Frame]) -> Result) -> Result {
        let mark = engine.arena.count
        defer { engine.arena.removeLast(engine.arena.count - mark) }
        return body(&engine, tops)
    }

    // MARK: - Termination and forced text

    /// Whether the text so far is a complete sentence of the grammar (end-of-generation is allowed).
    public var canTerminate: Bool {
        if terminatedByToken { return true }
        return tops.contains { engine.canTerminate($0) }
    }

    /// Whether generation is over: end-of-generation was accepted, or no further byte is possible.
    public var isTerminated: Bool {
        if terminatedByToken { return true }
        return allowedNextBytes().isEmpty
    }

    /// The bytes that may come next.
    public func allowedNextBytes() -> [UInt8] {
        guard !terminatedByToken else { return [] }
        let mark = engine.arena.count
        defer { engine.arena.removeLast(engine.arena.count - mark) }
        var result: [UInt8] = []
        for byte in 0...255 {
            scratch.removeAll(keepingCapacity: true)
            for top in tops {
                engine.step(top, UInt8(byte), into: &scratch)
                if !scratch.isEmpty { break }
            }
            if !scratch.isEmpty { result.append(UInt8(byte)) }
        }
        return result
    }

    /// The bytes the grammar forces next (jump-forward): the longest continuation that is the only
    /// possible one, stopping where the grammar could also end. Nothing is accepted.
    ///
    /// Feed them to the model as prompt tokens, then ``acceptToken(_:)`` those tokens (or call
    /// ``acceptBytes(_:)``). Keys, punctuation, constants and enum tails are typically forced.
    public func forcedBytes(limit: Int = 1024) -> [UInt8] {
        guard !terminatedByToken else { return [] }
        let mark = engine.arena.count
        let saved = tops
        defer {
            tops = saved
            engine.arena.removeLast(engine.arena.count - mark)
        }
        var forced: [UInt8] = []
        while forced.count < limit, !canTerminate {
            let next = allowedNextBytes()
            guard next.count == 1 else { break }
            tops = engine.advance(tops, next[0])
            forced.append(next[0])
        }
        // Never end inside a UTF-8 character.
        var end = forced.count
        while end > 0, forced[end - 1] & 0xC0 == 0x80 { end -= 1 }
        if end > 0, forced[end - 1] >= 0xC0 {
            let lead = forced[end - 1]
            let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
            if forced.count - (end - 1) < length { forced.removeLast(forced.count - (end - 1)) }
        }
        return forced
    }
}
