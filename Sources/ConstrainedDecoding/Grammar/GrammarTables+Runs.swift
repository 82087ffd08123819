extension GrammarTables {
    /// The longest run a state can take through one chain of states: for each state of `dfa`,
    /// the bytes that lead to its most common target (`bytes`, four words a state) and how many of
    /// them in a row it can consume whatever they are (`lengths`; 0 for none, `UInt16.max` for
    /// as many as a token holds).
    ///
    /// A counted repetition such as `[a-z0-9._%+-]{1,64}` is a chain of states that do not loop:
    /// each leads to the next on the class, so from the state after 10 characters any string of
    /// at most 54 of them is consumed. A trie walk uses that as it uses loops: a subtree whose
    /// bytes are all in the run's bytes and no deeper than its length is accepted whole, instead of
    /// a walk of most of the vocabulary for each of the 64 states.
    static func runs(of dfa: ByteDFA) -> (bytes: [UInt64], lengths: [UInt16]) {
        runs(of: dfa, classBytes: dfa.classByteSets)
    }

    /// The same, given the automaton's ``ByteDFA/classByteSets`` already made.
    static func runs(of dfa: ByteDFA, classBytes: [UInt64]) -> (bytes: [UInt64], lengths: [UInt16]) {
        let stateCount = dfa.stateCount
        var next = [Int32](repeating: -1, count: stateCount)
        var bytes = [UInt64](repeating: 0, count: stateCount * 4)
        var classSizes = [Int](repeating: 0, count: dfa.classCount)
        for byteClass in 0..<dfa.classCount {
            for word in 0..<4 { classSizes[byteClass] += classBytes[byteClass * 4 + word].nonzeroBitCount }
        }
        // The bytes leading from the state at hand to each target, and the targets in the order
        // first found (reset after each state).
        var bytesTo = [Int](repeating: 0, count: stateCount)
        var targets: [Int32] = []
        // The classes with a move from the state at hand: the row is read once.
        var moving: [Int] = []
        let classCount = dfa.classCount
        // The rows are read through buffer pointers: this loop visits every cell of the table.
        dfa.transitions.withUnsafeBufferPointer { transitions in
            bytesTo.withUnsafeMutableBufferPointer { bytesTo in
                for state in 0..<stateCount {
                    // The target reached by the most bytes (the first one found on a tie).
                    targets.removeAll(keepingCapacity: true)
                    moving.removeAll(keepingCapacity: true)
                    let row = state * classCount
                    for byteClass in 0..<classCount {
                        let target = transitions[row + byteClass]
                        guard target >= 0 else { continue }
                        moving.append(byteClass)
                        if bytesTo[Int(target)] == 0 { targets.append(target) }
                        bytesTo[Int(target)] += classSizes[byteClass]
                    }
                    var best: Int32 = -1
                    var bestCount = 0
                    for target in targets {
                        if bytesTo[Int(target)] > bestCount {
                            best = target
                            bestCount = bytesTo[Int(target)]
                        }
                        bytesTo[Int(target)] = 0
                    }
                    guard best >= 0 else { continue }
                    next[state] = best
                    for byteClass in moving where transitions[row + byteClass] == best {
                        for word in 0..<4 { bytes[state * 4 + word] |= classBytes[byteClass * 4 + word] }
                    }
                }
            }
        }
        // A run continues into the target while the target's run bytes include this state's.
        func continues(_ state: Int, into target: Int) -> Bool {
            (0..<4).allSatisfy { word in bytes[state * 4 + word] & ~bytes[target * 4 + word] == 0 }
        }
        // length(s) = 0 without a target, 1 when the target's run bytes do not include s's
        // (the first byte is always taken), 1 + length(target) otherwise; endless around a cycle.
        let endless = Int(UInt16.max)
        let unknown = -1
        let onPath = -2
        var lengths = [Int](repeating: unknown, count: stateCount)
        for start in 0..<stateCount where lengths[start] == unknown {
            var path: [Int] = []
            var state = start
            var value = 0
            while true {
                if lengths[state] >= 0 {
                    value = lengths[state]
                    break
                }
                if lengths[state] == onPath {
                    value = endless
                    break
                }
                let target = Int(next[state])
                if target < 0 {
                    value = 0
                    lengths[state] = value
                    break
                }
                if !continues(state, into: target) {
                    value = 1
                    lengths[state] = value
                    break
                }
                lengths[state] = onPath
                path.append(state)
                state = target
            }
            for state in path.reversed() {
                value = value == endless ? endless : min(endless - 1, value + 1)
                lengths[state] = value
            }
        }
        return (bytes, lengths.map { UInt16(max(0, $0)) })
    }
}
