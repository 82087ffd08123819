extension ByteNFA {
    /// An automaton for any one of the byte strings `words`, as their trie: words that share a
    /// prefix share its states, and no state has an epsilon move, so determinizing it is cheap
    /// (an enum of thousands of names would otherwise be as many chains behind one branching).
    ///
    /// A trie of more than `stateLimit` states has its states that accept the same endings merged
    /// too, which makes it the smallest deterministic automaton for the words, and marks it
    /// ``isAcyclic``: the 2,461 names of `cryproj.55` make a trie of 31,435 states and an
    /// automaton of 16,829, and every state costs a row of the grammar's table and can cost a
    /// mask. Smaller tries stay trees, numbered so that every move leads to a later state: a
    /// state reached by two paths needs a search before its distances (``CompletionDistances``),
    /// and inlined into a larger automaton it would make them take more passes.
    static func trie(_ words: [[UInt8]], sharingEndingsBeyond stateLimit: Int = .max) -> ByteNFA {
        let trie = WordTrie(words)
        return trie.accepting.count > stateLimit ? trie.merged() : trie.tree()
    }
}

/// The trie of a list of byte strings, as plain arrays, and the merging of its states that
/// accept the same endings (``ByteNFA/trie(_:sharingEndingsBeyond:)``).
///
/// A node's children are made after it, so every node has a larger number than its parent, and
/// visiting the nodes from the last to the first visits each node after all of its children.
private struct WordTrie {
    var accepting: [Bool] = [false]
    var edgeSource: [Int32] = []
    var edgeByte: [UInt8] = []
    var edgeTarget: [Int32] = []

    init(_ words: [[UInt8]]) {
        let bytes = words.reduce(0) { $0 + $1.count }
        // The child of a node on a byte, keyed by node and byte; at most a node per byte.
        var children: [Int: Int32] = [:]
        children.reserveCapacity(bytes)
        accepting.reserveCapacity(bytes + 1)
        edgeSource.reserveCapacity(bytes)
        edgeByte.reserveCapacity(bytes)
        edgeTarget.reserveCapacity(bytes)
        for word in words {
            var node: Int32 = 0
            for byte in word {
                let key = Int(node) << 8 | Int(byte)
                if let child = children[key] {
                    node = child
                } else {
                    let child = Int32(accepting.count)
                    accepting.append(false)
                    edgeSource.append(node)
                    edgeByte.append(byte)
                    edgeTarget.append(child)
                    children[key] = child
                    node = child
                }
            }
            accepting[Int(node)] = true
        }
    }

    /// The trie itself as an automaton: its nodes and edges as they are.
    func tree() -> ByteNFA {
        var nfa = ByteNFA()
        nfa.accepting = accepting
        nfa.edges.reserveCapacity(edgeSource.count)
        for edge in edgeSource.indices {
            nfa.addEdge(from: edgeSource[edge], edgeByte[edge], edgeByte[edge], to: edgeTarget[edge])
        }
        return nfa
    }

    /// The automaton whose states are the classes of nodes that accept the same endings.
    ///
    /// Two nodes are merged when both accept or neither does and their children on each byte
    /// are merged already; visited from the last node back, that decides every node once. The
    /// merged automaton's states are numbered in the reverse order of their first member's visit,
    /// so the root is state 0 and every move leads to a higher state (no move leads back).
    func merged() -> ByteNFA {
        let nodeCount = accepting.count
        // Each node's edges, grouped by node and in byte order.
        var firstEdge = [Int](repeating: 0, count: nodeCount + 1)
        for source in edgeSource { firstEdge[Int(source) + 1] += 1 }
        for node in 0..<nodeCount { firstEdge[node + 1] += firstEdge[node] }
        var order = [Int](repeating: 0, count: edgeSource.count)
        var fill = firstEdge
        for edge in edgeSource.indices {
            let source = Int(edgeSource[edge])
            var slot = fill[source]
            fill[source] += 1
            // Insertion by byte within the node's edges (a node has few).
            while slot > firstEdge[source], edgeByte[order[slot - 1]] > edgeByte[edge] {
                order[slot] = order[slot - 1]
                slot -= 1
            }
            order[slot] = edge
        }
        // The class of each node, numbered as found from the last node back, found through an
        // open-addressed table of classes keyed by a fingerprint of a node's acceptance and edges
        // (each edge's byte and its target's class); a candidate is compared with its class's
        // first member in full.
        var classOf = [Int32](repeating: -1, count: nodeCount)
        var representative: [Int] = []
        var capacity = 16
        while capacity < nodeCount * 2 { capacity <<= 1 }
        var slots = [Int32](repeating: -1, count: capacity)
        func sameEndings(_ node: Int, _ other: Int) -> Bool {
            guard accepting[node] == accepting[other],
                firstEdge[node + 1] - firstEdge[node] == firstEdge[other + 1] - firstEdge[other]
            else { return false }
            for offset in 0..<(firstEdge[node + 1] - firstEdge[node]) {
                let edge = order[firstEdge[node] + offset]
                let otherEdge = order[firstEdge[other] + offset]
                guard edgeByte[edge] == edgeByte[otherEdge], classOf[Int(edgeTarget[edge])] == classOf[Int(edgeTarget[otherEdge])]
                else { return false }
            }
            return true
        }
        for node in (0..<nodeCount).reversed() {
            var mix = FingerprintMix()
            mix.add(accepting[node] ? 1 : 0)
            for position in firstEdge[node]..<firstEdge[node + 1] {
                let edge = order[position]
                mix.add(UInt64(edgeByte[edge]) << 32 | UInt64(UInt32(classOf[Int(edgeTarget[edge])])))
            }
            var slot = Int(truncatingIfNeeded: mix.value) & (capacity - 1)
            while slots[slot] >= 0, !sameEndings(node, representative[Int(slots[slot])]) {
                slot = (slot + 1) & (capacity - 1)
            }
            if slots[slot] < 0 {
                slots[slot] = Int32(representative.count)
                representative.append(node)
            }
            classOf[node] = slots[slot]
        }
        // The root is found last, and no other node accepts what it accepts (each accepts shorter
        // endings), so it has the last class: numbering the classes backwards makes it state 0.
        let classCount = representative.count
        func state(_ nodeClass: Int32) -> Int32 { Int32(classCount - 1) - nodeClass }
        var nfa = ByteNFA()
        nfa.isAcyclic = true
        nfa.accepting = [Bool](repeating: false, count: classCount)
        nfa.edges.reserveCapacity(classCount)
        for number in 0..<classCount {
            let node = representative[classCount - 1 - number]
            nfa.accepting[number] = accepting[node]
            for position in firstEdge[node]..<firstEdge[node + 1] {
                let edge = order[position]
                let target = state(classOf[Int(edgeTarget[edge])])
                nfa.addEdge(from: Int32(number), edgeByte[edge], edgeByte[edge], to: target)
            }
        }
        return nfa
    }
}
