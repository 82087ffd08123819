/// The character count of a quoted JSON string automaton kept beside it, instead of inside it.
///
/// A string with a pattern and a `minLength` or `maxLength` used to be the product of the pattern's
/// automaton and a count of the characters read (``ByteDFA/boundedLength(minimum:maximum:stateLimit:)``):
/// one state per (pattern state, position in a character, count), thousands of states for a
/// word-count pattern and a `maxLength` of a few hundred, which every compile built, flattened and
/// measured (issue 50's compile tail). With a counter, the automaton has one state per (pattern
/// state, position in a character), and a parse frame carries the count in ``Frame/counter``: the
/// grammar steps the automaton and counts a character each time a content state enters a state at
/// a character boundary, refuses a character past `maximum` and the closing quote below `minimum`.
///
/// So that a step never enters a state from which no string of the right length can finish (the
/// product's trimming did this before), the counter keeps, for each state and each number `j` of
/// characters still owed to the minimum (`0...minimum`), the fewest characters and the fewest bytes
/// that take the state to the closing quote while reading at least `j` characters.
struct CharacterCounter: Sendable, Hashable {
    /// Where a state stands: outside the content (before the opening or after the closing quote),
    /// inside a character, or at a character boundary inside the content.
    enum Role: UInt8, Sendable {
        case outside = 0
        case insideCharacter = 1
        case atBoundary = 2
    }

    /// A distance standing for "cannot finish".
    static let unreachable = Int32.max / 4
    /// The most entries (`(minimum + 1) * stateCount`) of each distance table.
    static let tableLimit = 200_000
    /// The largest bound counted: counts stay apart from the shared mask-cache key (`0xFFFF`).
    static let countLimit = 60_000

    /// Per state of the quoted automaton.
    private(set) var roles: [Role]
    var minimum: Int32
    /// `Int32.max` when unbounded.
    var maximum: Int32
    /// `characters[j * stateCount + state]`: the fewest characters from `state` to the end of the
    /// string reading at least `j` of them (``unreachable`` if none).
    private(set) var characters: [Int32]
    /// The same in bytes (the closing quote included).
    private(set) var bytes: [Int32]
    /// Bytes that always suffice to finish the string from a state that can finish with no
    /// character owed: a count this far below the maximum cannot be cut short by it.
    private(set) var slack: Int32

    var stateCount: Int { roles.count }

    /// The counter of `quoted`, a call-free quoted JSON string automaton in the layout of
    /// ``ByteDFA/quotedJSONString()`` (0 before the opening quote, 1 after the closing one); nil
    /// when a state's position in a character is not one position (not such an automaton) or the
    /// tables would pass ``tableLimit``.
    init?(quoted: ByteDFA, minimum: Int, maximum: Int?) {
        let stateCount = quoted.stateCount
        guard stateCount >= 2, quoted.calls.allSatisfy(\.isEmpty), minimum >= 0,
            (minimum + 1) * stateCount <= Self.tableLimit
        else { return nil }
        // Each state's position in ``JSONStringAutomaton``, found from the start by one byte of
        // each class (the classes of a string automaton keep positions apart).
        var representative = [Int](repeating: -1, count: quoted.classCount)
        for byte in (0..<256).reversed() { representative[Int(quoted.classOf[byte])] = byte }
        var position = [Int32](repeating: -1, count: stateCount)
        position[0] = JSONStringAutomaton.start
        var queue: [Int32] = [0]
        var head = 0
        while head < queue.count {
            let state = Int(queue[head])
            head += 1
            for byteClass in 0..<quoted.classCount where representative[byteClass] >= 0 {
                let target = quoted.transitions[state * quoted.classCount + byteClass]
                guard target >= 0 else { continue }
                let next = JSONStringAutomaton.next(position[state], UInt8(representative[byteClass]))
                guard next >= 0 else { return nil }
                if position[Int(target)] < 0 {
                    position[Int(target)] = next
                    queue.append(target)
                } else if position[Int(target)] != next {
                    return nil
                }
            }
        }
        guard position[1] == JSONStringAutomaton.end else { return nil }
        roles = position.map { place in
            switch place {
            case JSONStringAutomaton.start, JSONStringAutomaton.end, -1: return .outside
            case JSONStringAutomaton.body: return .atBoundary
            default: return .insideCharacter
            }
        }
        self.minimum = Int32(clamping: minimum)
        self.maximum = maximum.map { Int32(clamping: $0) } ?? Int32.max
        (characters, bytes) = Self.distances(of: quoted, roles: roles, minimum: minimum)
        var longest: Int32 = 0
        for state in 0..<stateCount where bytes[state] < Self.unreachable { longest = max(longest, bytes[state]) }
        slack = longest + 12
    }

    /// Whether moving from a state of role `source` into one of role `target` reads a character.
    @inline(__always)
    static func counts(from source: Role, to target: Role) -> Bool {
        source != .outside && target == .atBoundary
    }

    /// Whether a string can still finish from `state` with `count` characters read.
    func canFinish(from state: Int, count: Int32) -> Bool {
        let owed = max(0, Int(minimum) - Int(count))
        let characters = characters[owed * stateCount + state]
        return characters < Self.unreachable && Int(count) + Int(characters) <= Int(maximum)
    }

    /// The fewest bytes that finish the string from `state` with `count` characters read, or
    /// ``unreachable``. Exact where the fewest bytes and the fewest characters go the same way (a
    /// string of one-byte characters); otherwise it may be a few bytes short near the maximum.
    func bytesToFinish(from state: Int, count: Int32) -> Int32 {
        guard canFinish(from: state, count: count) else { return Self.unreachable }
        let owed = max(0, Int(minimum) - Int(count))
        return bytes[owed * stateCount + state]
    }

    /// For each `j` in `0...minimum`, the fewest characters and bytes to the end reading at least
    /// `j` characters: layer by layer, each a shortest-path search backwards from the closing
    /// quote (layer 0) or from the layer below through the moves that read a character.
    private static func distances(of dfa: ByteDFA, roles: [Role], minimum: Int) -> (characters: [Int32], bytes: [Int32]) {
        let stateCount = dfa.stateCount
        let reverse = dfa.reverseEdges(productive: [])
        // Whether the move from `source` to `target` reads a character (a DFA has at most one move
        // between two states that matters here: counting depends on the states' roles only).
        var characters = [Int32](repeating: unreachable, count: (minimum + 1) * stateCount)
        var bytes = [Int32](repeating: unreachable, count: (minimum + 1) * stateCount)
        for layer in 0...minimum {
            let base = layer * stateCount
            let below = max(0, layer - 1) * stateCount
            var queue: [Int32] = []
            if layer == 0 {
                characters[1] = 0
                bytes[1] = 0
                queue.append(1)
            } else {
                // Seeds: a move that reads a character owes one fewer, so it starts from the layer below.
                for target in 0..<stateCount where roles[target] == .atBoundary {
                    let throughCharacters = characters[below + target]
                    let throughBytes = bytes[below + target]
                    guard throughCharacters < unreachable else { continue }
                    for edge in Int(reverse.firstSource[target])..<Int(reverse.firstSource[target + 1]) {
                        let source = Int(reverse.sources[edge])
                        guard counts(from: roles[source], to: roles[target]) else { continue }
                        var changed = false
                        if throughCharacters + 1 < characters[base + source] { characters[base + source] = throughCharacters + 1; changed = true }
                        if throughBytes + 1 < bytes[base + source] { bytes[base + source] = throughBytes + 1; changed = true }
                        if changed { queue.append(Int32(source)) }
                    }
                }
            }
            // Relax backwards until nothing shrinks: small automata, short distances.
            var head = 0
            while head < queue.count {
                let target = Int(queue[head])
                head += 1
                for edge in Int(reverse.firstSource[target])..<Int(reverse.firstSource[target + 1]) {
                    let source = Int(reverse.sources[edge])
                    let reads = counts(from: roles[source], to: roles[target])
                    // Within layer 0 every move stays in it; above, a counting move leads down a layer.
                    guard layer == 0 || !reads else { continue }
                    let characterCost = characters[base + target] + (reads ? 1 : 0)
                    let byteCost = bytes[base + target] + 1
                    var changed = false
                    if characterCost < characters[base + source] { characters[base + source] = characterCost; changed = true }
                    if byteCost < bytes[base + source] { bytes[base + source] = byteCost; changed = true }
                    if changed { queue.append(Int32(source)) }
                }
            }
        }
        return (characters, bytes)
    }
}
