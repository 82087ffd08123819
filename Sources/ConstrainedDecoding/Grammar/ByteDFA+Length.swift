/// Where each state of a length-bounded string automaton stands: the pattern's state and the
/// position inside the current character (its "shape"), and the characters read so far.
///
/// Two states of one shape whose counts are both at least the minimum and far enough below the
/// maximum accept exactly the same tokens, since no token is long enough to reach the maximum from
/// either (``GrammarTables`` merges their mask-cache entries). Without this, every character of a
/// string with a pattern and a `maxLength` would need a mask of its own.
struct LengthCounts: Sendable, Hashable {
    /// Per state: an id of (pattern state, position in the character), or -1 outside the content.
    var shape: [Int32]
    /// Per state: the characters read, or -1 outside the content.
    var count: [Int32]
    var minimum: Int32
    var maximum: Int32
    /// Bytes that always suffice to finish the content from any shape that can finish at all.
    var slack: Int32

    /// Whether the state's mask is that of every other state of its shape in the same range:
    /// its count is at least the minimum and `longestToken` plus the slack still fit below the maximum.
    func isInSharedRange(_ state: Int, longestToken: Int) -> Bool {
        let read = Int(count[state])
        return read >= Int(minimum) && read + longestToken + Int(slack) <= Int(maximum)
    }
}

extension ByteDFA {
    /// The content automaton of JSON string text this one accepts that also has between `minimum`
    /// and `maximum` characters (Unicode scalars, as ``JSONStringAutomaton`` counts them; no upper
    /// bound when nil), with the ``LengthCounts`` of its states.
    ///
    /// This automaton must be a call-free content automaton in JSON-escaped form.
    /// - Throws: ``SchemaError/tooLarge(keyword:path:reason:)`` past `stateLimit` states.
    func boundedLength(minimum: Int, maximum: Int?, stateLimit: Int) throws(SchemaError) -> ByteDFA {
        try boundedLength(minimum: minimum, maximum: maximum, stateLimit: stateLimit, smallerMaxima: []).automaton
    }

    /// The same, but past `stateLimit` the first of `smallerMaxima` (in order; each below
    /// `maximum`) whose automaton fits is taken instead, and returned beside the automaton.
    ///
    /// States are built a character count at a time, so when the limit is passed while counting
    /// `n` characters, every state of fewer characters is built already: the automaton for any
    /// maximum below `n` is those states, numbered again, with no second construction.
    func boundedLength(
        minimum: Int, maximum: Int?, stateLimit: Int, smallerMaxima: [Int]
    ) throws(SchemaError) -> (automaton: ByteDFA, maximum: Int?) {
        let body = JSONStringAutomaton.body
        let positions = JSONStringAutomaton.stateCount
        // Joint byte classes: bytes this automaton and the character automaton both treat alike.
        var signatures: [[Int32]: UInt8] = [:]
        var jointClass = [UInt8](repeating: 0, count: 256)
        var representatives: [UInt8] = []
        for byte in 0..<256 {
            var signature: [Int32] = [Int32(classOf[byte])]
            for position in 0..<positions { signature.append(JSONStringAutomaton.next(Int32(position), UInt8(byte))) }
            if let known = signatures[signature] {
                jointClass[byte] = known
            } else {
                let index = UInt8(representatives.count)
                signatures[signature] = index
                jointClass[byte] = index
                representatives.append(UInt8(byte))
            }
        }
        let width = representatives.count
        let cap = maximum.map { Int32(clamping: $0) }
        let floor = Int32(clamping: minimum)

        let counts = Int(cap ?? floor) + 1
        var index = ProductStateIndex(keySpace: stateCount * positions * counts)
        // Per joint class, the pattern's class; per (character position, joint class), the next
        // position or -1 (the closing quote too: it ends the content).
        let patternClass = representatives.map { Int(classOf[Int($0)]) }
        var positionNext = [Int32](repeating: -1, count: positions * width)
        for position in 0..<positions {
            for (joint, representative) in representatives.enumerated() {
                let target = JSONStringAutomaton.next(Int32(position), representative)
                if target != JSONStringAutomaton.end { positionNext[position * width + joint] = target }
            }
        }
        // States in the order they are found (their provisional numbers), and for each count of
        // characters the states that have it, in that order.
        var statePattern: [Int32] = [0]
        var statePosition: [Int32] = [body]
        var stateReadCount: [Int32] = [0]
        var byCount = [[Int32]](repeating: [], count: counts)
        byCount[0] = [0]
        func key(_ pattern: Int32, _ position: Int32, _ count: Int32) -> Int {
            (Int(pattern) * positions + Int(position)) * counts + Int(count)
        }
        index.assign(0, to: key(0, body, 0))
        // Rows of provisional targets, in the order the states are expanded: by count, then as found.
        var table: [Int32] = []
        var expanded: [Int32] = []
        var row = [Int32](repeating: -1, count: width)
        // The count being expanded when the states passed the limit, if they did.
        var overflowCount: Int?
        expansion: for level in 0..<counts {
            var cursor = 0
            while cursor < byCount[level].count {
                let state = Int(byCount[level][cursor])
                cursor += 1
                guard statePattern.count <= stateLimit else {
                    overflowCount = level
                    break expansion
                }
                let (pattern, position, count) = (statePattern[state], statePosition[state], stateReadCount[state])
                let patternRow = Int(pattern) * classCount
                let positionRow = Int(position) * width
                for joint in 0..<width {
                    let nextPattern = transitions[patternRow + patternClass[joint]]
                    let nextPosition = positionNext[positionRow + joint]
                    guard nextPattern >= 0, nextPosition >= 0 else {
                        row[joint] = -1
                        continue
                    }
                    var nextCount = count
                    if nextPosition == body {
                        nextCount += 1
                        if let cap {
                            if nextCount > cap { row[joint] = -1; continue }
                        } else {
                            nextCount = min(nextCount, floor)
                        }
                    }
                    let target = key(nextPattern, nextPosition, nextCount)
                    if let known = index[target] {
                        row[joint] = known
                    } else {
                        let number = Int32(statePattern.count)
                        index.assign(number, to: target)
                        statePattern.append(nextPattern)
                        statePosition.append(nextPosition)
                        stateReadCount.append(nextCount)
                        byCount[Int(nextCount)].append(number)
                        row[joint] = number
                    }
                }
                expanded.append(Int32(state))
                table.append(contentsOf: row)
            }
        }
        var kept = cap
        if let overflowCount {
            // Every state of fewer than `overflowCount` characters is expanded.
            guard let smaller = smallerMaxima.first(where: { $0 < overflowCount && $0 >= minimum }) else {
                throw .tooLarge(keyword: "maxLength", path: "", reason: "length automaton exceeds \(stateLimit) states")
            }
            kept = Int32(smaller)
        }
        // Number the expanded states within the kept maximum in expansion order (the start first).
        var final = [Int32](repeating: -1, count: statePattern.count)
        var order: [Int32] = []
        for state in expanded where kept.map({ stateReadCount[Int(state)] <= $0 }) ?? true {
            final[Int(state)] = Int32(order.count)
            order.append(state)
        }
        var transitions = [Int32](repeating: -1, count: order.count * width)
        var finals = [Bool](repeating: false, count: order.count)
        var rowOf = [Int32](repeating: -1, count: statePattern.count)
        for (position, state) in expanded.enumerated() { rowOf[Int(state)] = Int32(position) }
        for (number, state) in order.enumerated() {
            let source = Int(rowOf[Int(state)]) * width
            for joint in 0..<width {
                let target = table[source + joint]
                if target >= 0 { transitions[number * width + joint] = final[Int(target)] }
            }
            finals[number] = accepting[Int(statePattern[Int(state)])] && statePosition[Int(state)] == body && stateReadCount[Int(state)] >= floor
        }
        var result = ByteDFA(
            classOf: jointClass, classCount: width, transitions: transitions, accepting: finals,
            calls: [[CallEdge]](repeating: [], count: finals.count))
        // Only a bounded maximum makes counts differ in what they accept beyond the minimum.
        if let kept {
            result.lengthCounts = LengthCounts(
                shape: order.map { statePattern[Int($0)] * Int32(positions) + statePosition[Int($0)] },
                count: order.map { stateReadCount[Int($0)] },
                minimum: floor, maximum: kept, slack: Int32(clamping: longestShortestCompletion + 12))
        }
        return (result, kept.map { Int($0) })
    }

    /// The most bytes any state needs to reach acceptance, over the states that can (0 if none).
    private var longestShortestCompletion: Int {
        let reverse = reverseEdges(productive: [])
        var distance = [Int](repeating: -1, count: stateCount)
        var queue: [Int32] = []
        for state in 0..<stateCount where accepting[state] {
            distance[state] = 0
            queue.append(Int32(state))
        }
        var head = 0
        while head < queue.count {
            let state = Int(queue[head])
            head += 1
            for edge in Int(reverse.firstSource[state])..<Int(reverse.firstSource[state + 1]) {
                let source = Int(reverse.sources[edge])
                if distance[source] < 0 {
                    distance[source] = distance[state] + 1
                    queue.append(Int32(source))
                }
            }
        }
        return distance.max() ?? 0
    }
}
