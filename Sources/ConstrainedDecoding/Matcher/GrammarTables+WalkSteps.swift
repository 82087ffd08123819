/// The two steps of a mask walk that need nothing but the tables: they live here so that a walk
/// can call them on a local copy of the tables. Called on the engine from inside the walk's
/// closure, each call copied the whole engine (a retain and a release of each of its arrays):
/// 70 % of a first mask's time on a state after a key (perf, Qwen2.5's vocabulary, 2-core Xeon).
extension GrammarTables {
    /// Steps `top` over `byte` when that needs no push or pop (a call-free, non-final automaton
    /// state, or a string state before its end). Returns nil when the general step is needed;
    /// otherwise whether a frame was produced (written to `result`).
    @inline(__always)
    func fastStep(_ top: Frame, _ byte: UInt8, _ result: inout Frame) -> Bool? {
        let rule = Int(top.rule)
        let kind = ruleKind[rule]
        if kind == GrammarTables.kindAutomaton {
            let global = Int(ruleStateBase[rule] &+ top.state)
            guard !stateAccepting[global], stateCallStart[global] == stateCallStart[global &+ 1] else { return nil }
            let byteClass = Int(classMap[Int(ruleClassBase[rule]) &+ Int(byte)])
            let target = transitions[Int(stateTransitionBase[global]) &+ byteClass]
            if target < 0 { return false }
            result = Frame(rule: top.rule, state: target, counter: 0, parent: top.parent)
            return true
        }
        if kind == GrammarTables.kindCounted {
            let global = Int(ruleStateBase[rule] &+ top.state)
            guard !stateAccepting[global] else { return nil }
            let byteClass = Int(classMap[Int(ruleClassBase[rule]) &+ Int(byte)])
            let target = transitions[Int(stateTransitionBase[global]) &+ byteClass]
            guard target >= 0, let counter = countedStep(rule: rule, from: global, to: target, counter: top.counter) else { return false }
            result = Frame(rule: top.rule, state: target, counter: counter, parent: top.parent)
            return true
        }
        if kind == GrammarTables.kindString, top.state != JSONStringAutomaton.end {
            let state = top.state
            let target = JSONStringAutomaton.next(state, byte)
            if target < 0 { return false }
            var counter = top.counter
            if state == JSONStringAutomaton.body {
                if target == JSONStringAutomaton.end {
                    if counter < stringMin[rule] { return false }
                } else if counter >= stringMax[rule] {
                    return false
                }
            }
            if target == JSONStringAutomaton.body && state != JSONStringAutomaton.start { counter &+= 1 }
            result = Frame(rule: top.rule, state: target, counter: counter, parent: top.parent)
            return true
        }
        return nil
    }

    /// The count after a counted automaton's move from global state `source` to its local state
    /// `target` with `counter` characters read before: one more when the move ends a character
    /// of the content. Nil when the string could not finish from there with a length in its
    /// bounds (too long already, or the closing quote before the minimum).
    @inline(__always)
    func countedStep(rule: Int, from source: Int, to target: Int32, counter: Int32) -> Int32? {
        let base = Int(ruleStateBase[rule])
        var count = counter
        if stateCountRole[source] != CharacterCounter.Role.outside.rawValue
            && stateCountRole[base &+ Int(target)] == CharacterCounter.Role.atBoundary.rawValue
        {
            count &+= 1
        }
        let minimum = stringMin[rule]
        let owed = count < minimum ? Int(minimum &- count) : 0
        let characters = counterCharacters[Int(counterBase[rule]) &+ owed &* Int(counterStateCount[rule]) &+ Int(target)]
        return characters < CharacterCounter.unreachable && Int(count) &+ Int(characters) <= Int(stringMax[rule]) ? count : nil
    }

    /// Whether `frame` (an automaton state) takes every token below `node` in `trie` whole: it
    /// loops on every byte below, or its run through a chain of states holds them all and is at
    /// least as long as the subtree is deep.
    @inline(__always)
    func coversSubtree(_ frame: Frame, trie: TokenTrie, node: Int) -> Bool {
        let kind = ruleKind[Int(frame.rule)]
        // A counted frame only where its count is in the shared range: no token can reach the
        // maximum, and the minimum is read.
        guard
            kind == GrammarTables.kindAutomaton
                || (kind == GrammarTables.kindCounted && frame.counter >= stringMin[Int(frame.rule)]
                    && frame.counter <= counterSharedUpTo[Int(frame.rule)])
        else { return false }
        let state = Int(ruleStateBase[Int(frame.rule)] &+ frame.state)
        let global = state &* 4
        let base = node &* 4
        let below0 = trie.bytesBelow[base]
        let below1 = trie.bytesBelow[base &+ 1]
        let below2 = trie.bytesBelow[base &+ 2]
        let below3 = trie.bytesBelow[base &+ 3]
        if below0 | below1 | below2 | below3 == 0 { return false }
        if below0 & ~stateLoop[global] == 0 && below1 & ~stateLoop[global &+ 1] == 0
            && below2 & ~stateLoop[global &+ 2] == 0 && below3 & ~stateLoop[global &+ 3] == 0
        {
            return true
        }
        // A run of one byte covers no more than the node's children: not worth the check.
        let run = stateRunLength[state]
        return run > 1 && trie.heights[node] <= run && below0 & ~stateRunBytes[global] == 0
            && below1 & ~stateRunBytes[global &+ 1] == 0 && below2 & ~stateRunBytes[global &+ 2] == 0
            && below3 & ~stateRunBytes[global &+ 3] == 0
    }
}
