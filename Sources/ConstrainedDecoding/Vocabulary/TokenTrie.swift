/// A byte trie over token strings, laid out flat in depth-first order.
///
/// Node 0 is the root (no byte). A node's subtree is the index range `node..<subtreeEnd[node]`, so a
/// walk skips a rejected subtree by one assignment. Each node lists the entries whose bytes end
/// there (`entries[entryStart[node]..<entryStart[node + 1]]`), each with an extra value (the token's
/// character count in suffix tries, 0 otherwise).
struct TokenTrie: Sendable {
    var bytes: [UInt8]
    var depths: [UInt16]
    var subtreeEnd: [Int32]
    var entryStart: [Int32]
    var entries: [Int32]
    var extras: [Int32]
    /// Four words per node: the set of bytes that occur anywhere below the node (not the node's
    /// own byte). A walk in a state that loops on all of them accepts the whole subtree at once.
    var bytesBelow: [UInt64]
    /// Per node: how much deeper than the node its deepest descendant lies (0 for a leaf).
    var heights: [UInt16]

    /// The depth of the deepest node (the longest string's length): the root's height.
    var maxDepth: Int { Int(heights.first ?? 0) }

    var nodeCount: Int { bytes.count }

    /// The bytes its arrays hold (what it costs a cache to keep it).
    var byteCount: Int {
        bytes.count + depths.count * 2 + (subtreeEnd.count + entryStart.count + entries.count + extras.count) * 4 + bytesBelow.count * 8
    }

    /// Builds a trie from byte strings; `payload[i]` and `extra[i]` are stored for `strings[i]`.
    init(strings: [ArraySlice<UInt8>], payloads: [Int32], extras extraValues: [Int32]) {
        let order = strings.indices.sorted { a, b in strings[a].lexicographicallyPrecedes(strings[b]) }
        var bytes: [UInt8] = [0]
        var depths: [UInt16] = [0]
        var subtreeEnd: [Int32] = [0]
        var nodeEntries: [[Int]] = [[]]
        var path: [Int] = [0]  // node index at each depth
        var previous: ArraySlice<UInt8> = []
        for item in order {
            let string = strings[item]
            var common = 0
            let limit = min(previous.count, string.count, path.count - 1)
            while common < limit, previous[previous.startIndex + common] == string[string.startIndex + common] { common += 1 }
            while path.count - 1 > common {
                let node = path.removeLast()
                subtreeEnd[node] = Int32(bytes.count)
            }
            for offset in common..<string.count {
                bytes.append(string[string.startIndex + offset])
                depths.append(UInt16(min(offset + 1, Int(UInt16.max))))
                subtreeEnd.append(0)
                nodeEntries.append([])
                path.append(bytes.count - 1)
            }
            nodeEntries[path[path.count - 1]].append(item)
            previous = string
        }
        while let node = path.popLast() { subtreeEnd[node] = Int32(bytes.count) }
        var below = [UInt64](repeating: 0, count: bytes.count * 4)
        var heights = [UInt16](repeating: 0, count: bytes.count)
        // Parents: the nearest earlier node whose subtree contains the node.
        var parents = [Int32](repeating: 0, count: bytes.count)
        var stack: [Int] = [0]
        for node in 1..<max(bytes.count, 1) {
            while let top = stack.last, Int(subtreeEnd[top]) <= node { stack.removeLast() }
            parents[node] = Int32(stack.last ?? 0)
            stack.append(node)
        }
        if bytes.count > 1 {
            for node in stride(from: bytes.count - 1, through: 1, by: -1) {
                let parent = Int(parents[node])
                let byte = bytes[node]
                for word in 0..<4 { below[parent * 4 + word] |= below[node * 4 + word] }
                heights[parent] = max(heights[parent], heights[node] &+ 1)
                below[parent * 4 + Int(byte >> 6)] |= 1 << UInt64(byte & 63)
            }
        }
        var entryStart: [Int32] = []
        var entries: [Int32] = []
        var extras: [Int32] = []
        entryStart.reserveCapacity(bytes.count + 1)
        for list in nodeEntries {
            entryStart.append(Int32(entries.count))
            for item in list {
                entries.append(payloads[item])
                extras.append(extraValues[item])
            }
        }
        entryStart.append(Int32(entries.count))
        self.bytes = bytes
        self.depths = depths
        self.subtreeEnd = subtreeEnd
        self.entryStart = entryStart
        self.entries = entries
        self.extras = extras
        self.bytesBelow = below
        self.heights = heights
    }

    static let empty = TokenTrie(strings: [], payloads: [], extras: [])

    /// The positions in ``entries`` of every string that starts with `prefix` (empty when none
    /// does): the entries of the node the prefix leads to and of its whole subtree.
    func entryRange(startingWith prefix: some Sequence<UInt8>) -> Range<Int> {
        var node = 0
        for byte in prefix {
            var child = node + 1
            let end = Int(subtreeEnd[node])
            while child < end, bytes[child] != byte { child = Int(subtreeEnd[child]) }
            guard child < end else { return 0..<0 }
            node = child
        }
        return Int(entryStart[node])..<Int(entryStart[Int(subtreeEnd[node])])
    }
}
