import Testing
@testable import ConstrainedDecoding

/// Subset construction keeps its subsets in flat tables (``StateSetTable``); these tests hold it
/// to a plain construction over dictionaries of arrays, state for state, on random automata with
/// epsilon moves, calls and universal states.
@Suite struct SubsetConstructionTests {
    @Test func setsAreNumberedInTheOrderTheyAreFirstAdded() {
        var table = StateSetTable()
        #expect(table.count == 0)
        #expect(table.number(of: []) == nil)
        #expect(table.insert([1, 2, 3]) == (0, true))
        #expect(table.insert([]) == (1, true))
        #expect(table.insert([1, 2]) == (2, true))
        #expect(table.insert([1, 2, 3]) == (0, false))
        #expect(table.insert([]) == (1, false))
        #expect(table.number(of: [1, 2]) == 2)
        #expect(table.number(of: [2, 3]) == nil)
        #expect(table.number(of: [1, 2, 3, 4]) == nil)
        #expect(Array(table.positions(of: 2)).map { table.members[$0] } == [1, 2])
        #expect(table.positions(of: 1).isEmpty)
    }

    /// Thousands of sets, many sharing prefixes and lengths, through several growths of the
    /// slot table: each keeps its number and its members, and sets never added are not found.
    @Test func manySetsKeepTheirNumbersThroughGrowth() {
        var generator = SplitMix64(seed: 7)
        var sets: [[Int32]] = []
        var seen = Set<[Int32]>()
        while sets.count < 5_000 {
            let count = Int.random(in: 0...9, using: &generator)
            let set = Array(Set((0..<count).map { _ in Int32.random(in: 0..<40, using: &generator) })).sorted()
            if seen.insert(set).inserted { sets.append(set) }
        }
        var table = StateSetTable()
        for (number, set) in sets.enumerated() {
            #expect(table.insert(set) == (Int32(number), true))
        }
        #expect(table.count == sets.count)
        for (number, set) in sets.enumerated() {
            #expect(table.number(of: set) == Int32(number))
            #expect(table.positions(of: number).map { table.members[$0] } == set)
        }
        #expect(table.number(of: [40]) == nil)
        #expect(table.number(of: Array(0...39)) == nil)
    }

    /// Moves are kept in the order they are added; grouped by state, each state's moves keep that
    /// order, and an embedded automaton's moves are moved by its offset.
    @Test func theMovesOfAStateKeepTheirOrder() {
        var inner = ByteNFA()
        let innerEnd = inner.addState(accepting: true)
        inner.addEdge(from: inner.start, 0x62, 0x62, to: innerEnd)
        inner.addCall(from: inner.start, rule: 9, to: innerEnd)
        var nfa = ByteNFA()
        let end = nfa.addState(accepting: true)
        nfa.addCall(from: nfa.start, rule: 2, to: end)
        nfa.addEdge(from: end, 0x30, 0x39, to: end)
        nfa.addCall(from: nfa.start, rule: 1, to: end)
        nfa.addEdge(from: nfa.start, 0x61, 0x61, to: end)
        nfa.addEpsilon(from: end, to: end)
        nfa.embed(inner, from: nfa.start, to: end)
        #expect(nfa.stateCount == 4)
        #expect(nfa.epsilons == [.init(source: 0, target: 2), .init(source: 3, target: 1)])
        let moves = nfa.movesByState
        #expect(moves.edgePositions(of: 0).map { moves.edges[$0].low } == [0x61])
        #expect(moves.edgePositions(of: 1).map { moves.edges[$0].target } == [1])
        #expect(moves.edgePositions(of: 2).map { moves.edges[$0] } == [.init(source: 2, target: 3, low: 0x62, high: 0x62)])
        #expect(moves.callPositions(of: 0).map { moves.calls[$0] } == [CallEdge(callee: 2, target: 1), CallEdge(callee: 1, target: 1)])
        #expect(moves.callPositions(of: 2).map { moves.calls[$0] } == [CallEdge(callee: 9, target: 3)])
        #expect(moves.epsilonPositions(of: 3).map { moves.epsilons[$0] } == [1])
        #expect(moves.epsilonPositions(of: 1).isEmpty)
    }

    /// Random automata, determinized by the construction and by the reference below: the same
    /// states in the same order, the same transitions, acceptance and calls.
    @Test(arguments: 0..<40)
    func theConstructionEqualsAPlainOneOnRandomAutomata(_ seed: Int) throws {
        var generator = SplitMix64(seed: UInt64(seed))
        let nfa = Self.randomAutomaton(using: &generator)
        let dfa = try nfa.determinized(stateLimit: 60_000, workLimit: ByteNFA.determinizationWorkLimit, readsDeterministicDirectly: false)
        let reference = Self.plainConstruction(nfa, classOf: dfa.classOf, classCount: dfa.classCount)
        #expect(dfa.stateCount == reference.accepting.count)
        #expect(dfa.accepting == reference.accepting)
        #expect(dfa.transitions == reference.transitions)
        #expect(dfa.calls == reference.calls)
    }

    /// The limits hold: past the states or the closure work allowed, a typed error.
    @Test func theLimitsAreKept() throws {
        let pattern = try RegexPattern("^(a|b)*a(a|b)(a|b)(a|b)(a|b)(a|b)(a|b)$").automaton(jsonEscaped: false)
        #expect(throws: SchemaError.self) { try pattern.determinized(stateLimit: 20) }
        #expect(throws: SchemaError.self) { try pattern.determinized(stateLimit: 60_000, workLimit: 50) }
        #expect(try pattern.determinized().stateCount > 64)
        // No limit at all (what literals ask for), both ways of determinizing.
        let trie = ByteNFA.trie(["alpha", "beta"].map { Array($0.utf8) })
        #expect(try trie.determinized(stateLimit: .max).stateCount == trie.stateCount)
        #expect(try pattern.determinized(stateLimit: .max).stateCount > 64)
    }

    static func randomAutomaton(using generator: inout SplitMix64) -> ByteNFA {
        var nfa = ByteNFA()
        let stateCount = Int.random(in: 2...14, using: &generator)
        for _ in 1..<stateCount { _ = nfa.addState(accepting: Bool.random(using: &generator)) }
        let bytes: [UInt8] = [0x22, 0x30, 0x39, 0x41, 0x5A, 0x61, 0x7A, 0xC3, 0xFF]
        for source in 0..<Int32(stateCount) {
            for _ in 0..<Int.random(in: 0...4, using: &generator) {
                let low = bytes.randomElement(using: &generator)!
                let high = max(low, bytes.randomElement(using: &generator)!)
                nfa.addEdge(from: source, low, high, to: Int32.random(in: 0..<Int32(stateCount), using: &generator))
            }
            for _ in 0..<Int.random(in: 0...2, using: &generator) {
                nfa.addEpsilon(from: source, to: Int32.random(in: 0..<Int32(stateCount), using: &generator))
            }
            if Int.random(in: 0..<4, using: &generator) == 0 {
                nfa.addCall(from: source, rule: Int32.random(in: 0..<3, using: &generator), to: Int32.random(in: 0..<Int32(stateCount), using: &generator))
            }
            if Int.random(in: 0..<12, using: &generator) == 0 { nfa.universalStates.insert(source) }
        }
        return nfa
    }

    /// Subset construction as written plainly: subsets as arrays in a dictionary.
    static func plainConstruction(
        _ nfa: ByteNFA, classOf: [UInt8], classCount: Int
    ) -> (transitions: [Int32], accepting: [Bool], calls: [[CallEdge]]) {
        func epsilonTargets(_ state: Int32) -> [Int32] { nfa.epsilons.filter { $0.source == state }.map(\.target) }
        func closure(_ states: [Int32]) -> [Int32] {
            var seen = Set(states)
            var work = states
            while let state = work.popLast() {
                for next in epsilonTargets(state) where seen.insert(next).inserted { work.append(next) }
            }
            return seen.sorted()
        }
        var index: [[Int32]: Int32] = [:]
        var subsets: [[Int32]] = []
        var universalSubset: [Int32: Int32] = [:]
        func intern(_ kernel: [Int32]) -> Int32 {
            var subset = closure(Array(Set(kernel)).sorted())
            if let universal = firstUniversal(in: kernel) {
                if let known = universalSubset[universal] { return known }
                subset = closure([universal])
                let number = internPlain(subset)
                universalSubset[universal] = number
                return number
            }
            return internPlain(subset)
        }
        func internPlain(_ subset: [Int32]) -> Int32 {
            if let known = index[subset] { return known }
            index[subset] = Int32(subsets.count)
            subsets.append(subset)
            return Int32(subsets.count - 1)
        }
        // The universal state the construction meets first: its closure is walked from the
        // sorted kernel, depth first through the epsilon moves, in the order they were added.
        func firstUniversal(in kernel: [Int32]) -> Int32? {
            guard !nfa.universalStates.isEmpty else { return nil }
            var seen = Set<Int32>()
            var order: [Int32] = []
            for state in Array(Set(kernel)).sorted() where seen.insert(state).inserted { order.append(state) }
            var work = order
            while let state = work.popLast() {
                for next in epsilonTargets(state) where seen.insert(next).inserted {
                    order.append(next)
                    work.append(next)
                }
            }
            return order.first(where: nfa.universalStates.contains)
        }
        _ = intern([nfa.start])
        var transitions: [Int32] = []
        var accepting: [Bool] = []
        var calls: [[CallEdge]] = []
        var next = 0
        while next < subsets.count {
            let subset = subsets[next]
            next += 1
            accepting.append(subset.contains { nfa.accepting[Int($0)] })
            for byteClass in 0..<classCount {
                var kernel: [Int32] = []
                for state in subset {
                    for edge in nfa.edges where edge.source == state && Int(classOf[Int(edge.low)])...Int(classOf[Int(edge.high)]) ~= byteClass {
                        kernel.append(edge.target)
                    }
                }
                transitions.append(kernel.isEmpty ? -1 : intern(kernel))
            }
            var callees: [Int32] = []
            var targets: [Int32: [Int32]] = [:]
            for state in subset {
                for call in nfa.calls where call.source == state {
                    if targets[call.callee] == nil { callees.append(call.callee) }
                    targets[call.callee, default: []].append(call.target)
                }
            }
            calls.append(callees.map { CallEdge(callee: $0, target: intern(targets[$0]!)) })
        }
        return (transitions, accepting, calls)
    }
}
