/// The rules of a grammar flattened into plain arrays for the matcher's hot loops.
struct GrammarTables: Sendable {
    static let kindAutomaton: UInt8 = 0
    static let kindString: UInt8 = 1
    static let kindArray: UInt8 = 2
    /// An automaton whose frames count characters beside it (``CharacterCounter``); its bounds
    /// are in ``stringMin`` and ``stringMax``.
    static let kindCounted: UInt8 = 3
    /// Local state of an array rule after its closing bracket.
    static let arrayEnd: Int32 = 3

    var root: Int32
    var ruleKind: [UInt8] = []
    // Automaton rules.
    var ruleStateBase: [Int32] = []
    var ruleClassBase: [Int32] = []
    var ruleClassCount: [Int32] = []
    var classMap: [UInt8] = []
    var stateTransitionBase: [Int32] = []
    var transitions: [Int32] = []
    var stateAccepting: [Bool] = []
    var stateCallStart: [Int32] = []
    var callCallee: [Int32] = []
    var callTarget: [Int32] = []
    // String rules, and the bounds of counted automata.
    var stringMin: [Int32] = []
    var stringMax: [Int32] = []
    // Counted automata.
    /// Per rule: its counter, nil for every other kind (for the completion distances).
    var counters: [CharacterCounter?] = []
    /// Per rule: where its counter's character distances start in ``counterCharacters``.
    var counterBase: [Int32] = []
    /// Per rule: its counted automaton's state count (0 for other rules).
    var counterStateCount: [Int32] = []
    /// Per rule: its counter's highest count in the shared range (``LengthCounts`` describes it),
    /// -1 when none is shared.
    var counterSharedUpTo: [Int32] = []
    /// Per automaton state (global index): its ``CharacterCounter/Role`` (outside for uncounted rules).
    var stateCountRole: [UInt8] = []
    /// The counters' character distances, each rule's `(minimum + 1) * stateCount` in a row.
    var counterCharacters: [Int32] = []
    // Array rules.
    var arrays: [ArrayRule?] = []
    /// Whether some array rule keeps its items distinct (``ArrayRule/uniqueItems``).
    var hasUniqueArrays: Bool { arrays.contains { $0?.uniqueItems == true } }
    // Analysis.
    var ruleNullable: [Bool] = []
    /// 256-bit sets, four words per rule: bytes that can begin a value of the rule.
    var ruleFirst: [UInt64] = []
    /// Four words per automaton state: the bytes on which the state loops to itself (none when
    /// the state has calls), or in a length-bounded string's shared range keeps its shape; lets a
    /// trie walk accept a whole subtree of such bytes at once.
    var stateLoop: [UInt64] = []
    /// Four words per automaton state: the bytes of its run through a chain of states (see
    /// ``runs(of:)``), and in ``stateRunLength`` how many of them in a row it takes for sure.
    var stateRunBytes: [UInt64] = []
    var stateRunLength: [UInt16] = []
    /// Per automaton state (global index): the local state whose mask-cache entry it uses, itself
    /// unless a length-bounded string makes several states accept the same tokens (``LengthCounts``).
    var stateMaskState: [Int32] = []
    /// Per rule: whether it is an automaton known to have no cycle (``ByteDFA/isAcyclic``).
    var ruleIsAcyclic: [Bool] = []

    /// The bytes its arrays hold, about (array rules counted by their references only).
    var byteCount: Int {
        let words32 =
            ruleStateBase.count + ruleClassBase.count + ruleClassCount.count + stateTransitionBase.count
            + transitions.count + stateCallStart.count + callCallee.count + callTarget.count + stringMin.count + stringMax.count
            + stateMaskState.count
        let counterWords32 = counterBase.count + counterStateCount.count + counterSharedUpTo.count + counterCharacters.count
        return (words32 + counterWords32) * 4 + ruleKind.count + ruleIsAcyclic.count + classMap.count + stateAccepting.count + ruleNullable.count
            + stateCountRole.count
            + (ruleFirst.count + stateLoop.count + stateRunBytes.count) * 8 + stateRunLength.count * 2 + arrays.count * 16
    }

    /// Flattens `rules`; `longestToken` (the vocabulary's longest token, in bytes) lets states of a
    /// length-bounded string share mask-cache entries, none do without it.
    init(rules: [GrammarRule], root: Int32, longestToken: Int? = nil) {
        self.root = root
        reserveCapacity(for: rules)
        // Each automaton's class byte sets, made once for flattening, runs and analysis.
        var classBytesOfRule: [[UInt64]] = []
        classBytesOfRule.reserveCapacity(rules.count)
        for rule in rules {
            switch rule {
            case .automaton(let dfa):
                ruleKind.append(dfa.characterCounter == nil ? GrammarTables.kindAutomaton : GrammarTables.kindCounted)
                appendCounter(dfa.characterCounter, longestToken: longestToken)
                ruleIsAcyclic.append(dfa.isAcyclic)
                ruleStateBase.append(Int32(stateAccepting.count))
                ruleClassBase.append(Int32(classMap.count))
                ruleClassCount.append(Int32(dfa.classCount))
                classMap += dfa.classOf
                let classBytes = dfa.classByteSets
                classBytesOfRule.append(classBytes)
                let shapes = dfa.lengthCounts?.shape
                stateMaskState += Self.maskStates(of: dfa, longestToken: longestToken)
                let runs = Self.runs(of: dfa, classBytes: classBytes)
                stateRunBytes += runs.bytes
                stateRunLength += runs.lengths
                // The rule's rows are consecutive: one copy of its table, its rows' bases by count.
                let firstRow = transitions.count
                transitions += dfa.transitions
                stateAccepting += dfa.accepting
                if dfa.characterCounter == nil { stateCountRole += repeatElement(0, count: dfa.stateCount) }
                for state in 0..<dfa.stateCount {
                    stateTransitionBase.append(Int32(firstRow + state * dfa.classCount))
                    let loopStart = stateLoop.count
                    // Four words, appended one by one (not through the generic append of a
                    // repeated element).
                    stateLoop.append(0); stateLoop.append(0); stateLoop.append(0); stateLoop.append(0)
                    if dfa.calls[state].isEmpty {
                        // In a length-bounded string's shared range, a byte that keeps the shape
                        // loops as far as a token goes: the count it adds cannot reach the maximum.
                        let shape = Self.sharedShape(of: state, in: dfa, longestToken: longestToken)
                        var loop: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
                        dfa.transitions.withUnsafeBufferPointer { transitions in
                            let row = state * dfa.classCount
                            for byteClass in 0..<dfa.classCount {
                                let target = transitions[row + byteClass]
                                guard target == Int32(state) || (shape != nil && target >= 0 && shapes?[Int(target)] == shape) else {
                                    continue
                                }
                                loop.0 |= classBytes[byteClass * 4]
                                loop.1 |= classBytes[byteClass * 4 + 1]
                                loop.2 |= classBytes[byteClass * 4 + 2]
                                loop.3 |= classBytes[byteClass * 4 + 3]
                            }
                        }
                        stateLoop[loopStart] = loop.0
                        stateLoop[loopStart + 1] = loop.1
                        stateLoop[loopStart + 2] = loop.2
                        stateLoop[loopStart + 3] = loop.3
                    }
                    stateCallStart.append(Int32(callCallee.count))
                    for call in dfa.calls[state] {
                        callCallee.append(call.callee)
                        callTarget.append(call.target)
                    }
                }
                stringMin.append(dfa.characterCounter?.minimum ?? 0)
                stringMax.append(dfa.characterCounter?.maximum ?? 0)
                arrays.append(nil)
            case .jsonString(let string):
                classBytesOfRule.append([])
                ruleKind.append(GrammarTables.kindString)
                ruleIsAcyclic.append(false)
                ruleStateBase.append(0); ruleClassBase.append(0); ruleClassCount.append(0)
                stringMin.append(string.minLength); stringMax.append(string.maxLength); arrays.append(nil)
                appendCounter(nil, longestToken: longestToken)
            case .array(let array):
                classBytesOfRule.append([])
                ruleKind.append(GrammarTables.kindArray)
                ruleIsAcyclic.append(false)
                ruleStateBase.append(0); ruleClassBase.append(0); ruleClassCount.append(0)
                stringMin.append(0); stringMax.append(0); arrays.append(array)
                appendCounter(nil, longestToken: longestToken)
            }
        }
        stateCallStart.append(Int32(callCallee.count))
        analyse(rules, classBytesOfRule: classBytesOfRule)
    }

    /// Appends a rule's counter (nil for a rule without one): its states' roles and its distances
    /// (its bounds go to ``stringMin`` and ``stringMax`` with the rule's).
    private mutating func appendCounter(_ counter: CharacterCounter?, longestToken: Int?) {
        counters.append(counter)
        counterBase.append(Int32(counterCharacters.count))
        counterStateCount.append(Int32(counter?.stateCount ?? 0))
        guard let counter else {
            counterSharedUpTo.append(-1)
            return
        }
        stateCountRole += counter.roles.map(\.rawValue)
        counterCharacters += counter.characters
        // In the shared range no token can reach the maximum, and any state can still finish.
        if let longestToken {
            let upTo = Int(counter.maximum) - longestToken - Int(counter.slack)
            counterSharedUpTo.append(Int32(clamping: max(-1, upTo)))
        } else {
            counterSharedUpTo.append(-1)
        }
    }

    /// Reserves what the arrays will hold once `rules` are flattened: growing them copied the
    /// tables of large grammars several times over.
    private mutating func reserveCapacity(for rules: [GrammarRule]) {
        var states = 0
        var cells = 0
        var classMaps = 0
        var calls = 0
        for case .automaton(let dfa) in rules {
            states += dfa.stateCount
            cells += dfa.transitions.count
            classMaps += dfa.classOf.count
            for list in dfa.calls { calls += list.count }
        }
        ruleStateBase.reserveCapacity(rules.count)
        ruleClassBase.reserveCapacity(rules.count)
        ruleClassCount.reserveCapacity(rules.count)
        stringMin.reserveCapacity(rules.count)
        stringMax.reserveCapacity(rules.count)
        ruleKind.reserveCapacity(rules.count)
        ruleIsAcyclic.reserveCapacity(rules.count)
        arrays.reserveCapacity(rules.count)
        classMap.reserveCapacity(classMaps)
        transitions.reserveCapacity(cells)
        stateAccepting.reserveCapacity(states)
        stateTransitionBase.reserveCapacity(states)
        stateMaskState.reserveCapacity(states)
        stateCountRole.reserveCapacity(states)
        stateCallStart.reserveCapacity(states + 1)
        stateRunLength.reserveCapacity(states)
        stateRunBytes.reserveCapacity(states * 4)
        stateLoop.reserveCapacity(states * 4)
        callCallee.reserveCapacity(calls)
        callTarget.reserveCapacity(calls)
    }

    /// The shape of `state` when it lies in its length-bounded string's shared range, else nil.
    private static func sharedShape(of state: Int, in dfa: ByteDFA, longestToken: Int?) -> Int32? {
        guard let counts = dfa.lengthCounts, let longestToken, counts.shape[state] >= 0,
            counts.isInSharedRange(state, longestToken: longestToken)
        else { return nil }
        return counts.shape[state]
    }

    /// For each state of `dfa`, the state whose mask it shares: the first state of its shape in
    /// the shared range of a length-bounded string, itself otherwise.
    private static func maskStates(of dfa: ByteDFA, longestToken: Int?) -> [Int32] {
        var result = (0..<dfa.stateCount).map { Int32($0) }
        guard let counts = dfa.lengthCounts, let longestToken else { return result }
        var first: [Int32: Int32] = [:]
        for state in 0..<dfa.stateCount where counts.shape[state] >= 0 && counts.isInSharedRange(state, longestToken: longestToken) {
            if let known = first[counts.shape[state]] {
                result[state] = known
            } else {
                first[counts.shape[state]] = Int32(state)
            }
        }
        return result
    }

    /// Computes nullable rules and first-byte sets by fixpoint iteration, given each automaton's
    /// class byte sets (empty for the other kinds of rule).
    private mutating func analyse(_ rules: [GrammarRule], classBytesOfRule: [[UInt64]]) {
        let count = rules.count
        ruleNullable = [Bool](repeating: false, count: count)
        ruleFirst = [UInt64](repeating: 0, count: count * 4)
        var changed = true
        while changed {
            changed = false
            for (index, rule) in rules.enumerated() {
                var first: [UInt64] = [0, 0, 0, 0]
                var nullable = false
                func add(_ byte: UInt8) { first[Int(byte >> 6)] |= 1 << UInt64(byte & 63) }
                switch rule {
                case .jsonString: add(UInt8(ascii: "\""))
                case .array: add(UInt8(ascii: "["))
                case .automaton(let dfa):
                    // States reachable from the start without consuming a byte.
                    let classBytes = classBytesOfRule[index]
                    var seen: Set<Int32> = [0]
                    var work: [Int32] = [0]
                    while let state = work.popLast() {
                        if dfa.accepting[Int(state)] { nullable = true }
                        for byteClass in 0..<dfa.classCount where dfa.transitions[Int(state) * dfa.classCount + byteClass] >= 0 {
                            for word in 0..<4 { first[word] |= classBytes[byteClass * 4 + word] }
                        }
                        for call in dfa.calls[Int(state)] {
                            for word in 0..<4 { first[word] |= ruleFirst[Int(call.callee) * 4 + word] }
                            if ruleNullable[Int(call.callee)], seen.insert(call.target).inserted { work.append(call.target) }
                        }
                    }
                }
                for word in 0..<4 where ruleFirst[index * 4 + word] | first[word] != ruleFirst[index * 4 + word] {
                    ruleFirst[index * 4 + word] |= first[word]
                    changed = true
                }
                if nullable && !ruleNullable[index] { ruleNullable[index] = true; changed = true }
            }
        }
    }

    @inline(__always)
    func canBegin(_ rule: Int32, with byte: UInt8) -> Bool {
        ruleNullable[Int(rule)] || ruleFirst[Int(rule) &* 4 &+ Int(byte >> 6)] & (1 << UInt64(byte & 63)) != 0
    }
}

extension Grammar {
    /// Removes call edges to rules that admit no value and states that cannot finish, and refuses
    /// left recursion; throws when the root admits nothing.
    package func validated() throws(SchemaError) -> Grammar {
        var productive = [Bool](repeating: false, count: rules.count)
        var changed = true
        while changed {
            changed = false
            for (index, rule) in rules.enumerated() where !productive[index] {
                let isProductive: Bool
                switch rule {
                case .jsonString(let string): isProductive = string.minLength <= string.maxLength
                case .array(let array):
                    if array.minItems == 0 { isProductive = true; break }
                    var ok = array.minItems <= array.effectiveMaxItems
                    for position in 0..<Int(array.minItems) where ok {
                        if let item = array.itemRule(at: Int32(position)) { ok = productive[Int(item)] } else { ok = false }
                    }
                    isProductive = ok
                case .automaton(let dfa):
                    // A trimmed automaton whose callees all admit a value reaches acceptance from
                    // its start; others are searched.
                    isProductive =
                        (dfa.isTrimmed && dfa.callsOnlyProductiveRules(productive)) || dfa.acceptsSomeText(productive: productive)
                }
                if isProductive { productive[index] = true; changed = true }
            }
        }
        guard productive[Int(root)] else {
            throw .unsatisfiable(keyword: "schema", path: "#", reason: "no finite JSON value satisfies the schema")
        }
        var result = self
        for (index, rule) in rules.enumerated() {
            // A trimmed automaton whose callees all admit a value has no dead state to remove.
            guard case .automaton(var dfa) = rule, !(dfa.isTrimmed && dfa.callsOnlyProductiveRules(productive)) else { continue }
            let live = dfa.liveStates(productive: productive)
            let cutsCalls = dfa.calls.contains { $0.contains { !productive[Int($0.callee)] || !live[Int($0.target)] } }
            // Most automata keep every state: rewriting them would copy their tables.
            guard cutsCalls || live.contains(false) else { continue }
            for slot in dfa.transitions.indices where dfa.transitions[slot] >= 0 && !live[Int(dfa.transitions[slot])] {
                dfa.transitions[slot] = -1
            }
            if cutsCalls {
                for state in 0..<dfa.stateCount {
                    dfa.calls[state].removeAll { !productive[Int($0.callee)] || !live[Int($0.target)] }
                }
            }
            // The states cut off stay (unreachable, and unable to finish): the mark would be untrue.
            dfa.isTrimmed = false
            result.rules[index] = .automaton(dfa)
        }
        try result.checkLeftRecursion()
        return result
    }

    private func checkLeftRecursion() throws(SchemaError) {
        // Edges: rule → rules it may call before consuming any byte.
        var leading = [[Int32]](repeating: [], count: rules.count)
        let nullable = nullableRules()
        for (index, rule) in rules.enumerated() {
            switch rule {
            case .automaton(let dfa):
                var seen: Set<Int32> = [0]
                var work: [Int32] = [0]
                while let state = work.popLast() {
                    for call in dfa.calls[Int(state)] {
                        leading[index].append(call.callee)
                        if nullable[Int(call.callee)], seen.insert(call.target).inserted { work.append(call.target) }
                    }
                }
            case .jsonString, .array: break
            }
        }
        var state = [UInt8](repeating: 0, count: rules.count)  // 0 new, 1 on stack, 2 done
        for start in 0..<rules.count where state[start] == 0 {
            var stack: [(Int, Int)] = [(start, 0)]
            state[start] = 1
            while let (node, position) = stack.last {
                if position < leading[node].count {
                    stack[stack.count - 1].1 += 1
                    let next = Int(leading[node][position])
                    if state[next] == 1 {
                        throw .unsupportedKeyword(keyword: "$ref", path: "#", reason: "left-recursive reference (a schema that refers to itself before any text)")
                    }
                    if state[next] == 0 { state[next] = 1; stack.append((next, 0)) }
                } else {
                    state[node] = 2
                    stack.removeLast()
                }
            }
        }
    }
}

extension Grammar {
    /// Which rules admit the empty text, by fixpoint iteration (strings and arrays never do: they
    /// start with a quote or a bracket).
    func nullableRules() -> [Bool] {
        var nullable = [Bool](repeating: false, count: rules.count)
        var changed = true
        while changed {
            changed = false
            for (index, rule) in rules.enumerated() where !nullable[index] {
                guard case .automaton(let dfa) = rule else { continue }
                var seen: Set<Int32> = [0]
                var work: [Int32] = [0]
                while let state = work.popLast() {
                    if dfa.accepting[Int(state)] { nullable[index] = true; changed = true; break }
                    for call in dfa.calls[Int(state)] where nullable[Int(call.callee)] && seen.insert(call.target).inserted {
                        work.append(call.target)
                    }
                }
            }
        }
        return nullable
    }
}

extension ByteDFA {
    /// The bytes of each class, as 256-bit sets of four words (`classCount * 4` words).
    var classByteSets: [UInt64] {
        var sets = [UInt64](repeating: 0, count: classCount * 4)
        for byte in 0..<256 {
            sets[Int(classOf[byte]) * 4 + byte >> 6] |= 1 << UInt64(byte & 63)
        }
        return sets
    }

    /// States from which acceptance is reachable, using only calls to productive rules.
    func liveStates(productive: [Bool]) -> [Bool] {
        reverseEdges(productive: productive).statesReaching(accepting)
    }

    /// The edges into each state: byte transitions, and calls to rules that are `productive`.
    func reverseEdges(productive: [Bool]) -> ReverseEdges {
        var firstSource = [Int32](repeating: 0, count: stateCount + 1)
        let classCount = classCount
        transitions.withUnsafeBufferPointer { transitions in
            firstSource.withUnsafeMutableBufferPointer { firstSource in
                for target in transitions where target >= 0 { firstSource[Int(target) + 1] += 1 }
            }
        }
        for state in 0..<stateCount {
            for call in calls[state] where productive[Int(call.callee)] { firstSource[Int(call.target) + 1] += 1 }
        }
        for state in 0..<stateCount { firstSource[state + 1] += firstSource[state] }
        var fill = firstSource
        var sources = [Int32](repeating: 0, count: Int(firstSource[stateCount]))
        transitions.withUnsafeBufferPointer { transitions in
            fill.withUnsafeMutableBufferPointer { fill in
                sources.withUnsafeMutableBufferPointer { sources in
                    for slot in transitions.indices where transitions[slot] >= 0 {
                        let target = Int(transitions[slot])
                        sources[Int(fill[target])] = Int32(slot / classCount)
                        fill[target] += 1
                    }
                }
            }
        }
        for state in 0..<stateCount {
            for call in calls[state] where productive[Int(call.callee)] {
                let target = Int(call.target)
                sources[Int(fill[target])] = Int32(state)
                fill[target] += 1
            }
        }
        return ReverseEdges(firstSource: firstSource, sources: sources)
    }

    /// Whether some text takes the start state to acceptance, using only calls to productive
    /// rules: a forward search that stops at the first accepting state it meets.
    func acceptsSomeText(productive: [Bool]) -> Bool {
        var seen = [Bool](repeating: false, count: stateCount)
        seen[0] = true
        var work: [Int32] = [0]
        while let state = work.popLast() {
            if accepting[Int(state)] { return true }
            for slot in (Int(state) * classCount)..<((Int(state) + 1) * classCount) {
                let target = transitions[slot]
                if target >= 0 && !seen[Int(target)] {
                    seen[Int(target)] = true
                    work.append(target)
                }
            }
            for call in calls[Int(state)] where productive[Int(call.callee)] && !seen[Int(call.target)] {
                seen[Int(call.target)] = true
                work.append(call.target)
            }
        }
        return false
    }
}
