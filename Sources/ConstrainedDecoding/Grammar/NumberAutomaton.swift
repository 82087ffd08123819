/// Builds byte automata for JSON numbers within bounds, digit by digit.
///
/// A prefix is allowed exactly when some continuation is a number within the bounds: with maximum
/// 150, `1`, `15` and `150` pass and `151` does not; with minimum 10, `1` passes because `10` can
/// follow. Bounded numbers are written without exponent; unbounded ones may use one.
enum NumberAutomaton {
    struct Bound: Hashable {
        var value: DecimalNumber
        var exclusive: Bool
    }

    /// Numbers (integers when `integerOnly`) in the given bounds; nil when the range is empty.
    static func automaton(integerOnly: Bool, lower: Bound?, upper: Bound?, multipleOf: Int? = nil) -> ByteNFA? {
        if lower == nil, upper == nil, multipleOf == nil {
            return unbounded(integerOnly: integerOnly)
        }
        var parts: [ByteNFA] = []
        // Non-negative values.
        let upperAllowsNonNegative = upper.map { !$0.value.isNegative && !($0.value.isZero && $0.exclusive) } ?? true
        if upperAllowsNonNegative {
            let low = (lower.map { $0.value.isNegative } ?? true) ? Bound(value: DecimalNumber(0), exclusive: false) : lower
            if let nfa = magnitude(integerOnly: integerOnly, lower: low, upper: upper, multipleOf: multipleOf) { parts.append(nfa) }
        }
        // Negative values: "-" then a magnitude m with -m in range.
        let lowerAllowsNegative = lower.map { $0.value.isNegative } ?? true
        if lowerAllowsNegative {
            let low: Bound
            if let upper, upper.value.isNegative {
                low = Bound(value: upper.value.magnitude, exclusive: upper.exclusive)
            } else {
                low = Bound(value: DecimalNumber(0), exclusive: true)
            }
            let high = lower.map { Bound(value: $0.value.magnitude, exclusive: $0.exclusive) }
            if let nfa = magnitude(integerOnly: integerOnly, lower: low, upper: high, multipleOf: multipleOf) {
                var negative = ByteNFA()
                let afterSign = negative.addState()
                negative.addEdge(from: negative.start, UInt8(ascii: "-"), UInt8(ascii: "-"), to: afterSign)
                let end = negative.addState(accepting: true)
                negative.embed(nfa, from: afterSign, to: end)
                parts.append(negative)
            }
        }
        if parts.isEmpty { return nil }
        return parts.count == 1 ? parts[0] : ByteNFA.union(parts)
    }

    /// Any JSON integer, or any JSON number: built once (a schema may hold hundreds of them).
    static func unbounded(integerOnly: Bool) -> ByteNFA {
        integerOnly ? anyInteger : anyNumber
    }

    private static let anyInteger = fixedPattern("^-?(0|[1-9][0-9]*)$")
    private static let anyNumber = fixedPattern("^-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?$")

    private static func fixedPattern(_ pattern: String) -> ByteNFA {
        // These fixed patterns are known to parse.
        (try? RegexPattern(pattern).automaton(jsonEscaped: false)) ?? ByteNFA()
    }

    private struct State: Hashable {
        var phase: UInt8  // 0 start, 1 integer digits, 2 after '.', 3 fraction digits
        var length: Int  // integer digits so far (0 for a lone "0"), capped
        var zero: Bool  // the integer part is "0"
        var lexLower: Int8  // integer prefix vs lower's integer prefix of the same length
        var lexUpper: Int8
        var fractionPosition: Int  // capped
        var fractionLower: Int8
        var fractionUpper: Int8
        var remainder: Int  // value mod multipleOf
    }

    private static func magnitude(integerOnly: Bool, lower: Bound?, upper: Bound?, multipleOf: Int?) -> ByteNFA? {
        let lowerInteger = lower?.value.integerDigits ?? []
        let upperInteger = upper?.value.integerDigits ?? []
        let lowerFraction = lower?.value.fractionDigits ?? []
        let upperFraction = upper?.value.fractionDigits ?? []
        let lengthCap = max(lowerInteger.count, upperInteger.count) + 1
        let fractionCap = max(lowerFraction.count, upperFraction.count)
        let modulus = multipleOf ?? 1

        func integerComparison(_ state: State, digits: [UInt8], lex: Int8) -> Int8 {
            if state.length > digits.count { return 1 }
            if state.length < digits.count { return -1 }
            return lex
        }
        func comparison(_ state: State, bound: Bound?, lex: Int8, fraction: Int8) -> Int8 {
            guard let bound else { return 0 }
            let integer = integerComparison(state, digits: bound.value.integerDigits, lex: lex)
            if integer != 0 { return integer }
            if state.phase < 3 { return bound.value.fractionDigits.isEmpty ? 0 : -1 }
            if fraction != 0 { return fraction }
            return state.fractionPosition < bound.value.fractionDigits.count ? -1 : 0
        }
        func accepts(_ state: State) -> Bool {
            guard state.phase == 1 || state.phase == 3, state.remainder == 0 else { return false }
            if let lower {
                let order = comparison(state, bound: lower, lex: state.lexLower, fraction: state.fractionLower)
                if order < 0 || (order == 0 && lower.exclusive) { return false }
            }
            if let upper {
                let order = comparison(state, bound: upper, lex: state.lexUpper, fraction: state.fractionUpper)
                if order > 0 || (order == 0 && upper.exclusive) { return false }
            }
            return true
        }
        func successors(_ state: State) -> [(UInt8, State)] {
            var result: [(UInt8, State)] = []
            switch state.phase {
            case 0, 1:
                if state.phase == 0 || !state.zero {
                    for digit in UInt8(0)...9 {
                        var next = state
                        next.phase = 1
                        if state.phase == 0 && digit == 0 {
                            next.zero = true
                            result.append((0x30, next))
                            continue
                        }
                        let position = state.length
                        if next.lexLower == 0, position < lowerInteger.count {
                            next.lexLower = digit < lowerInteger[position] ? -1 : digit > lowerInteger[position] ? 1 : 0
                        }
                        if next.lexUpper == 0, position < upperInteger.count {
                            next.lexUpper = digit < upperInteger[position] ? -1 : digit > upperInteger[position] ? 1 : 0
                        }
                        next.length = min(state.length + 1, lengthCap)
                        next.remainder = (state.remainder * 10 + Int(digit)) % modulus
                        result.append((0x30 + digit, next))
                    }
                }
                if state.phase == 1 && !integerOnly {
                    var next = state
                    next.phase = 2
                    result.append((UInt8(ascii: "."), next))
                }
            default:
                for digit in UInt8(0)...9 {
                    var next = state
                    next.phase = 3
                    let position = state.fractionPosition
                    if next.fractionLower == 0 {
                        let bound = position < lowerFraction.count ? lowerFraction[position] : 0
                        next.fractionLower = digit < bound ? -1 : digit > bound ? 1 : 0
                    }
                    if next.fractionUpper == 0 {
                        let bound = position < upperFraction.count ? upperFraction[position] : 0
                        next.fractionUpper = digit < bound ? -1 : digit > bound ? 1 : 0
                    }
                    next.fractionPosition = min(position + 1, fractionCap)
                    result.append((0x30 + digit, next))
                }
            }
            return result
        }

        let initial = State(
            phase: 0, length: 0, zero: false, lexLower: 0, lexUpper: 0,
            fractionPosition: 0, fractionLower: 0, fractionUpper: 0, remainder: 0)
        var index: [State: Int32] = [initial: 0]
        var states: [State] = [initial]
        var edges: [[(UInt8, Int32)]] = []
        var position = 0
        while position < states.count {
            let state = states[position]
            position += 1
            var list: [(UInt8, Int32)] = []
            for (byte, next) in successors(state) {
                let target: Int32
                if let existing = index[next] {
                    target = existing
                } else {
                    target = Int32(states.count)
                    index[next] = target
                    states.append(next)
                }
                list.append((byte, target))
            }
            edges.append(list)
            if states.count > 20_000 { return nil }
        }
        var nfa = ByteNFA()
        for _ in 1..<states.count { _ = nfa.addState() }
        for (state, list) in edges.enumerated() {
            nfa.accepting[state] = accepts(states[state])
            for (byte, target) in list { nfa.addEdge(from: Int32(state), byte, byte, to: target) }
        }
        let trimmed = nfa.trimmed()
        return trimmed.isEmptyLanguage ? nil : trimmed
    }
}
