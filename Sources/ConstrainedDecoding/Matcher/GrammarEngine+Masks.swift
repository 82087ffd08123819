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
                vocabulary.trie, roots: entry.suffixRoots, key: SuffixKey(top: key, parent: top.parent), context: context,
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
                table.closeSuffixes, roots: nil, key: SuffixKey(top: key | 1 << 63, parent: top.parent), context: arena[Int(top.parent)],
                counter: counter, minimum: minimum, maximum: maximum, into: &mask)
        }
    }

    /// Adds the tokens a suffix walk finds, remembered by `key`: the whole of `trie`, or, with
    /// `roots`, the subtrees of those nodes (each walked from its own byte).
    private mutating func memoizedWalk(
        _ trie: TokenTrie, roots: [Int32]?, key: SuffixKey, context: Frame, counter: Int32, minimum: Int32, maximum: Int32,
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
        walk(trie, roots: roots, context: context, counter: counter, minimum: minimum, maximum: maximum, into: &found)
        mask.formUnion(found)
        let tokens = found.allowedTokens
        suffixMemo[key] = tokens.count * 64 > mask.tokenCount ? .mask(found) : .list(tokens.map { Int32($0) })
    }

    /// Walks a trie against a real context and adds the tokens whose bytes it accepts, keeping
    /// only entries whose count `c` satisfies `minimum <= counter + c <= maximum`: the whole trie
    /// (a suffix trie), or, with `roots`, the subtree of each root, each walked from the root's own
    /// byte (depths counted from there).
    mutating func walk(
        _ trie: TokenTrie, roots: [Int32]?, context: Frame, counter: Int32, minimum: Int32, maximum: Int32,
        into mask: inout TokenBitmask
    ) {
        let arenaMark = arena.count
        var frames: [Frame] = [context]
        var levelStart: [Int] = [0]
        var levelEnd: [Int] = [1]
        var levelArena: [Int] = [arenaMark]
        let filtered = minimum > 0 || maximum != Int32.max
        // Many roots share their byte, and whether the context takes a byte does not depend on
        // what follows it.
        var firstByteTaken = [Bool?](repeating: nil, count: roots == nil ? 0 : 256)
        for index in 0..<(roots?.count ?? 1) {
            var node = 1
            var nodeCount = trie.nodeCount
            var depthBase = 0
            if let roots {
                node = Int(roots[index])
                nodeCount = Int(trie.subtreeEnd[node])
                depthBase = Int(trie.depths[node]) - 1
                if firstByteTaken[Int(trie.bytes[node])] == false { continue }
                firstByteTaken[Int(trie.bytes[node])] = false
            }
            let first = node
            while node < nodeCount {
                let depth = Int(trie.depths[node]) - depthBase
                frames.removeLast(frames.count - levelEnd[depth - 1])
                arena.removeLast(arena.count - levelArena[depth - 1])
                let start = frames.count
                let byte = trie.bytes[node]
                let firstFrame = levelStart[depth - 1]
                var single = Frame(rule: 0, state: 0, counter: 0, parent: 0)
                if levelEnd[depth - 1] - firstFrame == 1, let produced = tables.fastStep(frames[firstFrame], byte, &single) {
                    if produced { frames.append(single) }
                } else {
                    for index in firstFrame..<levelEnd[depth - 1] {
                        let frame = frames[index]
                        step(frame, byte, into: &frames)
                    }
                }
                if frames.count == start {
                    node = Int(trie.subtreeEnd[node])
                    continue
                }
                if node == first, roots != nil { firstByteTaken[Int(byte)] = true }
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
        }
        arena.removeLast(arena.count - arenaMark)
    }

    /// Computes the cached mask entry of `top` by walking the vocabulary trie with the context cut.
    ///
    /// Level `d` of the walk holds the frames reached after the first `d` bytes of the current
    /// path (``WalkLevel``). Most levels hold one frame reached by ``GrammarTables/fastStep(_:_:_:)``, stepped
    /// without touching the frame list or the arena: most of a walk through a state that accepts
    /// much of the vocabulary. Levels of several frames live in the frame list.
    mutating func computeEntry(_ top: Frame, vocabulary: TokenVocabulary) -> MaskEntry {
        let root = Frame(rule: top.rule, state: top.state, counter: top.counter, parent: Frame.boundary)
        let trie = vocabulary.trie
        let arenaMark = arena.count
        var acceptedList: [Int32] = []
        var popPoints: [Int32] = []
        var popsAtRoot = isFinal(root)
        // The levels' storage is kept between walks (a level is written before the levels below
        // read it, so only the root level needs setting).
        var levels = walkLevels
        walkLevels = []
        defer { walkLevels = levels }
        let rootLevel = WalkLevel(frame: root, isSingle: true, start: 0, end: 0, arena: arenaMark)
        if levels.count <= trie.maxDepth {
            levels = [WalkLevel](repeating: rootLevel, count: trie.maxDepth + 1)
        } else {
            levels[0] = rootLevel
        }
        var frames: [Frame] = []
        let nodeCount = trie.nodeCount
        // A pop point is kept only when some token below it is not accepted: the walk skipped a
        // subtree (a rejection) somewhere under it. Open points wait for the walk to leave them.
        var rejections = 0
        var openPops: [(node: Int32, end: Int, rejections: Int)] = []
        func close(_ point: (node: Int32, end: Int, rejections: Int)) {
            if rejections > point.rejections { popPoints.append(point.node) }
        }
        // The closure reads the tables through this local: calling a method on the captured
        // engine copies the whole engine at each call (GrammarTables+WalkSteps.swift).
        let tables = self.tables
        // The levels are read and written at every node: without the per-access checks of an
        // array, and indexed by trie depths, which are at most `maxDepth`.
        levels.withUnsafeMutableBufferPointer { level in
            var node = 1
            while node < nodeCount {
                while let open = openPops.last, node >= open.end { close(openPops.removeLast()) }
                let depth = Int(trie.depths[node])
                let above = level[depth &- 1]
                let byte = trie.bytes[node]
                var produced = root
                var one = true
                var current = above
                if above.isSingle, let stepped = tables.fastStep(above.frame, byte, &produced) {
                    guard stepped else {
                        rejections &+= 1
                        node = Int(trie.subtreeEnd[node])
                        continue
                    }
                    // A fast step pushes nothing and adds no frame to the list: the level keeps
                    // the list's and the arena's extent from above.
                } else {
                    if arena.count != above.arena { arena.removeLast(arena.count - above.arena) }
                    frames.removeLast(frames.count - above.end)
                    let start = frames.count
                    boundaryPopped = false
                    if above.isSingle {
                        step(above.frame, byte, into: &frames)
                    } else {
                        for index in above.start..<above.end { step(frames[index], byte, into: &frames) }
                    }
                    if boundaryPopped {
                        if depth == 1 {
                            popsAtRoot = true
                        } else {
                            openPops.append((Int32(node), Int(trie.subtreeEnd[node]), rejections))
                        }
                    }
                    let count = frames.count - start
                    if count == 0 {
                        rejections &+= 1
                        node = Int(trie.subtreeEnd[node])
                        continue
                    }
                    current.arena = arena.count
                    if count == 1 {
                        produced = frames.removeLast()
                        current.end = start
                    } else {
                        one = false
                        current.start = start
                        current.end = frames.count
                    }
                }
                current.isSingle = one
                current.frame = produced
                level[depth] = current
                if one, tables.coversSubtree(produced, trie: trie, node: node) {
                    // The state takes every token below (a loop or a run): the whole subtree is accepted.
                    let end = Int(trie.subtreeEnd[node])
                    acceptedList.append(contentsOf: trie.entries[Int(trie.entryStart[node])..<Int(trie.entryStart[end])])
                    node = end
                    continue
                }
                // Mostly one token ends at a node: appended one by one, without forming a slice.
                for entry in Int(trie.entryStart[node])..<Int(trie.entryStart[node &+ 1]) { acceptedList.append(trie.entries[entry]) }
                node &+= 1
            }
            while let open = openPops.popLast() { close(open) }
        }
        arena.removeLast(arena.count - arenaMark)
        boundaryPopped = false
        // Many tokens are kept as a mask (one OR per use), few as a list.
        var accepted: TokenBitmask?
        if acceptedList.count * 32 > vocabulary.tokenCount {
            var mask = TokenBitmask(tokenCount: vocabulary.tokenCount)
            for token in acceptedList { mask.insert(Int(token)) }
            accepted = mask
            acceptedList = []
        }
        return MaskEntry(
            acceptedMask: accepted, acceptedList: acceptedList,
            popsAtRoot: popsAtRoot, suffixRoots: popPoints
        )
    }
}

/// One level of a walk down the vocabulary trie: the frames reached after as many bytes as its
/// depth. One frame is held here (`isSingle`); several are `frames[start..<end]` of the walk's list.
/// `end` and `arena` are also the extents of the list and the arena to keep for the levels below.
///
/// `isSingle` comes last: between the frame and the integers it left seven bytes of padding that
/// every copy of a level moved in overlapping unaligned pieces, a quarter of a walk's time (perf
/// annotate, Qwen2.5's vocabulary, 2-core Xeon).
struct WalkLevel {
    var frame: Frame
    var start: Int
    var end: Int
    var arena: Int
    var isSingle: Bool

    init(frame: Frame, isSingle: Bool, start: Int, end: Int, arena: Int) {
        self.frame = frame
        self.start = start
        self.end = end
        self.arena = arena
        self.isSingle = isSingle
    }
}
