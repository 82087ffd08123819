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
        var states: [(pattern: Int32, position: Int32, count: Int32)] = [(0, body, 0)]
        func key(_ pattern: Int32, _ position: Int32, _ count: Int32) -> Int {
            (Int(pattern) * positions + Int(position)) * counts + Int(count)
        }
        index.assign(0, to: key(0, body, 0))
        var table: [Int32] = []
        var finals: [Bool] = []
        var cursor = 0
        while cursor < states.count {
            let (pattern, position, count) = states[cursor]
            cursor += 1
            guard states.count <= stateLimit else {
                throw .tooLarge(keyword: "maxLength", path: "", reason: "length automaton exceeds \(stateLimit) states")
            }
            finals.append(accepting[Int(pattern)] && position == body && count >= floor)
            for representative in representatives {
                let nextPattern = next(pattern, representative)
                let nextPosition = JSONStringAutomaton.next(position, representative)
                guard nextPattern >= 0, nextPosition >= 0, nextPosition != JSONStringAutomaton.end else {
                    table.append(-1)
                    continue
                }
                var nextCount = count
                if nextPosition == body {
                    nextCount += 1
                    if let cap {
                        if nextCount > cap { table.append(-1); continue }
                    } else {
                        nextCount = min(nextCount, floor)
                    }
                }
                let target = key(nextPattern, nextPosition, nextCount)
                if let known = index[target] {
                    table.append(known)
                } else {
                    let number = Int32(states.count)
                    index.assign(number, to: target)
                    states.append((nextPattern, nextPosition, nextCount))
                    table.append(number)
                }
            }
        }
        var result = ByteDFA(
            classOf: jointClass, classCount: width, transitions: table, accepting: finals,
            calls: [[CallEdge]](repeating: [], count: finals.count))
        // Only a bounded maximum makes counts differ in what they accept beyond the minimum.
        if let cap {
            result.lengthCounts = LengthCounts(
                shape: states.map { $0.pattern * Int32(positions) + $0.position }, count: states.map(\.count),
                minimum: floor, maximum: cap, slack: Int32(clamping: longestShortestCompletion + 12))
        }
        return result
    }

    /// The most bytes any state needs to reach acceptance, over the states that can (0 if none).
    private var longestShortestCompletion: Int {
        var reverse = [[Int32]](repeating: [], count: stateCount)
        for state in 0..<stateCount {
            for slot in (state * classCount)..<((state + 1) * classCount) where transitions[slot] >= 0 {
                reverse[Int(transitions[slot])].append(Int32(state))
            }
        }
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
            for source in reverse[state] where distance[Int(source)] < 0 {
                distance[Int(source)] = distance[state] + 1
                queue.append(source)
            }
        }
        return distance.max() ?? 0
    }
}
