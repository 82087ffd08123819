import Foundation
import JSONValues
import Testing
@testable import ConstrainedDecoding

/// Patterns as byte automata: the `.*` after an unanchored pattern is one state that accepts
/// every continuation, and determinization drops what is pending beside it without changing the
/// language.
@Suite struct RegexAutomatonTests {
    /// A JSON Schema Bench pattern (a hundred cloud zone names, unanchored) that FuzzRegex found
    /// taking 17 s to be refused as too large; kept as a fuzz seed.
    static let manyWords: String = {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fuzz/Seeds/FuzzRegex/regression-many-words-unanchored.txt")
        return (try? String(contentsOf: file, encoding: .utf8)) ?? ""
    }()

    static let patterns = [
        "(cat|dog)s?", "ab|^c", "[é-ü]+x", #"\d{2}"#, "a.*b", "(foo|foobar)", "x$|y", "^(a|b)", #"[^"\\]{2,3}"#, "😀|\\u00e9"
    ]

    @Test(arguments: patterns, [false, true])
    func droppingWhatIsPendingBesideTheTailKeepsTheLanguage(_ source: String, jsonEscaped: Bool) throws {
        let nfa = try RegexPattern(source).automaton(jsonEscaped: jsonEscaped).trimmed()
        var plain = nfa
        plain.universalStates = []
        let pruned = try nfa.determinized()
        let full = try plain.determinized()
        // Each accepts nothing the other rejects.
        #expect(try pruned.intersection(full.complemented()).nfa.isEmptyLanguage)
        #expect(try full.intersection(pruned.complemented()).nfa.isEmptyLanguage)
        #expect(pruned.stateCount <= full.stateCount)
    }

    @Test func aSearchForManyWordsStaysTheSizeOfItsTrie() throws {
        #expect(Self.manyWords.count > 1000, "the regression seed is missing")
        let pattern = try RegexPattern(Self.manyWords)
        let dfa = try pattern.automaton(jsonEscaped: true).trimmed().determinized(stateLimit: 10_000)
        // About one state per node of the words' trie (388 here), fewer than half the pattern's
        // characters; keeping what is pending beside the tail doubles it (735).
        #expect(dfa.stateCount < Self.manyWords.count / 2, "\(dfa.stateCount) states")

        // The schema that holds it compiles, and takes a string holding one of the words.
        let grammar = try ByteChecks.compile(#"{"type": "string", "pattern": "# + JSONWriter.quoted(Self.manyWords) + "}")
        #expect(ByteChecks.accepts(grammar, #""zone use1-az4 here""#))
        #expect(!ByteChecks.accepts(grammar, #""no zone here""#))
    }
}
