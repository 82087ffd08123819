/// The moves of a ``ByteNFA`` grouped by the state they leave, each group in the order the moves
/// were added: the edges of `state` are `edges[edgeStart[state]..<edgeStart[state + 1]]`, and
/// likewise its epsilon moves and calls. Built once, in two passes over each kind of move, for the
/// walks that go state by state (subset construction, reading a deterministic automaton).
struct MovesByState {
    private(set) var edgeStart: [Int]
    private(set) var edges: [ByteNFA.Edge]
    private(set) var epsilonStart: [Int]
    /// The targets of the epsilon moves.
    private(set) var epsilons: [Int32]
    private(set) var callStart: [Int]
    private(set) var calls: [CallEdge]

    init(_ nfa: ByteNFA) {
        let stateCount = nfa.stateCount
        (edgeStart, edges) = Self.grouped(nfa.edges, stateCount: stateCount, source: { $0.source }, value: { $0 })
        (epsilonStart, epsilons) = Self.grouped(nfa.epsilons, stateCount: stateCount, source: { $0.source }, value: { $0.target })
        (callStart, calls) = Self.grouped(
            nfa.calls, stateCount: stateCount, source: { $0.source }, value: { CallEdge(callee: $0.callee, target: $0.target) })
    }

    /// The positions in ``edges`` of the edges leaving `state`.
    func edgePositions(of state: Int) -> Range<Int> { edgeStart[state]..<edgeStart[state + 1] }

    /// The positions in ``epsilons`` of the epsilon moves leaving `state`.
    func epsilonPositions(of state: Int) -> Range<Int> { epsilonStart[state]..<epsilonStart[state + 1] }

    /// The positions in ``calls`` of the calls leaving `state`.
    func callPositions(of state: Int) -> Range<Int> { callStart[state]..<callStart[state + 1] }

    /// `moves` sorted by source, stably (a counting sort), with each source's first position.
    private static func grouped<Move, Value>(
        _ moves: [Move], stateCount: Int, source: (Move) -> Int32, value: (Move) -> Value
    ) -> ([Int], [Value]) {
        var start = [Int](repeating: 0, count: stateCount + 1)
        for move in moves { start[Int(source(move)) + 1] += 1 }
        for state in 0..<stateCount { start[state + 1] += start[state] }
        guard let first = moves.first else { return (start, []) }
        var fill = start
        var values = [Value](repeating: value(first), count: moves.count)
        for move in moves {
            let state = Int(source(move))
            values[fill[state]] = value(move)
            fill[state] += 1
        }
        return (start, values)
    }
}

extension ByteNFA {
    /// The moves grouped by the state they leave.
    var movesByState: MovesByState { MovesByState(self) }
}
