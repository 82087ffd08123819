extension GrammarMatcher {
    /// The fewest bytes that complete the text so far into a sentence of the grammar: zero where
    /// it may end now. Every byte-level vocabulary has a token per byte, so this many tokens always
    /// suffice; budget-aware decoding reserves them.
    public var minimumCompletionBytes: Int {
        if isEndOfGenerationAccepted { return 0 }
        return minimumDistance(over: currentTops)
    }

    /// The fewest bytes that would complete the grammar after token `id`, or nil when the token
    /// is not allowed. Nothing is accepted.
    public func minimumCompletionBytes(afterToken id: Int) -> Int? {
        let vocabulary = grammar.vocabulary
        guard id >= 0, id < vocabulary.tokenCount, !isEndOfGenerationAccepted else { return nil }
        if vocabulary.endOfGenerationTokens.contains(id) { return canTerminate ? 0 : nil }
        if vocabulary.isSpecial[id] || vocabulary.tokenBytes[id].isEmpty { return nil }
        return withScratchArena { engine, tops in
            var current = tops
            for byte in vocabulary.tokenBytes[id] {
                current = engine.advance(current, byte)
                if current.isEmpty { return nil }
            }
            return minimumDistance(over: current, engine: engine)
        }
    }

    /// For each byte that may come next, the fewest bytes that complete the grammar after it.
    public func minimumCompletionBytesByNextByte() -> [UInt8: Int] {
        guard !isEndOfGenerationAccepted else { return [:] }
        return withScratchArena { engine, tops in
            var result: [UInt8: Int] = [:]
            for byte in 0...255 {
                let next = engine.advance(tops, UInt8(byte))
                if !next.isEmpty { result[UInt8(byte)] = minimumDistance(over: next, engine: engine) }
            }
            return result
        }
    }

    /// The depth of the parse stack (frames from the top to the bottom, the fewest over the
    /// readings alive): how deeply nested the text is at this point.
    /// Whether the innermost array being written must keep its items distinct (`uniqueItems`), on
    /// any of the current parses.
    var innermostArrayIsUnique: Bool {
        withScratchArena { engine, tops in
            tops.contains { top in
                var frame = top
                while true {
                    if let array = engine.tables.arrays[Int(frame.rule)] { return array.uniqueItems }
                    guard frame.parent >= 0 else { return false }
                    frame = engine.arena[Int(frame.parent)]
                }
            }
        }
    }

    public var stackDepth: Int {
        withScratchArena { engine, tops in
            tops.map { top in
                var depth = 1
                var frame = top
                while frame.parent >= 0 {
                    frame = engine.arena[Int(frame.parent)]
                    depth += 1
                }
                return depth
            }.min() ?? 0
        }
    }

    private func minimumDistance(over tops: [Frame]) -> Int {
        withScratchArena { engine, _ in minimumDistance(over: tops, engine: engine) }
    }

    private func minimumDistance(over tops: [Frame], engine: borrowing GrammarEngine) -> Int {
        let distances = grammar.distances
        return tops.map { distances.distance(from: $0, arena: engine.arena, tables: engine.tables) }.min()
            ?? CompletionDistances.unreachable
    }
}
