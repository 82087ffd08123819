/// Lookaheads at the start of an anchored pattern, `^(?!L)R` and `^(?=L)R`, read as patterns
/// without lookaround: a string matches when it matches `^R` and, for each lookahead, does (`?=`)
/// or does not (`?!`) begin with a match of `L`. Beginning with a match of `L` is the search
/// `^L` (nothing required after it), so the pattern is the intersection of `^R` with `^L` or with
/// its complement, which regular automata express exactly.
///
/// Schemas use this to exclude prefixes (`^(?!org\.bukkit\.)…`, `^(?!.*/).*`). A lookaround
/// anywhere else (after the first character, inside a group, behind, before a top-level `|`) is
/// left to ``RegexPattern``, which refuses it.
struct LeadingLookaheads: Equatable {
    /// One lookahead: the anchored search for its body, and whether a match excludes the string.
    struct Condition: Equatable {
        let excludes: Bool
        let prefixPattern: String
    }

    let conditions: [Condition]
    /// The pattern after the lookaheads, anchored at the start.
    let rest: String

    init(conditions: [Condition], rest: String) {
        self.conditions = conditions
        self.rest = rest
    }

    /// Nil unless `pattern` starts with `^` (or `\A`) and one or more lookaheads.
    init?(_ pattern: String) {
        let scalars = Array(pattern.unicodeScalars)
        var position: Int
        if scalars.first == "^" {
            position = 1
        } else if scalars.count >= 2, scalars[0] == "\\", scalars[1] == "A" {
            position = 2
        } else {
            return nil
        }
        var conditions: [Condition] = []
        while position + 2 < scalars.count, scalars[position] == "(", scalars[position + 1] == "?",
            scalars[position + 2] == "!" || scalars[position + 2] == "="
        {
            guard let end = Self.groupEnd(scalars, openingAt: position) else { return nil }
            let body = scalars[(position + 3)..<end]
            guard let prefix = Self.anchoredAlternatives(body) else { return nil }
            conditions.append(Condition(excludes: scalars[position + 2] == "!", prefixPattern: prefix.joined(separator: "|")))
            position = end + 1
        }
        // `^(?!L)a|b` is `^(?!L)a` or `b`: the lookahead belongs to the first alternative only.
        guard !conditions.isEmpty, let rest = Self.anchoredAlternatives(scalars[position...]), rest.count == 1 else { return nil }
        self.conditions = conditions
        self.rest = rest[0]
    }

    /// The position of the `)` that closes the group opening at `start`, stepping over escapes
    /// and classes; nil when the group is not closed.
    private static func groupEnd(_ scalars: [Unicode.Scalar], openingAt start: Int) -> Int? {
        var depth = 0
        var position = start
        while position < scalars.count {
            switch scalars[position] {
            case "\\": position += 1
            case "[": position = classEnd(scalars, openingAt: position) ?? scalars.count
            case "(": depth += 1
            case ")":
                depth -= 1
                if depth == 0 { return position }
            default: break
            }
            position += 1
        }
        return nil
    }

    /// The position of the `]` that closes the class opening at `start` (a `]` right after `[` or
    /// `[^` is a member), or nil.
    private static func classEnd(_ scalars: [Unicode.Scalar], openingAt start: Int) -> Int? {
        var position = start + 1
        if position < scalars.count, scalars[position] == "^" { position += 1 }
        if position < scalars.count, scalars[position] == "]" { position += 1 }
        while position < scalars.count {
            switch scalars[position] {
            case "\\": position += 1
            case "]": return position
            default: break
            }
            position += 1
        }
        return nil
    }

    /// The top-level alternatives of `part`, each anchored at the start (`^` added where it has
    /// none: `^` before a whole alternation would anchor only its first alternative). Nil when a
    /// group or class is not closed.
    private static func anchoredAlternatives(_ part: ArraySlice<Unicode.Scalar>) -> [String]? {
        let scalars = Array(part)
        var alternatives: [[Unicode.Scalar]] = []
        var current: [Unicode.Scalar] = []
        var position = 0
        while position < scalars.count {
            let scalar = scalars[position]
            var next = position + 1
            switch scalar {
            case "\\": next = min(position + 2, scalars.count)
            case "[":
                guard let end = classEnd(scalars, openingAt: position) else { return nil }
                next = end + 1
            case "(":
                guard let end = groupEnd(scalars, openingAt: position) else { return nil }
                next = end + 1
            case "|":
                alternatives.append(current)
                current = []
                position = next
                continue
            default: break
            }
            current += scalars[position..<next]
            position = next
        }
        alternatives.append(current)
        return alternatives.map { alternative in
            let text = String(String.UnicodeScalarView(alternative))
            return text.hasPrefix("^") || text.hasPrefix("\\A") ? text : "^" + text
        }
    }
}
