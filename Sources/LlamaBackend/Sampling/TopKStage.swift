/// Keeps the `k` candidates with the highest logits (top-k sampling, Fan et al. 2018).
package struct TopKStage: SamplingStage {
    /// How many candidates survive.
    package let k: Int

    /// A top-k stage; `k` below 1 is treated as 1.
    package init(k: Int) {
        self.k = max(1, k)
    }

    package func apply(to candidates: inout CandidateSet) {
        guard candidates.count > k else {
            candidates.sortDescending()
            return
        }
        // Partial selection: a min-heap of the best k indices, O(n log k).
        var heap = MinHeap(capacity: k, logits: candidates.logits, tokens: candidates.tokens)
        for index in 0..<candidates.count { heap.offer(index) }
        let kept = heap.indices
        candidates.tokens = kept.map { candidates.tokens[$0] }
        candidates.logits = kept.map { candidates.logits[$0] }
        candidates.probabilities.removeAll(keepingCapacity: true)
        candidates.isSorted = false
        candidates.sortDescending()
    }
}

/// A bounded min-heap of candidate indices ordered by logit (then by descending token id).
struct MinHeap {
    private(set) var indices: [Int] = []
    let capacity: Int
    let logits: [Float]
    let tokens: [TokenID]

    init(capacity: Int, logits: [Float], tokens: [TokenID]) {
        self.capacity = capacity
        self.logits = logits
        self.tokens = tokens
        indices.reserveCapacity(capacity)
    }

    /// Whether candidate `a` ranks below candidate `b`.
    private func below(_ a: Int, _ b: Int) -> Bool {
        logits[a] != logits[b] ? logits[a] < logits[b] : tokens[a] > tokens[b]
    }

    mutating func offer(_ index: Int) {
        if indices.count < capacity {
            indices.append(index)
            siftUp(indices.count - 1)
        } else if below(indices[0], index) {
            indices[0] = index
            siftDown(0)
        }
    }

    private mutating func siftUp(_ start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard below(indices[child], indices[parent]) else { return }
            indices.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < indices.count, below(indices[left], indices[smallest]) { smallest = left }
            if right < indices.count, below(indices[right], indices[smallest]) { smallest = right }
            guard smallest != parent else { return }
            indices.swapAt(parent, smallest)
            parent = smallest
        }
    }
}
