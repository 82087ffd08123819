/// A deterministic byte automaton with call edges: the body of an ``Grammar`` automaton rule.
///
/// Transitions are stored per byte class (`classOf` maps each byte to a class) in one flat table.
struct ByteDFA: Sendable, Hashable {
    var classOf: [UInt8]
    var classCount: Int
    /// `transitions[state * classCount + class]`: the next state, or -1.
    var transitions: [Int32]
    var accepting: [Bool]
    var calls: [[CallEdge]]
    /// For a string automaton built with a length bound, where each state stands (see
    /// ``boundedLength(minimum:maximum:stateLimit:)``); nil otherwise.
    var lengthCounts: LengthCounts? = nil
    /// For a quoted string automaton whose length bounds are counted beside it (the grammar's
    /// frames carry the count), the count's bounds and distances; nil otherwise.
    var characterCounter: CharacterCounter? = nil
    /// Set where the construction proves that every state can reach acceptance when every call can
    /// be passed (an automaton determinized from a trimmed one, a quoted string), so that checking
    /// a grammar need not search it for dead states while every rule it calls admits a value (a
    /// large string, enum or object automaton would be walked cell by cell). Not part of equality:
    /// it says how much is known about the automaton, not what it accepts.
    var isTrimmed = false
    /// Set where the construction proves that no sequence of moves or calls leads back to a state
    /// it started from (an enum's values), so that shortest distances need one pass in the order a
    /// depth-first search finishes the states. Not part of equality, as ``isTrimmed``.
    var isAcyclic = false

    /// Whether every callee of the automaton admits a value, by `productive` (indexed by rule).
    func callsOnlyProductiveRules(_ productive: [Bool]) -> Bool {
        calls.allSatisfy { $0.allSatisfy { productive[Int($0.callee)] } }
    }

    var stateCount: Int { accepting.count }

    static func == (left: ByteDFA, right: ByteDFA) -> Bool {
        left.classCount == right.classCount && left.accepting == right.accepting && left.classOf == right.classOf
            && left.transitions == right.transitions && left.calls == right.calls && left.lengthCounts == right.lengthCounts
            && left.characterCounter == right.characterCounter
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(classCount)
        hasher.combine(accepting)
        hasher.combine(classOf)
        hasher.combine(transitions)
        hasher.combine(calls)
        hasher.combine(lengthCounts)
        hasher.combine(characterCounter)
    }

    func next(_ state: Int32, _ byte: UInt8) -> Int32 {
        transitions[Int(state) * classCount + Int(classOf[Int(byte)])]
    }

    /// This automaton as an NFA (for embedding into larger automata).
    var nfa: ByteNFA {
        var nfa = ByteNFA()
        for _ in 1..<stateCount { _ = nfa.addState() }
        for state in 0..<stateCount {
            nfa.accepting[state] = accepting[state]
            for call in calls[state] { nfa.addCall(from: Int32(state), rule: call.callee, to: call.target) }
            var byte = 0
            while byte < 256 {
                let target = next(Int32(state), UInt8(byte))
                var end = byte
                while end + 1 < 256, next(Int32(state), UInt8(end + 1)) == target { end += 1 }
                if target >= 0 { nfa.addEdge(from: Int32(state), UInt8(byte), UInt8(end), to: target) }
                byte = end + 1
            }
        }
        return nfa
    }

    /// The automaton accepting the intersection of two regular (call-free) automata (product
    /// construction over the joint byte classes, dead states removed).
    func intersection(_ other: ByteDFA, stateLimit: Int = 60_000) throws(SchemaError) -> ByteDFA {
        var jointClass = [UInt8](repeating: 0, count: 256)
        var representatives: [UInt8] = [0]
        for byte in 1..<256 {
            if classOf[byte] != classOf[byte - 1] || other.classOf[byte] != other.classOf[byte - 1] {
                guard representatives.count < 256 else { break }
                representatives.append(UInt8(byte))
            }
            jointClass[byte] = UInt8(representatives.count - 1)
        }
        let width = representatives.count
        var index = ProductStateIndex(keySpace: stateCount * other.stateCount)
        index.assign(0, to: 0)
        var pairs: [(Int32, Int32)] = [(0, 0)]
        var table: [Int32] = []
        var acceptingStates: [Bool] = []
        var position = 0
        while position < pairs.count {
            let (a, b) = pairs[position]
            position += 1
            guard pairs.count <= stateLimit else {
                throw .tooLarge(keyword: "pattern", path: "", reason: "intersection exceeds \(stateLimit) states")
            }
            acceptingStates.append(accepting[Int(a)] && other.accepting[Int(b)])
            for representative in representatives {
                let x = next(a, representative)
                let y = other.next(b, representative)
                guard x >= 0, y >= 0 else { table.append(-1); continue }
                let key = Int(x) * other.stateCount + Int(y)
                if let existing = index[key] {
                    table.append(existing)
                } else {
                    let target = Int32(pairs.count)
                    index.assign(target, to: key)
                    pairs.append((x, y))
                    table.append(target)
                }
            }
        }
        var product = ByteDFA(
            classOf: jointClass, classCount: width, transitions: table,
            accepting: acceptingStates, calls: [[CallEdge]](repeating: [], count: acceptingStates.count))
        let live = product.liveStates(productive: [])
        for slot in product.transitions.indices where product.transitions[slot] >= 0 && !live[Int(product.transitions[slot])] {
            product.transitions[slot] = -1
        }
        return product
    }
}

extension ByteNFA {
    /// This automaton without states that cannot reach acceptance (call edges count as passable).
    func trimmed() -> ByteNFA {
        let live = reverseMoves.statesReaching(accepting)
        // Most automata have no dead state; rewriting the moves would copy them all.
        if !live.contains(false) { return self }
        var result = self
        result.edges.removeAll { !live[Int($0.target)] }
        result.epsilons.removeAll { !live[Int($0.target)] }
        result.calls.removeAll { !live[Int($0.target)] }
        return result
    }

    /// The moves into each state: byte edges, epsilon moves and calls.
    var reverseMoves: ReverseEdges {
        var firstSource = [Int32](repeating: 0, count: stateCount + 1)
        for edge in edges { firstSource[Int(edge.target) + 1] += 1 }
        for move in epsilons { firstSource[Int(move.target) + 1] += 1 }
        for call in calls { firstSource[Int(call.target) + 1] += 1 }
        for state in 0..<stateCount { firstSource[state + 1] += firstSource[state] }
        var fill = firstSource
        var sources = [Int32](repeating: 0, count: Int(firstSource[stateCount]))
        for edge in edges {
            sources[Int(fill[Int(edge.target)])] = edge.source
            fill[Int(edge.target)] += 1
        }
        for move in epsilons {
            sources[Int(fill[Int(move.target)])] = move.source
            fill[Int(move.target)] += 1
        }
        for call in calls {
            sources[Int(fill[Int(call.target)])] = call.source
            fill[Int(call.target)] += 1
        }
        return ReverseEdges(firstSource: firstSource, sources: sources)
    }

    /// Whether the automaton accepts at least one string (treating calls as passable).
    var isEmptyLanguage: Bool {
        !reverseMoves.statesReaching(accepting)[Int(start)]
    }
}

extension ByteDFA {
    /// The automaton accepting exactly the byte strings this one rejects (call-free automata only).
    func complemented() -> ByteDFA {
        let sink = Int32(stateCount)
        var table = transitions.map { $0 < 0 ? sink : $0 }
        table += [Int32](repeating: sink, count: classCount)
        return ByteDFA(
            classOf: classOf, classCount: classCount, transitions: table,
            accepting: accepting.map { !$0 } + [true], calls: calls + [[]]
        )
    }
}
