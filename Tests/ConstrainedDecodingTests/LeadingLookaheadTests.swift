import Foundation
import JSONValues
import Testing
@testable import ConstrainedDecoding

/// Patterns that start with lookaheads (`^(?!L)R`, `^(?=L)R`) compile as intersections, and accept
/// exactly what a regular-expression engine with lookahead matches.
@Suite struct LeadingLookaheadTests {
    static let patterns = [
        "^(?!ab)[a-c]*$",
        "^(?=a)[a-c]{0,3}$",
        "^(?!.*bb)(?!c)[a-c]*$",
        "^(?!a$|b)(a|bc|c)+",
        "^(?!^ab|c)(a|b.*)",
        "^(?!.*/)^(.*[^.]+.*)$",
        "\\A(?![ab]c)[a-c/.]{1,3}$",
        "^(?!a)"
    ]

    /// Every string over `a`, `b`, `c`, `/` and `.` of up to four characters, checked against
    /// Foundation's `NSRegularExpression` (ICU, with lookahead) searching the whole string.
    @Test(arguments: patterns)
    func acceptsWhatALookaheadEngineMatches(_ pattern: String) throws {
        let compiled = try ByteChecks.compile(#"{"type": "string", "pattern": "# + JSONWriter.quoted(pattern) + "}")
        let oracle = try NSRegularExpression(pattern: pattern)
        var strings = [""]
        var frontier = [""]
        for _ in 0..<4 {
            frontier = frontier.flatMap { prefix in ["a", "b", "c", "/", "."].map { prefix + $0 } }
            strings += frontier
        }
        var accepted = 0
        for text in strings {
            let range = NSRange(text.startIndex..<text.endIndex, in: text)
            let expected = oracle.firstMatch(in: text, range: range) != nil
            #expect(ByteChecks.accepts(compiled, JSONWriter.quoted(text)) == expected, "\(pattern) on '\(text)'")
            if expected { accepted += 1 }
        }
        // Each pattern accepts some strings and refuses others, so neither answer alone passes.
        #expect(accepted > 0 && accepted < strings.count, "\(pattern): \(accepted) of \(strings.count)")
    }

    /// How a pattern is split: the lookaheads' bodies and the rest, each alternative anchored.
    @Test func splitsThePatternAtItsLookaheads() {
        #expect(
            LeadingLookaheads("^(?!org\\.bukkit\\.)([a-z]+\\.)*[a-z]+$")
                == LeadingLookaheads(
                    conditions: [.init(excludes: true, prefixPattern: "^org\\.bukkit\\.")], rest: "^([a-z]+\\.)*[a-z]+$"))
        #expect(
            LeadingLookaheads("^(?=[(]x|y)(?!\\))(a|b)")
                == LeadingLookaheads(
                    conditions: [.init(excludes: false, prefixPattern: "^[(]x|^y"), .init(excludes: true, prefixPattern: "^\\)")],
                    rest: "^(a|b)"))
        // Not at the start, not anchored, behind, or unclosed: left to the pattern parser.
        // A top-level alternative after the lookahead is another alternative of the pattern.
        for pattern in ["^a(?!b)", "(?!a)b", "^(?<!a)b", "^(?!a", "^(?![a)b", "^(?!a)b|c", "^(?!a)b|\\Ac"] {
            #expect(LeadingLookaheads(pattern) == nil, "\(pattern)")
        }
    }

    /// A lookahead anywhere else is still refused, naming the pattern.
    @Test func aLookaheadElsewhereIsRefused() {
        #expect(throws: SchemaError.self) { try ByteChecks.compile(#"{"type": "string", "pattern": "^a(?!b)"}"#) }
        #expect(throws: SchemaError.self) { try ByteChecks.compile(#"{"type": "string", "pattern": "^(?<!a)b"}"#) }
        #expect(throws: SchemaError.self) { try ByteChecks.compile(#"{"type": "string", "pattern": "^(?!a)b|c"}"#) }
    }
}
