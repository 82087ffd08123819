/// Subset construction over byte classes: the deterministic automaton equivalent to a
/// ``ByteNFA`` (see ``ByteNFA/determinized(stateLimit:workLimit:)``).
///
/// Its working data is flat: the automaton's moves are grouped by state once (``MovesByState``),
/// subsets and kernels are kept in ``StateSetTable``s, and the targets of a subset are bucketed
/// by byte class into one reused array. The loops therefore neither allocate nor retain an array
/// per state, subset or class.
struct SubsetConstruction {
    private let classOf: [UInt8]
    private let classCount: Int
    private let moves: MovesByState
    private let accepting: [Bool]
    private let isUniversal: [Bool]
    private let hasUniversalStates: Bool

    /// The subsets found so far, numbered as the result's states.
    private var subsets = StateSetTable()
    /// Kernels (the states a move reaches before their closure) that have epsilon moves, and the
    /// subset each one's closure is: a kernel seen before skips its closure, which is far larger
    /// than the kernel when many states hang off epsilon moves (an unanchored pattern's `.*`
    /// restarts every branch).
    private var kernels = StateSetTable()
    private var kernelSubsets: [Int32] = []
    /// A closure holding a universal state accepts what that state accepts: it becomes that
    /// state's own closure, found once.
    private var universalSubsets: [Int32: Int32] = [:]

    // Scratch, reused from subset to subset.
    private var stamps: [UInt32]
    private var stamp: UInt32 = 0
    private var work: [Int32] = []
    private var kernel: [Int32] = []
    private var closure: [Int32] = []
    /// Per class, how many targets the current subset has on it, and where they start in
    /// ``targetsByClass``; only the classes in ``touchedClasses`` (in class order) have any.
    private var classTally: [Int]
    private var classStart: [Int]
    private var touchedClasses: [Int] = []
    private var targetsByClass: [Int32] = []

    /// Closure elements built so far: what the construction's time grows with.
    private(set) var closureElements = 0

    /// Prepares the construction for `nfa`, whose moves grouped by state are `moves`.
    init(_ nfa: ByteNFA, moves: MovesByState, classOf: [UInt8], classCount: Int) {
        self.classOf = classOf
        self.classCount = classCount
        let stateCount = nfa.stateCount
        self.moves = moves
        accepting = nfa.accepting
        var isUniversal = [Bool](repeating: false, count: stateCount)
        for state in nfa.universalStates { isUniversal[Int(state)] = true }
        self.isUniversal = isUniversal
        hasUniversalStates = !nfa.universalStates.isEmpty
        stamps = [UInt32](repeating: 0, count: stateCount)
        classTally = [Int](repeating: 0, count: classCount)
        classStart = [Int](repeating: 0, count: classCount)
    }

    /// Runs the construction from `start`.
    /// - Throws: ``SchemaError/tooLarge(keyword:path:reason:)`` past `stateLimit` states or
    ///   `workLimit` closure elements.
    mutating func run(from start: Int32, stateLimit: Int, workLimit: Int) throws(SchemaError) -> ByteDFA {
        var transitions: [Int32] = []
        var acceptingStates: [Bool] = []
        var callLists: [[CallEdge]] = []
        kernel = [start]
        _ = closureSubset()
        var next = 0
        while next < subsets.count {
            guard subsets.count <= stateLimit else {
                throw .tooLarge(keyword: "automaton", path: "", reason: "more than \(stateLimit) states")
            }
            guard closureElements <= workLimit else {
                throw .tooLarge(keyword: "automaton", path: "", reason: "determinizing takes more than \(workLimit) closure steps")
            }
            let members = subsets.positions(of: next)
            next += 1
            acceptingStates.append(members.contains { accepting[Int(subsets.members[$0])] })
            bucketTargets(of: members)
            // A row of -1, then the classes with targets. Neighbouring classes often reach the
            // same states (an edge over a range of classes): a bucket equal to the one before has
            // its target.
            let row = transitions.count
            transitions += repeatElement(-1, count: classCount)
            var previous = 0..<0
            var previousTarget: Int32 = -1
            for byteClass in touchedClasses {
                let bucket = classStart[byteClass]..<(classStart[byteClass] + classTally[byteClass])
                if bucket.count != previous.count || !bucketsAreEqual(bucket, previous) {
                    kernel.removeAll(keepingCapacity: true)
                    kernel += targetsByClass[bucket]
                    previousTarget = target()
                    previous = bucket
                }
                transitions[row + byteClass] = previousTarget
            }
            callLists.append(callEdges(of: members))
        }
        return ByteDFA(classOf: classOf, classCount: classCount, transitions: transitions, accepting: acceptingStates, calls: callLists)
    }

    /// Puts the targets of the members' edges in ``targetsByClass``, grouped by byte class: the
    /// targets on class `c` are the ``classTally``[c] from ``classStart``[c], for each class `c`
    /// of ``touchedClasses``. An edge covers the classes from its low byte's to its high byte's
    /// (classes never straddle an edge's bounds).
    private mutating func bucketTargets(of members: Range<Int>) {
        for byteClass in touchedClasses { classTally[byteClass] = 0 }
        touchedClasses.removeAll(keepingCapacity: true)
        for position in members {
            let state = Int(subsets.members[position])
            for position in moves.edgePositions(of: state) {
                let edge = moves.edges[position]
                for byteClass in Int(classOf[Int(edge.low)])...Int(classOf[Int(edge.high)]) {
                    if classTally[byteClass] == 0 { touchedClasses.append(byteClass) }
                    classTally[byteClass] += 1
                }
            }
        }
        touchedClasses.sort()
        var total = 0
        for byteClass in touchedClasses {
            classStart[byteClass] = total
            total += classTally[byteClass]
        }
        if targetsByClass.count < total { targetsByClass += repeatElement(0, count: total - targetsByClass.count) }
        // Filling moves each class's start to its end; the starts are then moved back.
        for position in members {
            let state = Int(subsets.members[position])
            for position in moves.edgePositions(of: state) {
                let edge = moves.edges[position]
                for byteClass in Int(classOf[Int(edge.low)])...Int(classOf[Int(edge.high)]) {
                    targetsByClass[classStart[byteClass]] = edge.target
                    classStart[byteClass] += 1
                }
            }
        }
        for byteClass in touchedClasses { classStart[byteClass] -= classTally[byteClass] }
    }

    /// Whether two buckets of ``targetsByClass`` hold the same targets in the same order.
    private func bucketsAreEqual(_ first: Range<Int>, _ second: Range<Int>) -> Bool {
        for offset in 0..<first.count where targetsByClass[first.lowerBound + offset] != targetsByClass[second.lowerBound + offset] {
            return false
        }
        return true
    }

    /// One call edge per distinct callee of the members, in the order the callees first appear.
    private mutating func callEdges(of members: Range<Int>) -> [CallEdge] {
        guard members.contains(where: { !moves.callPositions(of: Int(subsets.members[$0])).isEmpty }) else { return [] }
        var byCallee: [Int32: [Int32]] = [:]
        var calleeOrder: [Int32] = []
        for position in members {
            for callPosition in moves.callPositions(of: Int(subsets.members[position])) {
                let call = moves.calls[callPosition]
                if byCallee[call.callee] == nil { calleeOrder.append(call.callee) }
                byCallee[call.callee, default: []].append(call.target)
            }
        }
        var stateCalls: [CallEdge] = []
        for callee in calleeOrder {
            kernel = byCallee[callee] ?? []
            stateCalls.append(CallEdge(callee: callee, target: target()))
        }
        return stateCalls
    }

    /// The subset reached through ``kernel`` (sorted and freed of repeats here): a kernel without
    /// epsilon moves is its own closure; one with them is looked up among the kernels seen.
    private mutating func target() -> Int32 {
        kernel.sort()
        var write = 0
        for read in kernel.indices where write == 0 || kernel[read] != kernel[write - 1] {
            kernel[write] = kernel[read]
            write += 1
        }
        kernel.removeLast(kernel.count - write)
        guard kernel.contains(where: { !moves.epsilonPositions(of: Int($0)).isEmpty }) else {
            // Without epsilon moves the kernel is its own closure, sorted already.
            guard hasUniversalStates else {
                closureElements += kernel.count
                return subsets.insert(kernel).number
            }
            return closureSubset()
        }
        if let known = kernels.number(of: kernel) { return kernelSubsets[Int(known)] }
        let subset = closureSubset()
        _ = kernels.insert(kernel)
        kernelSubsets.append(subset)
        return subset
    }

    /// The number of the subset that is ``kernel``'s epsilon closure, added if new.
    private mutating func closureSubset() -> Int32 {
        fillClosure(of: kernel)
        closureElements += closure.count
        if hasUniversalStates, let universal = closure.first(where: { isUniversal[Int($0)] }) {
            if let known = universalSubsets[universal] { return known }
            fillClosure(of: [universal])
            closure.sort()
            let subset = subsets.insert(closure).number
            universalSubsets[universal] = subset
            return subset
        }
        closure.sort()
        return subsets.insert(closure).number
    }

    /// Puts the epsilon closure of `states` in ``closure``, unordered; a stamp per state marks
    /// those already in it.
    private mutating func fillClosure(of states: [Int32]) {
        if stamp == .max {
            for index in stamps.indices { stamps[index] = 0 }
            stamp = 0
        }
        stamp += 1
        closure.removeAll(keepingCapacity: true)
        for state in states where stamps[Int(state)] != stamp {
            stamps[Int(state)] = stamp
            closure.append(state)
        }
        work += closure
        while let state = work.popLast() {
            for position in moves.epsilonPositions(of: Int(state)) {
                let next = moves.epsilons[position]
                guard stamps[Int(next)] != stamp else { continue }
                stamps[Int(next)] = stamp
                closure.append(next)
                work.append(next)
            }
        }
    }
}
