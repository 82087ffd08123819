/// A nondeterministic byte automaton with epsilon moves and call edges, used while building rules.
///
/// Every grammar piece (keys, punctuation, numbers, patterns, literals, compositions) is built as a
/// `ByteNFA` and then determinized into a ``ByteDFA``. A call edge consumes one complete value of
/// another rule (by index), which makes the automata recursive transition networks.
struct ByteNFA: Sendable, Equatable {
    /// A byte move: from `source`, on any byte from `low` to `high`, to `target`.
    struct Edge: Sendable, Hashable {
        var source: Int32
        var target: Int32
        var low: UInt8
        var high: UInt8
    }

    /// A move that reads nothing.
    struct Epsilon: Sendable, Hashable {
        var source: Int32
        var target: Int32
    }

    /// A call move: from `source`, one complete value of rule `callee`, then `target`.
    struct Call: Sendable, Hashable {
        var source: Int32
        var callee: Int32
        var target: Int32
    }

    /// The moves, each kind in one array in the order they were added (``movesByState`` groups
    /// them by state): building and embedding automata appends to three arrays, where a list per
    /// state cost an allocation, a retain and a release per state at every copy.
    var edges: [Edge] = []
    var epsilons: [Epsilon] = []
    var calls: [Call] = []
    var accepting: [Bool] = [false]
    /// The start state is always state 0.
    let start: Int32 = 0
    /// States from which every continuation the automaton can read is accepted (the `.*` after
    /// an unanchored pattern): a subset of states holding one accepts exactly what that state
    /// accepts, so determinization keeps that state's closure alone. Not carried into larger
    /// automata (``embed(_:from:to:)``), where more follows them.
    var universalStates: Set<Int32> = []
    /// Set where the construction proves that no sequence of moves leads back to a state it
    /// started from (a long list's ``trie(_:sharingEndingsBeyond:)``); determinizing keeps it (a
    /// cycle of subsets would be a cycle of the states in them). Not carried into larger automata.
    var isAcyclic = false

    var stateCount: Int { accepting.count }

    mutating func addState(accepting isAccepting: Bool = false) -> Int32 {
        accepting.append(isAccepting)
        return Int32(accepting.count - 1)
    }

    mutating func addEdge(from source: Int32, _ low: UInt8, _ high: UInt8, to target: Int32) {
        edges.append(Edge(source: source, target: target, low: low, high: high))
    }

    mutating func addEpsilon(from source: Int32, to target: Int32) {
        if source != target { epsilons.append(Epsilon(source: source, target: target)) }
    }

    mutating func addCall(from source: Int32, rule: Int32, to target: Int32) {
        calls.append(Call(source: source, callee: rule, target: target))
    }

    /// Adds a chain for `bytes` from `source` and returns its last state.
    @discardableResult
    mutating func addBytes(_ bytes: some Sequence<UInt8>, from source: Int32) -> Int32 {
        var current = source
        for byte in bytes {
            let next = addState()
            addEdge(from: current, byte, byte, to: next)
            current = next
        }
        return current
    }

    /// Copies `other` into this automaton between `source` and `target` (epsilon in and out).
    mutating func embed(_ other: ByteNFA, from source: Int32, to target: Int32) {
        let offset = Int32(stateCount)
        edges.reserveCapacity(edges.count + other.edges.count)
        for edge in other.edges {
            edges.append(Edge(source: edge.source + offset, target: edge.target + offset, low: edge.low, high: edge.high))
        }
        epsilons.reserveCapacity(epsilons.count + other.epsilons.count + 1)
        for move in other.epsilons { epsilons.append(Epsilon(source: move.source + offset, target: move.target + offset)) }
        calls.reserveCapacity(calls.count + other.calls.count)
        for call in other.calls { calls.append(Call(source: call.source + offset, callee: call.callee, target: call.target + offset)) }
        accepting += repeatElement(false, count: other.stateCount)
        addEpsilon(from: source, to: other.start + offset)
        for state in 0..<other.stateCount where other.accepting[state] {
            addEpsilon(from: Int32(state) + offset, to: target)
        }
    }

    /// An automaton for exactly `bytes`.
    static func literal(_ bytes: some Sequence<UInt8>) -> ByteNFA {
        var nfa = ByteNFA()
        let end = nfa.addBytes(bytes, from: nfa.start)
        nfa.accepting[Int(end)] = true
        return nfa
    }

    /// An automaton for any one of `alternatives`.
    static func union(_ alternatives: [ByteNFA]) -> ByteNFA {
        var nfa = ByteNFA()
        let end = nfa.addState(accepting: true)
        for alternative in alternatives { nfa.embed(alternative, from: nfa.start, to: end) }
        return nfa
    }

    /// An automaton for `parts` one after another.
    static func concatenation(_ parts: [ByteNFA]) -> ByteNFA {
        var nfa = ByteNFA()
        var current = nfa.start
        for part in parts {
            let next = nfa.addState()
            nfa.embed(part, from: current, to: next)
            current = next
        }
        nfa.accepting[Int(current)] = true
        return nfa
    }

    /// A single call to `rule`.
    static func call(_ rule: Int32) -> ByteNFA {
        var nfa = ByteNFA()
        let end = nfa.addState(accepting: true)
        nfa.addCall(from: nfa.start, rule: rule, to: end)
        return nfa
    }

    /// The most closure elements one determinization builds before it is refused: it bounds the
    /// time a hostile pattern takes to be refused. The hundred-zone pattern of the fuzz seeds
    /// needs 3.8 million (388 states); a mutation of it that FuzzRegex found needed 81 million,
    /// 52 s in a debug build, before reaching the state limit.
    static let determinizationWorkLimit = 10_000_000

    /// The equivalent deterministic automaton (subset construction over byte classes).
    ///
    /// Call edges are determinized per callee: from a subset, one call edge per distinct callee.
    /// - Throws: ``SchemaError/tooLarge(keyword:path:reason:)`` past `stateLimit` states.
    func determinized(stateLimit: Int = 60_000, workLimit: Int = ByteNFA.determinizationWorkLimit) throws(SchemaError) -> ByteDFA {
        try determinized(stateLimit: stateLimit, workLimit: workLimit, readsDeterministicDirectly: true)
    }

    /// The same; without `readsDeterministicDirectly`, an automaton that is deterministic already
    /// goes through subset construction too (for tests that compare the two ways).
    func determinized(stateLimit: Int, workLimit: Int, readsDeterministicDirectly: Bool) throws(SchemaError) -> ByteDFA {
        // Byte classes: bytes that no edge distinguishes share a class.
        var boundaries = [Bool](repeating: false, count: 257)
        boundaries[0] = true
        boundaries[256] = true
        for edge in edges {
            boundaries[Int(edge.low)] = true
            boundaries[Int(edge.high) + 1] = true
        }
        var classOf = [UInt8](repeating: 0, count: 256)
        var representatives: [UInt8] = []
        var currentClass = -1
        for byte in 0..<256 {
            if boundaries[byte] {
                currentClass += 1
                representatives.append(UInt8(byte))
            }
            classOf[byte] = UInt8(currentClass)
        }
        let classCount = representatives.count
        let moves = movesByState
        var dfa: ByteDFA
        if readsDeterministicDirectly,
            let direct = try deterministicTable(moves, classOf: classOf, classCount: classCount, stateLimit: stateLimit, workLimit: workLimit)
        {
            dfa = direct
        } else {
            var construction = SubsetConstruction(self, moves: moves, classOf: classOf, classCount: classCount)
            dfa = try construction.run(from: start, stateLimit: stateLimit, workLimit: workLimit)
        }
        dfa.isAcyclic = isAcyclic
        return dfa
    }
}

extension ByteNFA {
    /// The automaton (its `moves`) as its own deterministic table, when it is deterministic
    /// already once each state is taken with its epsilon closure: no byte that leads the closure
    /// to two states, no callee that it calls with two targets (the trie of an enum's values, a
    /// literal, a key and the automaton of its value joined by an epsilon move). States are
    /// numbered as subset construction numbers its singletons (found in order of byte class, then
    /// of call), so the result equals that construction's, without a subset to hash per state.
    /// Nil otherwise.
    ///
    /// Each state reached is the closure of the one state a move reached. With no cycle of epsilon
    /// moves, two states have two different closures (each holds its own state and not the
    /// other's), so numbering the reached states numbers the subsets; with a cycle, nil.
    /// - Throws: ``SchemaError/tooLarge(keyword:path:reason:)`` past `stateLimit` states, or past
    ///   `workLimit` closure elements, as subset construction would.
    func deterministicTable(
        _ moves: MovesByState, classOf: [UInt8], classCount: Int, stateLimit: Int, workLimit: Int
    ) throws(SchemaError) -> ByteDFA? {
        guard universalStates.isEmpty else { return nil }
        guard epsilons.isEmpty || Self.hasNoEpsilonCycle(moves, stateCount: stateCount) else { return nil }
        var number = [Int32](repeating: -1, count: stateCount)
        number[Int(start)] = 0
        var order: [Int32] = [start]
        var transitions: [Int32] = []
        // At most a row per state: reserved at once, where growing would copy the table again and again.
        transitions.reserveCapacity(min(stateCount, stateLimit) * classCount)
        var acceptingStates: [Bool] = []
        var callLists: [[CallEdge]] = []
        // The classes a state has a move on: a row is filled with -1 at once and only these are
        // written (a trie's state has a move on a few of its many classes).
        var touched: [Int] = []
        // The closure of the state being read, sorted (subset construction's order of members).
        var members: [Int32] = []
        var stamps = [Int32](repeating: -1, count: epsilons.isEmpty ? 0 : stateCount)
        var pending: [Int32] = []
        var closureElements = 0
        var position = 0
        while position < order.count {
            guard order.count <= stateLimit else {
                throw .tooLarge(keyword: "automaton", path: "", reason: "more than \(stateLimit) states")
            }
            let state = order[position]
            members.removeAll(keepingCapacity: true)
            members.append(state)
            if !moves.epsilonPositions(of: Int(state)).isEmpty {
                stamps[Int(state)] = Int32(position)
                pending.append(state)
                while let member = pending.popLast() {
                    for epsilon in moves.epsilonPositions(of: Int(member)) {
                        let next = moves.epsilons[epsilon]
                        guard stamps[Int(next)] != Int32(position) else { continue }
                        stamps[Int(next)] = Int32(position)
                        members.append(next)
                        pending.append(next)
                    }
                }
                members.sort()
                closureElements += members.count
                guard closureElements <= workLimit else {
                    throw .tooLarge(keyword: "automaton", path: "", reason: "determinizing takes more than \(workLimit) closure steps")
                }
            }
            position += 1
            let row = transitions.count
            transitions += repeatElement(-1, count: classCount)
            touched.removeAll(keepingCapacity: true)
            // First the automaton's own target states, then their numbers in class order.
            for member in members {
                for edgePosition in moves.edgePositions(of: Int(member)) {
                    let edge = moves.edges[edgePosition]
                    for byteClass in Int(classOf[Int(edge.low)])...Int(classOf[Int(edge.high)]) {
                        let earlier = transitions[row + byteClass]
                        if earlier >= 0 {
                            if earlier != edge.target { return nil }
                            continue
                        }
                        transitions[row + byteClass] = edge.target
                        touched.append(byteClass)
                    }
                }
            }
            touched.sort()
            for byteClass in touched {
                let target = Int(transitions[row + byteClass])
                if number[target] < 0 {
                    number[target] = Int32(order.count)
                    order.append(Int32(target))
                }
                transitions[row + byteClass] = number[target]
            }
            var stateCalls: [CallEdge] = []
            var accepts = false
            for member in members {
                accepts = accepts || accepting[Int(member)]
                for callPosition in moves.callPositions(of: Int(member)) {
                    let call = moves.calls[callPosition]
                    if let earlier = stateCalls.firstIndex(where: { $0.callee == call.callee }) {
                        guard order[Int(stateCalls[earlier].target)] == call.target else { return nil }
                        continue
                    }
                    let target = Int(call.target)
                    if number[target] < 0 {
                        number[target] = Int32(order.count)
                        order.append(call.target)
                    }
                    stateCalls.append(CallEdge(callee: call.callee, target: number[target]))
                }
            }
            callLists.append(stateCalls)
            acceptingStates.append(accepts)
        }
        return ByteDFA(classOf: classOf, classCount: classCount, transitions: transitions, accepting: acceptingStates, calls: callLists)
    }

    /// Whether the epsilon moves form no cycle (each state removed once nothing leads to it by
    /// epsilon moves from a state not yet removed, Kahn's way).
    private static func hasNoEpsilonCycle(_ moves: MovesByState, stateCount: Int) -> Bool {
        var incoming = [Int32](repeating: 0, count: stateCount)
        for target in moves.epsilons { incoming[Int(target)] += 1 }
        var ready: [Int32] = []
        for state in 0..<stateCount where incoming[state] == 0 { ready.append(Int32(state)) }
        var removed = 0
        while let state = ready.popLast() {
            removed += 1
            for position in moves.epsilonPositions(of: Int(state)) {
                let target = Int(moves.epsilons[position])
                incoming[target] -= 1
                if incoming[target] == 0 { ready.append(Int32(target)) }
            }
        }
        return removed == stateCount
    }
}

/// A call edge: consume one value of rule `callee`, then continue at `target`.
struct CallEdge: Sendable, Hashable {
    var callee: Int32
    var target: Int32
}
