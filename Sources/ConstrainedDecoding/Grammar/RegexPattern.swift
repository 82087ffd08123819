/// A regular expression in the syntax JSON Schema `pattern` and Swift `Regex` users write,
/// compiled to a byte automaton over the JSON-escaped (or raw) UTF-8 form of matching strings.
///
/// Supported: literals, `.`, classes with ranges and negation, `\d \w \s \D \W \S`, escapes
/// (`\n \t \r \f \v \0 \xHH \uHHHH \u{H…}`), groups (capturing, `(?:…)`, named), alternation,
/// quantifiers `* + ? {m} {m,} {m,n}` (lazy forms too), and `^`/`$` (also `\A`, `\z`, `\Z`) at the
/// ends of top-level alternatives. Patterns are searches, as in JSON Schema: an unanchored side
/// matches any text there. Lookarounds, backreferences, word boundaries and `\p{…}` are refused
/// (the schema compiler reads lookaheads at the start of an anchored pattern itself, through
/// ``LeadingLookaheads``).
struct RegexPattern {
    typealias ScalarSet = [ClosedRange<UInt32>]

    indirect enum Node {
        case set(ScalarSet)
        case concatenation([Node])
        case alternation([Node])
        case repetition(Node, min: Int, max: Int?)
        case startAnchor
        case endAnchor
    }

    enum Failure: Error {
        case unsupported(String)
        case malformed(String)
    }

    let source: String
    let root: Node

    /// Scalars that no ASCII-only shorthand class (\d \w \s) can contain in Python's or ECMAScript's
    /// Unicode-aware reading: negated shorthands are limited to these so that all readings agree.
    static let agreedScalars: ScalarSet = [0x00...0x7F, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x24F]
    static let digits: ScalarSet = [0x30...0x39]
    static let word: ScalarSet = [0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A]
    static let space: ScalarSet = [0x09...0x0D, 0x20...0x20]
    static let all: ScalarSet = [0...0x10FFFF]
    static let letters: ScalarSet = [0x41...0x5A, 0x61...0x7A, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x24F]
    static let propertySubsets: [String: ScalarSet] = [
        "L": letters, "Letter": letters, "Alphabetic": letters, "Lu": [0x41...0x5A, 0xC0...0xD6, 0xD8...0xDE],
        "Uppercase_Letter": [0x41...0x5A], "Ll": [0x61...0x7A, 0xDF...0xF6, 0xF8...0xFF], "Lowercase_Letter": [0x61...0x7A],
        "N": [0x30...0x39], "Nd": [0x30...0x39], "Number": [0x30...0x39], "Decimal_Number": [0x30...0x39],
        "P": [0x21...0x23, 0x25...0x2A, 0x2C...0x2F, 0x3A...0x3B, 0x3F...0x40, 0x5B...0x5D, 0x5F...0x5F, 0x7B...0x7B, 0x7D...0x7D],
        "Punctuation": [0x21...0x23, 0x25...0x2A, 0x2C...0x2F, 0x3A...0x3B, 0x3F...0x40, 0x5B...0x5D, 0x5F...0x5F, 0x7B...0x7B, 0x7D...0x7D],
        "S": [0x24...0x24, 0x2B...0x2B, 0x3C...0x3E, 0x5E...0x5E, 0x60...0x60, 0x7C...0x7C, 0x7E...0x7E],
        "Z": [0x20...0x20], "Zs": [0x20...0x20], "Separator": [0x20...0x20], "Space_Separator": [0x20...0x20]
    ]

    init(_ source: String) throws(Failure) {
        self.source = source
        var parser = Parser(scalars: Array(source.unicodeScalars))
        let node = try parser.parseAlternation()
        guard parser.position == parser.scalars.count else { throw .malformed("unbalanced ')'") }
        self.root = node
    }

    /// A pattern that matches exactly the strings `texts` and nothing else: letters and digits
    /// as they are, every other character as a `\u` escape, the alternatives anchored at both ends.
    static func matchingExactly(_ texts: [String]) -> String {
        var alternatives: [String] = []
        for text in texts {
            var pattern = ""
            for scalar in text.unicodeScalars {
                if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                    pattern.unicodeScalars.append(scalar)
                } else if scalar.value <= 0xFFFF {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    pattern += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    pattern += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                }
            }
            alternatives.append(pattern)
        }
        return "^(?:" + alternatives.joined(separator: "|") + ")$"
    }

    // MARK: - Sets

    static func normalized(_ set: ScalarSet) -> ScalarSet {
        let sorted = set.sorted { $0.lowerBound < $1.lowerBound }
        var result: ScalarSet = []
        for range in sorted {
            if let last = result.last, range.lowerBound <= last.upperBound &+ 1 {
                result[result.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                result.append(range)
            }
        }
        return result
    }

    static func complement(_ set: ScalarSet) -> ScalarSet {
        var result: ScalarSet = []
        var next: UInt32 = 0
        for range in normalized(set) {
            if range.lowerBound > next { result.append(next...(range.lowerBound - 1)) }
            next = range.upperBound + 1
        }
        if next <= 0x10FFFF { result.append(next...0x10FFFF) }
        return result
    }

    static func intersection(_ a: ScalarSet, _ b: ScalarSet) -> ScalarSet {
        var result: ScalarSet = []
        for x in normalized(a) {
            for y in normalized(b) {
                let low = max(x.lowerBound, y.lowerBound)
                let high = min(x.upperBound, y.upperBound)
                if low <= high { result.append(low...high) }
            }
        }
        return normalized(result)
    }

    // MARK: - Automaton

    /// The automaton for this pattern with JSON Schema search semantics.
    /// - Parameter jsonEscaped: build over the JSON-escaped form (string content) or raw UTF-8.
    func automaton(jsonEscaped: Bool, stateLimit: Int = 40_000) throws(Failure) -> ByteNFA {
        let alternatives: [Node]
        if case .alternation(let list) = root { alternatives = list } else { alternatives = [root] }
        var nfa = ByteNFA()
        let end = nfa.addState(accepting: true)
        // What an unanchored end allows: anything after the match. One state, accepting, looping
        // over any character, shared by every unanchored alternative; it accepts every
        // continuation, so determinization drops whatever else is still pending beside it (a
        // search for any of a hundred words stays the size of their trie).
        var anythingAfter: Int32?
        // What an unanchored start allows: anything before the match. One state too, looping over
        // any character, from which every unanchored alternative starts: with a loop of its own
        // for each, every subset of a search for a hundred words held a hundred loops.
        var anythingBefore: Int32?
        for alternative in alternatives {
            var parts: [Node]
            if case .concatenation(let list) = alternative { parts = list } else { parts = [alternative] }
            var anchoredStart = false
            var anchoredEnd = false
            while case .startAnchor = parts.first { anchoredStart = true; parts.removeFirst() }
            while case .endAnchor = parts.last { anchoredEnd = true; parts.removeLast() }
            var source = nfa.start
            if !anchoredStart {
                if anythingBefore == nil {
                    let state = nfa.addState()
                    nfa.addEpsilon(from: nfa.start, to: state)
                    try build(.set(RegexPattern.all), into: &nfa, from: state, to: state, jsonEscaped: jsonEscaped, stateLimit: stateLimit)
                    anythingBefore = state
                }
                source = anythingBefore ?? nfa.start
            }
            var target = end
            if !anchoredEnd {
                if anythingAfter == nil {
                    let state = nfa.addState(accepting: true)
                    try build(.set(RegexPattern.all), into: &nfa, from: state, to: state, jsonEscaped: jsonEscaped, stateLimit: stateLimit)
                    nfa.universalStates.insert(state)
                    anythingAfter = state
                }
                target = anythingAfter ?? end
            }
            try build(.concatenation(parts), into: &nfa, from: source, to: target, jsonEscaped: jsonEscaped, stateLimit: stateLimit)
        }
        return nfa
    }

    private func build(_ node: Node, into nfa: inout ByteNFA, from source: Int32, to target: Int32, jsonEscaped: Bool, stateLimit: Int) throws(Failure) {
        guard nfa.stateCount < stateLimit else { throw .unsupported("pattern expands past \(stateLimit) automaton states") }
        switch node {
        case .set(let set):
            UTF8Automaton.addScalarSet(set, to: &nfa, from: source, to: target, jsonEscaped: jsonEscaped)
        case .concatenation(let parts):
            var current = source
            for (index, part) in parts.enumerated() {
                let next = index == parts.count - 1 ? target : nfa.addState()
                try build(part, into: &nfa, from: current, to: next, jsonEscaped: jsonEscaped, stateLimit: stateLimit)
                current = next
            }
            if parts.isEmpty { nfa.addEpsilon(from: source, to: target) }
        case .alternation(let alternatives):
            for alternative in alternatives {
                try build(alternative, into: &nfa, from: source, to: target, jsonEscaped: jsonEscaped, stateLimit: stateLimit)
            }
        case .repetition(let inner, let min, let max):
            var current = source
            for _ in 0..<min {
                let next = nfa.addState()
                try build(inner, into: &nfa, from: current, to: next, jsonEscaped: jsonEscaped, stateLimit: stateLimit)
                current = next
            }
            if let max {
                for _ in min..<max {
                    let next = nfa.addState()
                    nfa.addEpsilon(from: current, to: target)
                    try build(inner, into: &nfa, from: current, to: next, jsonEscaped: jsonEscaped, stateLimit: stateLimit)
                    current = next
                }
                nfa.addEpsilon(from: current, to: target)
            } else {
                let loop = nfa.addState()
                nfa.addEpsilon(from: current, to: loop)
                try build(inner, into: &nfa, from: loop, to: loop, jsonEscaped: jsonEscaped, stateLimit: stateLimit)
                nfa.addEpsilon(from: loop, to: target)
            }
        case .startAnchor, .endAnchor:
            throw .unsupported("'^' or '$' inside the pattern (only at the ends of top-level alternatives)")
        }
    }

    // MARK: - Parser

    private struct Parser {
        let scalars: [Unicode.Scalar]
        var position = 0
        /// Set when a `\p{…}` class was read (negated classes then stay within ASCII).
        var usedProperty = false

        var current: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

        mutating func parseAlternation() throws(Failure) -> Node {
            var alternatives: [Node] = [try parseConcatenation()]
            while current == "|" {
                position += 1
                alternatives.append(try parseConcatenation())
            }
            return alternatives.count == 1 ? alternatives[0] : .alternation(alternatives)
        }

        mutating func parseConcatenation() throws(Failure) -> Node {
            var parts: [Node] = []
            while let scalar = current, scalar != "|", scalar != ")" {
                var atom = try parseAtom()
                atom = try parseQuantifiers(atom)
                parts.append(atom)
            }
            return parts.count == 1 ? parts[0] : .concatenation(parts)
        }

        mutating func parseQuantifiers(_ atom: Node) throws(Failure) -> Node {
            var node = atom
            while let scalar = current {
                var min = 0
                var max: Int?
                switch scalar {
                case "*": position += 1
                case "+": position += 1; min = 1
                case "?": position += 1; max = 1
                case "{":
                    guard let bounds = try parseBraces() else { return node }
                    (min, max) = bounds
                default:
                    return node
                }
                if case .startAnchor = node { throw .unsupported("quantified anchor") }
                if case .endAnchor = node { throw .unsupported("quantified anchor") }
                if current == "?" { position += 1 } else if current == "+" { throw .unsupported("possessive quantifier") }
                if let max, max < min { throw .malformed("quantifier {\(min),\(max)}") }
                if min > 1_000 || (max ?? 0) > 1_000 { throw .unsupported("repetition count above 1000") }
                node = .repetition(node, min: min, max: max)
            }
            return node
        }

        /// Parses `{m}`, `{m,}`, `{m,n}`; nil (and no move) when the brace is a literal.
        mutating func parseBraces() throws(Failure) -> (Int, Int?)? {
            var index = position + 1
            func number(_ index: inout Int) -> Int? {
                var value: Int?
                while index < scalars.count, let digit = Int(String(scalars[index])), scalars[index].isASCII {
                    value = (value ?? 0) * 10 + digit
                    if (value ?? 0) > 100_000 { return value }
                    index += 1
                }
                return value
            }
            guard let min = number(&index) else { return nil }
            var max: Int? = min
            if index < scalars.count, scalars[index] == "," {
                index += 1
                max = number(&index)
            }
            guard index < scalars.count, scalars[index] == "}" else { return nil }
            position = index + 1
            return (min, max)
        }

        mutating func parseAtom() throws(Failure) -> Node {
            guard let scalar = current else { throw .malformed("unexpected end") }
            position += 1
            switch scalar {
            case "(":
                if current == "?" {
                    position += 1
                    switch current {
                    case ":": position += 1
                    case "<" where position + 1 < scalars.count && scalars[position + 1] != "=" && scalars[position + 1] != "!":
                        while let next = current, next != ">" { position += 1 }
                        position += 1
                    case "P":
                        position += 1
                        guard current == "<" else { throw .unsupported("(?P…) other than a named group") }
                        while let next = current, next != ">" { position += 1 }
                        position += 1
                    default:
                        throw .unsupported("lookaround or inline flags '(?\(current.map { String($0) } ?? "")'")
                    }
                }
                let inner = try parseAlternation()
                guard current == ")" else { throw .malformed("missing ')'") }
                position += 1
                return inner
            case ")": throw .malformed("unbalanced ')'")
            case "[": return .set(try parseClass())
            case ".": return .set(RegexPattern.complement([0x0A...0x0A, 0x0D...0x0D]))
            case "^": return .startAnchor
            case "$": return .endAnchor
            case "\\": return try parseEscape(inClass: false)
            case "*", "+", "?": throw .malformed("nothing to repeat")
            default: return .set([scalar.value...scalar.value])
            }
        }

        mutating func parseHex(count: Int) throws(Failure) -> UInt32 {
            var value: UInt32 = 0
            for _ in 0..<count {
                guard let scalar = current, let digit = UInt32(String(scalar), radix: 16) else { throw .malformed("bad hex escape") }
                value = value * 16 + digit
                position += 1
            }
            return value
        }

        mutating func parseEscape(inClass: Bool) throws(Failure) -> Node {
            guard let scalar = current else { throw .malformed("trailing backslash") }
            position += 1
            func single(_ value: UInt32) -> Node { .set([value...value]) }
            switch scalar {
            case "d": return .set(RegexPattern.digits)
            case "w": return .set(RegexPattern.word)
            case "s": return .set(RegexPattern.space)
            case "D": return .set(RegexPattern.intersection(RegexPattern.complement(RegexPattern.digits), RegexPattern.agreedScalars))
            case "W": return .set(RegexPattern.intersection(RegexPattern.complement(RegexPattern.word), [0x00...0x7F]))
            case "S": return .set(RegexPattern.intersection(RegexPattern.complement(RegexPattern.space + [0x1C...0x1F]), RegexPattern.agreedScalars))
            case "n": return single(0x0A)
            case "r": return single(0x0D)
            case "t": return single(0x09)
            case "f": return single(0x0C)
            case "v": return single(0x0B)
            case "0": return single(0)
            case "b" where inClass: return single(0x08)
            case "x": return single(try parseHex(count: 2))
            case "u":
                if current == "{" {
                    position += 1
                    var value: UInt32 = 0
                    while let next = current, next != "}" {
                        guard let digit = UInt32(String(next), radix: 16) else { throw .malformed("bad \\u{…}") }
                        value = value * 16 + digit
                        // Checked per digit, so a long run of digits cannot overflow the value.
                        guard value <= 0x10FFFF else { throw .malformed("\\u{…} beyond U+10FFFF") }
                        position += 1
                    }
                    guard current == "}" else { throw .malformed("unterminated \\u{…}") }
                    position += 1
                    return single(value)
                }
                return single(try parseHex(count: 4))
            case "A" where !inClass: return .startAnchor
            case "z" where !inClass, "Z" where !inClass: return .endAnchor
            case "b", "B": throw .unsupported("word boundary \\\(scalar)")
            case "p", "P":
                // Unicode properties as sound subsets: the ASCII/Latin members of the class, or,
                // negated, the ASCII non-members (both readings agree on those).
                var name = ""
                if current == "{" {
                    position += 1
                    while let next = current, next != "}" { name.unicodeScalars.append(next); position += 1 }
                    position += 1
                } else if let next = current {
                    name = String(next)
                    position += 1
                }
                guard let members = RegexPattern.propertySubsets[name.replacing("General_Category=", with: "")] else {
                    throw .unsupported("Unicode property class \\\(scalar){\(name)}")
                }
                usedProperty = true
                if scalar == "p" { return .set(members) }
                return .set(RegexPattern.intersection(RegexPattern.complement(members), [0x00...0x7F]))
            case "1"..."9": throw .unsupported("backreference")
            case "k": throw .unsupported("named backreference")
            default:
                if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                    throw .unsupported("escape \\\(scalar)")
                }
                return single(scalar.value)
            }
        }

        mutating func parseClass() throws(Failure) -> ScalarSet {
            var negated = false
            if current == "^" { negated = true; position += 1 }
            usedProperty = false
            var set: ScalarSet = []
            var usesShorthand = false
            var first = true
            while true {
                guard let scalar = current else { throw .malformed("unterminated class") }
                if scalar == "]" && !first { position += 1; break }
                first = false
                var low: UInt32
                if scalar == "\\" {
                    position += 1
                    let escape = current
                    let node = try parseEscape(inClass: true)
                    guard case .set(let escaped) = node else { throw .unsupported("anchor in class") }
                    if escaped.count != 1 || escaped[0].count != 1 || "dwsDWS".unicodeScalars.contains(where: { $0 == escape }) {
                        set += escaped
                        usesShorthand = true
                        continue
                    }
                    low = escaped[0].lowerBound
                } else if scalar == "[" && position + 1 < scalars.count && scalars[position + 1] == ":" {
                    throw .unsupported("POSIX class")
                } else {
                    position += 1
                    low = scalar.value
                }
                if current == "-", position + 1 < scalars.count, scalars[position + 1] != "]" {
                    position += 1
                    var high: UInt32
                    if current == "\\" {
                        position += 1
                        guard case .set(let escaped) = try parseEscape(inClass: true), escaped.count == 1, escaped[0].count == 1 else {
                            throw .malformed("bad class range")
                        }
                        high = escaped[0].lowerBound
                    } else {
                        guard let end = current else { throw .malformed("unterminated class") }
                        high = end.value
                        position += 1
                    }
                    guard low <= high else { throw .malformed("reversed class range") }
                    set.append(low...high)
                } else {
                    set.append(low...low)
                }
            }
            set = RegexPattern.normalized(set)
            if negated {
                var complement = RegexPattern.complement(set)
                if usesShorthand { complement = RegexPattern.intersection(complement, RegexPattern.agreedScalars) }
                if usedProperty { complement = RegexPattern.intersection(complement, [0x00...0x7F]) }
                return complement
            }
            return set
        }
    }
}
