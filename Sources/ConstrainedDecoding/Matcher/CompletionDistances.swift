/// The fewest bytes that finish a grammar from any parse position: what budget-aware decoding
/// reserves, and how it steers a response to a valid end.
///
/// Computed once per compiled grammar. For every rule, the length of its shortest value; for every
/// automaton state, the fewest bytes to an accepting state (a call costs its callee's shortest
/// value). String and array rules are counted from their bounds. A parse stack's distance is the
/// sum of its frames' distances, since each frame resumes where its callee returns.
///
/// The figures are bytes. Every byte-level vocabulary (GPT-2 and SentencePiece byte fallback alike)
/// has a token for each single byte, so a distance in bytes is also an upper bound on the tokens
/// needed, which is what a token budget must reserve.
struct CompletionDistances: Sendable {
    /// A distance standing for "cannot finish".
    static let unreachable = Int.max / 4

    /// The shortest value of each rule, in bytes.
    private(set) var ruleMinimum: [Int]
    /// For each automaton state (global index), the fewest bytes to acceptance.
    private(set) var stateMinimum: [Int]
    /// For each state of ``JSONStringAutomaton``, the fewest bytes to complete the character being
    /// read (to reach ``JSONStringAutomaton/body``).
    private let stringStateToBody: [Int]
    /// For each rule, one past its last global automaton state (automaton rules own the states
    /// from their base up to the next automaton rule's base).
    private let stateEnd: [Int]

    /// The bytes its arrays hold.
    var byteCount: Int {
        (ruleMinimum.count + stateMinimum.count + stringStateToBody.count + stateEnd.count) * 8
    }

    init(tables: GrammarTables) {
        let ruleCount = tables.ruleKind.count
        ruleMinimum = [Int](repeating: Self.unreachable, count: ruleCount)
        stateMinimum = [Int](repeating: Self.unreachable, count: tables.stateAccepting.count)
        stringStateToBody = Self.stringDistancesToBody()
        var ends = [Int](repeating: tables.stateAccepting.count, count: ruleCount)
        var nextBase = tables.stateAccepting.count
        for rule in (0..<ruleCount).reversed() {
            ends[rule] = nextBase
            if tables.ruleKind[rule] == GrammarTables.kindAutomaton || tables.ruleKind[rule] == GrammarTables.kindCounted {
                nextBase = Int(tables.ruleStateBase[rule])
            }
        }
        stateEnd = ends
        // Rules call each other (recursion included), so iterate until no shortest value shrinks;
        // a rule is visited again only when the shortest value of a rule it calls has shrunk.
        let callers = Self.callers(tables: tables, stateEnd: ends)
        var pending = [Bool](repeating: true, count: ruleCount)
        var anyPending = true
        while anyPending {
            anyPending = false
            for rule in 0..<ruleCount where pending[rule] {
                pending[rule] = false
                let value = minimumOfRule(rule, tables: tables)
                guard value < ruleMinimum[rule] else { continue }
                ruleMinimum[rule] = value
                for caller in callers[rule] {
                    pending[Int(caller)] = true
                    // A caller after this rule is visited later in this pass.
                    if Int(caller) <= rule { anyPending = true }
                }
            }
        }
    }

    /// For each rule, the rules that call it (automaton calls and array items), each once.
    private static func callers(tables: GrammarTables, stateEnd: [Int]) -> [[Int32]] {
        let ruleCount = tables.ruleKind.count
        var callers = [[Int32]](repeating: [], count: ruleCount)
        func add(_ caller: Int, of callee: Int32) {
            if callers[Int(callee)].last != Int32(caller) { callers[Int(callee)].append(Int32(caller)) }
        }
        for rule in 0..<ruleCount {
            switch tables.ruleKind[rule] {
            case GrammarTables.kindAutomaton:
                let calls = Int(tables.stateCallStart[Int(tables.ruleStateBase[rule])])..<Int(tables.stateCallStart[stateEnd[rule]])
                for call in calls { add(rule, of: tables.callCallee[call]) }
            case GrammarTables.kindArray:
                guard let array = tables.arrays[rule] else { continue }
                for item in array.prefixItems { add(rule, of: item) }
                if let items = array.items { add(rule, of: items) }
            default:
                continue
            }
        }
        return callers
    }

    /// The fewest bytes that finish the grammar with `top` on the stack.
    func distance(from top: Frame, arena: [Frame], tables: GrammarTables) -> Int {
        var total = 0
        var frame = top
        while true {
            total += local(frame, tables: tables)
            if total >= Self.unreachable { return Self.unreachable }
            guard frame.parent >= 0 else { return frame.parent == Frame.bottom ? total : Self.unreachable }
            frame = arena[Int(frame.parent)]
        }
    }

    /// The fewest bytes that finish `frame`'s own rule from its state.
    private func local(_ frame: Frame, tables: GrammarTables) -> Int {
        let rule = Int(frame.rule)
        switch tables.ruleKind[rule] {
        case GrammarTables.kindAutomaton:
            return stateMinimum[Int(tables.ruleStateBase[rule] + frame.state)]
        case GrammarTables.kindCounted:
            return Self.counted(tables.counters[rule], state: frame.state, count: frame.counter)
        case GrammarTables.kindString:
            let minimum = Int(tables.stringMin[rule])
            switch frame.state {
            case JSONStringAutomaton.end: return 0
            case JSONStringAutomaton.start: return 2 + minimum
            case JSONStringAutomaton.body: return max(0, minimum - Int(frame.counter)) + 1
            default:
                let toBody = stringStateToBody[Int(frame.state)]
                guard toBody < Self.unreachable else { return Self.unreachable }
                return toBody + max(0, minimum - Int(frame.counter) - 1) + 1
            }
        default:
            guard let array = tables.arrays[rule] else { return Self.unreachable }
            return arrayLocal(array, state: frame.state, count: frame.counter)
        }
    }

    /// The fewest bytes that finish a counted automaton from `state` with `count` characters read.
    private static func counted(_ counter: CharacterCounter?, state: Int32, count: Int32) -> Int {
        guard let counter else { return unreachable }
        let bytes = counter.bytesToFinish(from: Int(state), count: count)
        return bytes >= CharacterCounter.unreachable ? unreachable : Int(bytes)
    }

    /// The fewest bytes that finish an array from a local state with `count` items so far.
    private func arrayLocal(_ array: ArrayRule, state: Int32, count: Int32) -> Int {
        let separator = array.separator.count
        switch state {
        case GrammarTables.arrayEnd:
            return 0
        case 0:
            return ruleMinimumOfArray(array)
        case 1:
            return array.minItems == 0 ? 1 : itemsCost(array, from: 0, firstHasSeparator: false) + 1
        case 2:
            return itemsCost(array, from: count, firstHasSeparator: true) + 1
        case array.itemState:
            return itemsCost(array, from: count, firstHasSeparator: false, atLeastOne: true) + 1
        default:
            // Inside the separator: its remaining bytes, then an item.
            let consumed = Int(state) - 3
            return separator - consumed + itemsCost(array, from: count, firstHasSeparator: false, atLeastOne: true) + 1
        }
    }

    /// The bytes of the items from position `from` up to the minimum count (at least one item
    /// when `atLeastOne`), separators included.
    private func itemsCost(_ array: ArrayRule, from: Int32, firstHasSeparator: Bool, atLeastOne: Bool = false) -> Int {
        let end = max(array.minItems, atLeastOne ? from + 1 : from)
        guard end <= array.effectiveMaxItems || end <= from else { return Self.unreachable }
        var total = 0
        var position = from
        while position < end {
            guard let item = array.itemRule(at: position) else { return Self.unreachable }
            let value = ruleMinimum[Int(item)]
            guard value < Self.unreachable else { return Self.unreachable }
            total += value
            if position > from || firstHasSeparator { total += array.separator.count }
            position += 1
        }
        return total
    }

    private func ruleMinimumOfArray(_ array: ArrayRule) -> Int {
        guard array.minItems <= array.effectiveMaxItems else { return Self.unreachable }
        let items = array.minItems == 0 ? 0 : itemsCost(array, from: 0, firstHasSeparator: false)
        return items >= Self.unreachable ? Self.unreachable : items + 2
    }

    /// The shortest value of `rule` under the current rule minimums; updates its states'
    /// distances when it is an automaton.
    private mutating func minimumOfRule(_ rule: Int, tables: GrammarTables) -> Int {
        switch tables.ruleKind[rule] {
        case GrammarTables.kindString:
            let (minimum, maximum) = (tables.stringMin[rule], tables.stringMax[rule])
            return minimum <= maximum ? Int(minimum) + 2 : Self.unreachable
        case GrammarTables.kindAutomaton:
            relaxAutomaton(rule, tables: tables)
            return stateMinimum[Int(tables.ruleStateBase[rule])]
        case GrammarTables.kindCounted:
            return Self.counted(tables.counters[rule], state: 0, count: 0)
        default:
            guard let array = tables.arrays[rule] else { return Self.unreachable }
            return ruleMinimumOfArray(array)
        }
    }

    /// Shortest distances to acceptance for one automaton's states (Bellman-Ford over its edges:
    /// a byte costs one, a call its callee's shortest value).
    private mutating func relaxAutomaton(_ rule: Int, tables: GrammarTables) {
        let base = Int(tables.ruleStateBase[rule])
        let end = stateEnd[rule]
        let classCount = Int(tables.ruleClassCount[rule])
        for state in base..<end where tables.stateAccepting[state] { stateMinimum[state] = 0 }
        // Without a cycle but with moves leading back to earlier states (an enum's values sharing
        // their endings), passes from the last state back would each settle a few more states.
        // Should the search meet a cycle after all, its distances are bounds the passes below finish.
        if tables.ruleIsAcyclic[rule], relaxInFinishingOrder(rule, tables: tables) { return }
        var changed = true
        while changed {
            changed = false
            // States are numbered outwards from the start, so distances to acceptance settle in
            // few passes when visited from the last state back. When no move leads back to an
            // earlier state (a trie, most objects), every target is final before its sources are
            // visited: one pass is exact, and the pass that would confirm it is skipped.
            var leadsBack = false
            for state in (base..<end).reversed() {
                var best = stateMinimum[state]
                let local = Int32(state - base)
                let transitionBase = Int(tables.stateTransitionBase[state])
                for byteClass in 0..<classCount {
                    let target = tables.transitions[transitionBase + byteClass]
                    if target >= 0 {
                        if target < local { leadsBack = true }
                        let candidate = stateMinimum[base + Int(target)] + 1
                        if candidate < best { best = candidate }
                    }
                }
                for call in Int(tables.stateCallStart[state])..<Int(tables.stateCallStart[state + 1]) {
                    let target = tables.callTarget[call]
                    if target <= local { leadsBack = true }
                    let callee = ruleMinimum[Int(tables.callCallee[call])]
                    let rest = stateMinimum[base + Int(target)]
                    if callee < Self.unreachable, rest < Self.unreachable, callee + rest < best { best = callee + rest }
                }
                if best < stateMinimum[state] {
                    stateMinimum[state] = best
                    changed = true
                }
            }
            if !leadsBack { break }
        }
    }

    /// Shortest distances to acceptance for one automaton's states, from the distances found so
    /// far, visiting each state after the states it moves to: a depth-first search takes a
    /// state's distance when it finishes it, from the states it moves to, finished before it.
    /// Where no move closes a cycle (an enum's values sharing their endings), that one reading of
    /// the table is exact and the result is true; otherwise the distances found are upper bounds
    /// and the result is false.
    private mutating func relaxInFinishingOrder(_ rule: Int, tables: GrammarTables) -> Bool {
        let base = Int(tables.ruleStateBase[rule])
        let count = stateEnd[rule] - base
        let classCount = Int(tables.ruleClassCount[rule])
        let unreachable = Self.unreachable
        // 0 unvisited, 1 on the search's path, 2 finished.
        var mark = [UInt8](repeating: 0, count: count)
        var closesCycle = false
        // The path: each state, the next of its moves to follow (classes, then calls), the
        // shortest distance found through the moves followed so far, and what the move from the
        // state before it costs (1 for a byte, the callee's shortest value for a call).
        var path: [(state: Int32, next: Int32, best: Int, cost: Int)] = []
        tables.transitions.withUnsafeBufferPointer { transitions in
            stateMinimum.withUnsafeMutableBufferPointer { distance in
                for root in 0..<count where mark[root] == 0 {
                    mark[root] = 1
                    path.append((Int32(root), 0, distance[base + root], 0))
                    while let (state, next, best, cost) = path.last {
                        let row = Int(tables.stateTransitionBase[base + Int(state)])
                        let callStart = Int(tables.stateCallStart[base + Int(state)])
                        let callCount = Int(tables.stateCallStart[base + Int(state) + 1]) - callStart
                        var move = Int(next)
                        var shortest = best
                        var target = -1
                        var targetCost = 0
                        while move < classCount + callCount {
                            let candidate: Int
                            let moveCost: Int
                            if move < classCount {
                                candidate = Int(transitions[row + move])
                                moveCost = 1
                            } else {
                                candidate = Int(tables.callTarget[callStart + move - classCount])
                                moveCost = ruleMinimum[Int(tables.callCallee[callStart + move - classCount])]
                            }
                            move += 1
                            guard candidate >= 0 else { continue }
                            if mark[candidate] == 0 {
                                target = candidate
                                targetCost = moveCost
                                break
                            }
                            if mark[candidate] == 1 { closesCycle = true }
                            let rest = distance[base + candidate]
                            if moveCost < unreachable, rest < unreachable, moveCost + rest < shortest { shortest = moveCost + rest }
                        }
                        path[path.count - 1].next = Int32(move)
                        path[path.count - 1].best = shortest
                        if target >= 0 {
                            mark[target] = 1
                            path.append((Int32(target), 0, distance[base + target], targetCost))
                        } else {
                            mark[Int(state)] = 2
                            distance[base + Int(state)] = shortest
                            path.removeLast()
                            if !path.isEmpty, cost < unreachable, shortest < unreachable, cost + shortest < path[path.count - 1].best {
                                path[path.count - 1].best = cost + shortest
                            }
                        }
                    }
                }
            }
        }
        return !closesCycle
    }

    /// Breadth-first distances from each string-automaton state to ``JSONStringAutomaton/body``.
    private static func stringDistancesToBody() -> [Int] {
        let count = JSONStringAutomaton.stateCount
        var distance = [Int](repeating: unreachable, count: count)
        distance[Int(JSONStringAutomaton.body)] = 0
        var changed = true
        while changed {
            changed = false
            for state in 0..<count where state != Int(JSONStringAutomaton.body) && state != Int(JSONStringAutomaton.end) {
                for byte in 0...255 {
                    let target = JSONStringAutomaton.next(Int32(state), UInt8(byte))
                    guard target >= 0, target != JSONStringAutomaton.end else { continue }
                    let candidate = distance[Int(target)] + 1
                    if candidate < distance[state] {
                        distance[state] = candidate
                        changed = true
                    }
                }
            }
        }
        return distance
    }
}
