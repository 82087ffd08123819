/// Byte-level stepping of persistent parse stacks over a grammar's tables.
///
/// A configuration is a list of stack tops (usually one); each top's lower frames live in `arena`.
/// Stepping a byte replaces every top by the tops reachable by consuming that byte, pushing callee
/// frames and popping finished frames on the way.
struct GrammarEngine {
    let tables: GrammarTables
    var arena: [Frame] = []
    /// Set when a step popped through ``Frame/boundary`` (a cached computation's context cut).
    var boundaryPopped = false
    /// Tokens found by suffix walks, by (top's cache key, parent frame index): the parent of a
    /// string stays the same arena frame while the string grows, so later masks reuse the walk.
    /// Cleared whenever the arena shrinks below a remembered frame (rollback, reset).
    var suffixMemo: [SuffixKey: SuffixResult] = [:]
    /// The levels of a mask entry's trie walk, kept between walks (see `computeEntry`).
    var walkLevels: [WalkLevel] = []

    /// The tokens a suffix walk found: a list when few, a bitmask when many.
    enum SuffixResult {
        case list([Int32])
        case mask(TokenBitmask)
    }

    struct SuffixKey: Hashable {
        var top: UInt64
        var parent: Int32
    }

    init(tables: GrammarTables) {
        self.tables = tables
        arena.reserveCapacity(1024)
    }

    /// The initial configuration: the root rule at its start, over the bottom of the stack.
    var initialTops: [Frame] {
        [Frame(rule: tables.root, state: 0, counter: 0, parent: Frame.bottom)]
    }

    @inline(__always)
    mutating func push(_ frame: Frame) -> Int32 {
        arena.append(frame)
        return Int32(arena.count - 1)
    }

    /// Whether `frame` may finish here (its rule has a complete value).
    func isFinal(_ frame: Frame) -> Bool {
        switch tables.ruleKind[Int(frame.rule)] {
        case GrammarTables.kindAutomaton, GrammarTables.kindCounted:
            return tables.stateAccepting[Int(tables.ruleStateBase[Int(frame.rule)] + frame.state)]
        case GrammarTables.kindString:
            return frame.state == JSONStringAutomaton.end
        default:
            return frame.state == GrammarTables.arrayEnd
        }
    }

    /// Whether the whole grammar can end with `top` on top (every frame down may finish).
    func canTerminate(_ top: Frame) -> Bool {
        var frame = top
        while true {
            if !isFinal(frame) && !canFinishThroughNullableCalls(frame) { return false }
            if frame.parent < 0 { return frame.parent == Frame.bottom }
            frame = arena[Int(frame.parent)]
        }
    }

    /// Whether an automaton frame can finish by calling nullable rules only.
    private func canFinishThroughNullableCalls(_ frame: Frame) -> Bool {
        guard tables.ruleKind[Int(frame.rule)] == GrammarTables.kindAutomaton else { return false }
        let base = tables.ruleStateBase[Int(frame.rule)]
        var seen: Set<Int32> = [frame.state]
        var work = [frame.state]
        while let state = work.popLast() {
            let global = Int(base + state)
            if tables.stateAccepting[global] { return true }
            for call in Int(tables.stateCallStart[global])..<Int(tables.stateCallStart[global + 1])
            where tables.ruleNullable[Int(tables.callCallee[call])] {
                let target = tables.callTarget[call]
                if seen.insert(target).inserted { work.append(target) }
            }
        }
        return false
    }

    /// Appends to `out` every top reachable from `top` by consuming `byte`.
    mutating func step(_ top: Frame, _ byte: UInt8, into out: inout [Frame]) {
        let rule = Int(top.rule)
        switch tables.ruleKind[rule] {
        case GrammarTables.kindAutomaton:
            let global = Int(tables.ruleStateBase[rule] + top.state)
            let byteClass = Int(tables.classMap[Int(tables.ruleClassBase[rule]) + Int(byte)])
            let target = tables.transitions[Int(tables.stateTransitionBase[global]) + byteClass]
            if target >= 0 {
                out.append(Frame(rule: top.rule, state: target, counter: 0, parent: top.parent))
            }
            let callStart = Int(tables.stateCallStart[global])
            let callEnd = Int(tables.stateCallStart[global + 1])
            if callStart < callEnd {
                for call in callStart..<callEnd {
                    let callee = tables.callCallee[call]
                    guard tables.canBegin(callee, with: byte) else { continue }
                    let returnFrame = push(Frame(rule: top.rule, state: tables.callTarget[call], counter: 0, parent: top.parent))
                    step(Frame(rule: callee, state: 0, counter: 0, parent: returnFrame), byte, into: &out)
                }
            }
            if tables.stateAccepting[global] { pop(top.parent, byte, into: &out) }

        case GrammarTables.kindCounted:
            let global = Int(tables.ruleStateBase[rule] + top.state)
            let byteClass = Int(tables.classMap[Int(tables.ruleClassBase[rule]) + Int(byte)])
            let target = tables.transitions[Int(tables.stateTransitionBase[global]) + byteClass]
            if target >= 0, let counter = tables.countedStep(rule: rule, from: global, to: target, counter: top.counter) {
                out.append(Frame(rule: top.rule, state: target, counter: counter, parent: top.parent))
            }
            if tables.stateAccepting[global] { pop(top.parent, byte, into: &out) }

        case GrammarTables.kindString:
            let state = top.state
            if state == JSONStringAutomaton.end {
                pop(top.parent, byte, into: &out)
                return
            }
            let target = JSONStringAutomaton.next(state, byte)
            guard target >= 0 else { return }
            var counter = top.counter
            if state == JSONStringAutomaton.body {
                if target == JSONStringAutomaton.end {
                    guard counter >= tables.stringMin[rule] else { return }
                } else {
                    guard counter < tables.stringMax[rule] else { return }
                }
            }
            if target == JSONStringAutomaton.body && state != JSONStringAutomaton.start { counter += 1 }
            out.append(Frame(rule: top.rule, state: target, counter: counter, parent: top.parent))

        default:
            stepArray(top, byte, into: &out)
        }
    }

    @inline(__always)
    private mutating func pop(_ parent: Int32, _ byte: UInt8, into out: inout [Frame]) {
        if parent >= 0 {
            step(arena[Int(parent)], byte, into: &out)
        } else if parent == Frame.boundary {
            boundaryPopped = true
        }
    }

    private mutating func stepArray(_ top: Frame, _ byte: UInt8, into out: inout [Frame]) {
        guard let array = tables.arrays[Int(top.rule)] else { return }
        let state = top.state
        let count = top.counter
        func with(_ state: Int32, _ counter: Int32) -> Frame {
            Frame(rule: top.rule, state: state, counter: counter, parent: top.parent)
        }
        switch state {
        case 0:
            if byte == UInt8(ascii: "[") { out.append(with(1, 0)) }
        case 1, array.itemState:
            if state == 1, byte == UInt8(ascii: "]"), array.minItems == 0 { out.append(with(GrammarTables.arrayEnd, count)) }
            if count < array.effectiveMaxItems, let item = array.itemRule(at: count), tables.canBegin(item, with: byte) {
                let returnFrame = push(with(2, count + 1))
                step(Frame(rule: item, state: 0, counter: 0, parent: returnFrame), byte, into: &out)
            }
        case 2:
            if byte == array.separator[0], count < array.effectiveMaxItems {
                out.append(with(array.separator.count == 1 ? array.itemState : 4, count))
            }
            if byte == UInt8(ascii: "]"), count >= array.minItems { out.append(with(GrammarTables.arrayEnd, count)) }
        case GrammarTables.arrayEnd:
            pop(top.parent, byte, into: &out)
        default:
            let index = Int(state - 4 + 1)
            if index < array.separator.count, byte == array.separator[index] { out.append(with(state + 1, count)) }
        }
    }

    /// Structural equality of two stacks (same frames all the way down).
    func sameStack(_ a: Frame, _ b: Frame) -> Bool {
        var x = a
        var y = b
        while true {
            if x.rule != y.rule || x.state != y.state || x.counter != y.counter { return false }
            if x.parent == y.parent { return true }
            if x.parent < 0 || y.parent < 0 { return false }
            x = arena[Int(x.parent)]
            y = arena[Int(y.parent)]
        }
    }

    /// Steps a whole configuration over `byte`, removing duplicate stacks.
    mutating func advance(_ tops: [Frame], _ byte: UInt8) -> [Frame] {
        var output: [Frame] = []
        for top in tops { step(top, byte, into: &output) }
        if output.count > 1 {
            var unique: [Frame] = []
            for frame in output where !unique.contains(where: { sameStack($0, frame) }) { unique.append(frame) }
            return unique
        }
        return output
    }

    /// The key under which the mask of tokens starting at `frame` (context cut below it) is cached.
    func cacheKey(_ frame: Frame) -> UInt64 {
        var counter: Int32 = 0
        var state = frame.state
        if tables.ruleKind[Int(frame.rule)] == GrammarTables.kindArray, let array = tables.arrays[Int(frame.rule)] {
            let limit = array.effectiveMaxItems
            if limit == Int32.max {
                counter = min(frame.counter, max(array.minItems, Int32(array.prefixItems.count)))
            } else {
                counter = frame.counter
            }
        } else if tables.ruleKind[Int(frame.rule)] == GrammarTables.kindString {
            counter = frame.counter
        } else if tables.ruleKind[Int(frame.rule)] == GrammarTables.kindCounted {
            // Counts in the shared range accept the same tokens: one entry for them all.
            let rule = Int(frame.rule)
            let shared = frame.counter >= tables.stringMin[rule] && frame.counter <= tables.counterSharedUpTo[rule]
            counter = shared ? 0xFFFF : frame.counter
        } else {
            // States of a length-bounded string that accept the same tokens share one entry.
            state = tables.stateMaskState[Int(tables.ruleStateBase[Int(frame.rule)] &+ frame.state)]
        }
        return UInt64(UInt32(frame.rule)) << 40 | UInt64(UInt32(state) & 0xFFFFFF) << 16 | UInt64(UInt32(min(counter, 0xFFFF)))
    }
}
