/// The moves into each state of an automaton, in one flat array grouped by target: the sources of
/// the moves into `state` are `sources[firstSource[state]..<firstSource[state + 1]]`. One array
/// for all states, where an array per state would cost an allocation each on automata of tens of
/// thousands of states.
struct ReverseEdges {
    var firstSource: [Int32]
    var sources: [Int32]

    /// The states from which a state marked in `targets` can be reached (those states included):
    /// with the accepting states as targets, the states that can still finish.
    func statesReaching(_ targets: [Bool]) -> [Bool] {
        var reached = targets
        var work = targets.indices.filter { targets[$0] }.map { Int32($0) }
        while let state = work.popLast() {
            for position in Int(firstSource[Int(state)])..<Int(firstSource[Int(state) + 1]) {
                let source = Int(sources[position])
                if !reached[source] {
                    reached[source] = true
                    work.append(Int32(source))
                }
            }
        }
        return reached
    }
}
