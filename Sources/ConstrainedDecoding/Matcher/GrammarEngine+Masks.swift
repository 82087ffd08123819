extension GrammarEngine {
    /// Adds to `mask` every token allowed from the stack whose top is `top`.
    mutating func addMask(
        _ top: Frame, vocabulary: TokenVocabulary, cache: MaskCache,
        local: inout [UInt64: MaskEntry], into mask: inout TokenBitmask
    ) {
        if tables.ruleKind[Int(top.rule)] == GrammarTables.kindString,
            top.state != JSONStringAutomaton.start, top.state != JSONStringAutomaton.end
        {
            addStringMask(top, vocabulary: vocabulary, into: &mask)
            return
        }
        let key = cacheKey(top)
        let entry: MaskEntry
        if let known = local[key] {
            entry = known
        } else if let shared = cache.entry(key) {
            entry = shared
            local[key] = shared
        } else {
            entry = computeEntry(top, vocabulary: vocabulary)
            cache.store(entry, for: key)
            local[key] = entry
        }
        if let accepted = entry.acceptedMask {
            mask.formUnion(accepted)
        } else {
            for token in entry.acceptedList { mask.insert(Int(token)) }
        }
        guard top.parent >= 0 else { return }
        let context = arena[Int(top.parent)]
        if entry.popsAtRoot {
            addMask(context, vocabulary: vocabulary, cache: cache, local: &local, into: &mask)
        }
        if entry.hasSuffixes {
            memoizedWalk(
                entry.suffixes, key: SuffixKey(top: key, parent: top.parent), context: context,
                counter: 0, minimum: 0, maximum: Int32.max, into: &mask)
        }
    }

    private mutating func addStringMask(_ top: Frame, vocabulary: TokenVocabulary, into mask: inout TokenBitmask) {
        guard let table = vocabulary.stringTables[Int(top.state)] else { return }
        let rule = Int(top.rule)
        let minimum = tables.stringMin[rule]
        let maximum = tables.stringMax[rule]
        let counter = top.counter
        let unbounded = minimum == 0 && maximum == Int32.max
        if unbounded {
            mask.formUnion(table.bodyOrCloseMask)
        } else {
            if maximum == Int32.max {
                mask.formUnion(table.bodyMask)
            } else if let bounded = vocabulary.bodyMask(state: top.state, startingAtMost: maximum - counter) {
                mask.formUnion(bounded)
            }
            for (token, count) in table.exactClose where counter + count >= minimum && counter + count <= maximum {
                mask.insert(Int(token))
            }
        }
        if top.parent >= 0 {
            // The walk's result depends on the counter only when the string is bounded.
            let key = UInt64(UInt32(top.rule)) << 40 | UInt64(UInt32(top.state)) << 32 | UInt64(unbounded ? 0 : UInt32(counter))
            memoizedWalk(
                table.closeSuffixes, key: SuffixKey(top: key | 1 << 63, parent: top.parent), context: arena[Int(top.parent)],
                counter: counter, minimum: minimum, maximum: maximum, into: &mask)
        }
    }

    private mutating func memoizedWalk(
        _ trie: TokenTrie, key: SuffixKey, context: Frame, counter: Int32, minimum: Int32, maximum: Int32,
        into mask: inout TokenBitmask
    ) {
        switch suffixMemo[key] {
        case .list(let tokens)?:
            for token in tokens { mask.insert(Int(token)) }
            return
        case .mask(let found)?:
            mask.formUnion(found)
            return
        case nil:
            break
        }
        var found = TokenBitmask(tokenCount: mask.tokenCount)
        walk(trie, context: context, counter: counter, minimum: minimum, maximum: maximum, into: &found)
        mask.formUnion(found)
        let tokens = found.allowedTokens
        suffixMemo[key] = tokens.count * 64 > mask.tokenCount ? .mask(found) : .list(tokens.map { Int32($0) })
    }

    /// Walks a suffix trie against a real context and adds the tokens whose suffix it accepts,
    /// keeping only entries whose count `c` satisfies `minimum <= counter + c <= maximum`.
    mutating func walk(
        _ trie: TokenTrie, context: Frame, counter: Int32, minimum: Int32, maximum: Int32,
        into mask: inout TokenBitmask
    ) {
        let arenaMark = arena.count
        var frames: [Frame] = [context]
        var levelStart: [Int] = [0]
        var levelEnd: [Int] = [1]
        var levelArena: [Int] = [arenaMark]
        let filtered = minimum > 0 || maximum != Int32.max
        var node = 1
        let nodeCount = trie.nodeCount
        while node < nodeCount {
            let depth = Int(trie.depths[node])
            frames.removeLast(frames.count - levelEnd[depth - 1])
            arena.removeLast(arena.count - levelArena[depth - 1])
            let start = frames.count
            let byte = trie.bytes[node]
            let first = levelStart[depth - 1]
            var single = Frame(rule: 0, state: 0, counter: 0, parent: 0)
            if levelEnd[depth - 1] - first == 1, let produced = fastStep(frames[first], byte, &single) {
                if produced { frames.append(single) }
            } else {
                for index in first..<levelEnd[depth - 1] {
                    let frame = frames[index]
                    step(frame, byte, into: &frames)
                }
            }
            if frames.count == start {
                node = Int(trie.subtreeEnd[node])
                continue
            }
            if levelStart.count <= depth {
                levelStart.append(start); levelEnd.append(frames.count); levelArena.append(arena.count)
            } else {
                levelStart[depth] = start; levelEnd[depth] = frames.count; levelArena[depth] = arena.count
            }
            for entry in Int(trie.entryStart[node])..<Int(trie.entryStart[node + 1]) {
                if filtered {
                    let total = counter + trie.extras[entry]
                    if total < minimum || total > maximum { continue }
                }
                mask.insert(Int(trie.entries[entry]))
            }
            node += 1
        }
        arena.removeLast(arena.count - arenaMark)
    }

    /// Whether `frame` (an automaton state) loops on every byte below `node` in `trie`.
    @inline(__always)
    func coversSubtree(_ frame: Frame, trie: TokenTrie, node: Int) -> Bool {
        guard tables.ruleKind[Int(frame.rule)] == GrammarTables.kindAutomaton else { return false }
        let global = Int(tables.ruleStateBase[Int(frame.rule)] &+ frame.state) &* 4
        let base = node &* 4
        let below0 = trie.bytesBelow[base]
        let below1 = trie.bytesBelow[base &+ 1]
        let below2 = trie.bytesBelow[base &+ 2]
        let below3 = trie.bytesBelow[base &+ 3]
        if below0 | below1 | below2 | below3 == 0 { return false }
        return below0 & ~tables.stateLoop[global] == 0 && below1 & ~tables.stateLoop[global &+ 1] == 0
            && below2 & ~tables.stateLoop[global &+ 2] == 0 && below3 & ~tables.stateLoop[global &+ 3] == 0
    }

    /// Computes the cached mask entry of `top` by walking the vocabulary trie with the context cut.
    mutating func computeEntry(_ top: Frame, vocabulary: TokenVocabulary) -> MaskEntry {
        let root = Frame(rule: top.rule, state: top.state, counter: top.counter, parent: Frame.boundary)
        let trie = vocabulary.trie
        let arenaMark = arena.count
        var accepted = TokenBitmask(tokenCount: vocabulary.tokenCount)
        var acceptedList: [Int32] = []
        var popPoints: [(node: Int, offset: Int)] = []
        var popsAtRoot = isFinal(root)
        var frames: [Frame] = [root]
        var levelStart: [Int] = [0]
        var levelEnd: [Int] = [1]
        var levelArena: [Int] = [arenaMark]
        var node = 1
        let nodeCount = trie.nodeCount
        while node < nodeCount {
            let depth = Int(trie.depths[node])
            frames.removeLast(frames.count - levelEnd[depth - 1])
            arena.removeLast(arena.count - levelArena[depth - 1])
            let start = frames.count
            let byte = trie.bytes[node]
            boundaryPopped = false
            let first = levelStart[depth - 1]
            var single = Frame(rule: 0, state: 0, counter: 0, parent: 0)
            if levelEnd[depth - 1] - first == 1, let produced = fastStep(frames[first], byte, &single) {
                if produced { frames.append(single) }
            } else {
                for index in first..<levelEnd[depth - 1] {
                    let frame = frames[index]
                    step(frame, byte, into: &frames)
                }
            }
            if boundaryPopped {
                if depth == 1 { popsAtRoot = true } else { popPoints.append((node, depth - 1)) }
            }
            if frames.count == start {
                node = Int(trie.subtreeEnd[node])
                continue
            }
            if levelStart.count <= depth {
                levelStart.append(start); levelEnd.append(frames.count); levelArena.append(arena.count)
            } else {
                levelStart[depth] = start; levelEnd[depth] = frames.count; levelArena[depth] = arena.count
            }
            if frames.count == start + 1, coversSubtree(frames[start], trie: trie, node: node) {
                // Every byte below loops on this state: the whole subtree is accepted as is.
                let end = Int(trie.subtreeEnd[node])
                for entry in Int(trie.entryStart[node])..<Int(trie.entryStart[end]) {
                    let token = trie.entries[entry]
                    accepted.insert(Int(token))
                    acceptedList.append(token)
                }
                frames.removeLast()
                node = end
                continue
            }
            for entry in Int(trie.entryStart[node])..<Int(trie.entryStart[node + 1]) {
                let token = trie.entries[entry]
                accepted.insert(Int(token))
                acceptedList.append(token)
            }
            node += 1
        }
        arena.removeLast(arena.count - arenaMark)
        boundaryPopped = false

        var suffixStrings: [ArraySlice<UInt8>] = []
        var payloads: [Int32] = []
        for point in popPoints {
            for member in point.node..<Int(trie.subtreeEnd[point.node]) {
                for entry in Int(trie.entryStart[member])..<Int(trie.entryStart[member + 1]) {
                    let token = Int(trie.entries[entry])
                    if accepted.contains(token) { continue }
                    suffixStrings.append(vocabulary.tokenBytes[token][point.offset...])
                    payloads.append(Int32(token))
                }
            }
        }
        let suffixes =
            suffixStrings.isEmpty
            ? TokenTrie.empty
            : TokenTrie(strings: suffixStrings, payloads: payloads, extras: [Int32](repeating: 0, count: payloads.count))
        let dense = acceptedList.count * 32 > vocabulary.tokenCount
        return MaskEntry(
            acceptedMask: dense ? accepted : nil, acceptedList: dense ? [] : acceptedList,
            popsAtRoot: popsAtRoot, suffixes: suffixes
        )
    }
}
