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

    /// Whether `dfa`, from its first state, reads `text` whole and ends accepting.
    static func accepts(_ dfa: ByteDFA, _ text: String) -> Bool {
        var state = Int32(0)
        for byte in text.utf8 {
            state = dfa.next(state, byte)
            if state < 0 { return false }
        }
        return dfa.accepting[Int(state)]
    }

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

    /// A mutation of that pattern that FuzzRegex found running past 30 s under AddressSanitizer
    /// (base64: it holds bytes that are not text): determinization is refused once its work passes
    /// the bound, before the state limit. Not a fuzz seed, so the brief CI campaign stays brief.
    static let mutatedWords = String(
        decoding: Data(
            base64Encoded:
                "KGFmczEtYXoxfGFmczEtYXoyfGFmczEtYXozfGFmczEtbG9zMS1hejF8YXBlMS1hejF8YXBlMS1hejJ8YXBlMS1hejN8YXBuZTEtYXoxfGFwbmUxLWF6MnxhcG5lMS1hejR8YXBuZTEtdHBlMS1hejF8YXBuZTItYXoxfGFwbmUyLWF6MnxhcG5lMi1hejN8YXBuZTItYXo0fGFwbmUzLWF6MXxhcG5lMy1hejJ8YXBuZTMtYXozfGFwczEtYXoxfGFwczEtYXoyfGFwczEtYXozfGFwczEtY2N1MS1hejF8YXBzMS1kZWwxLWF6MXxhcHMyLWF6MXxhcHMyLWF6MnxhcHMyLWF6M3xhcHNlMS1hejF8YXBzZTEtYXoyfGFwc2UxLWF6M3xhcHNlMS1ia2sxLWEuLi4uQm9vLi4uLi4uLi4uLi4uLi4uLi4uLi4uLi4uLi4uLi4uLi4uLi4uLi4uLi4uLi4uLi4uLi4uLi4uLi4uLkJvby4uLi4uLi4uLi4uLi4uLi4uLjF8YXBzZTQtYXoyfGFwc2U0LWF6M3xjYWMxLWF6MXxjYWMxLWF6MnxjYWMxLWF6NHxldWMxLWF6MXxldWMxLWF6MnxldWMxLWF6M3xldWMxLWhhbTEtYXoxfGV1YzEtd2F3MS1hejF8ZXVjMi1hejF8ZXVjMi1hejJ8ZXVjMi1hejN8ZXVuMS1hejF8ZXVuMS1hejJ8ZXVuMS1hejN8ZXVuMS1jcGgxLWF6MXxldW4xLWhlbDEtYXoxfGV1czEtYXoxfGV1czEtYXoyfGV1czEtYXozfGV1czItYXoxfGV1czItYXoyfGV1czItYXozfGV1dzEtYXoxfGV1dzEtYXoyfGV1dzEtYXozfGV1dzItYXoxfGV1dzItYXoyfGV1dzItYXozfGV1dzMtYXoxfGV1dzMtYXoyfGV1dzMtYXozfG1lYzEtYXoxfG1lYzEtYXoyfG1lYzEtYXozfG1lczEtYXoxfG1lczEtYXoyfG1lczEtYXozfG1lczEtbWN0MS1hejF8c2FlMS1hejF8c2FlMS1hejJ8c2FlMS1hejN8dXNlMS1hdGwxLWF6MXx1c2UxLWF6MXx1c2UxLWF6Mnx1c2UxLWF6M3x1c2UxLWF6NHx1c2UxLWF6NXx1c2UxLWF6Nnx1c2UxLWJvczEtYXoxfHVzZTEtYnVlMS1hejF8dXNlMS1jaGkxLWF6MXx1c2UxLWRmdzEtYXoxfHVzZTEtaWFoMS1hejF8dXNlMS1saW0xLWF6MXx1c2UxLW1jaTEtYXoxfHVzZTEtbWlhMS1hejF8dXNlMS1tc3AxLWF6MXx1c2UxLW55YzEtYXoxfHVzZTEtcGhsMS1hejF8dXNlMS1xcm8xLWF6MXx1c2UxLXNjbDEtYXoxfHVzZTItYXoxfHVzZTItYXoyfHVzZTItYXozfHVzdzEtYXoxfHVzdzEtYXozfHVzdzItYXoxfHVzdzItYXoyfHVzdzItYXozfHVzdzItYXo0fHVzdzItZGVuMS1hejF8dXN3Mi1sYXMxLWF6MXx1c3cyLWxheDEtYXoxfHVzdzItbGF4MS1hejJ8dXN3Mi1wZHgxLWF6MXx1c3cyLXBoeDEtYXoxfHVzdzItc2VhMS1hejEp"
        ) ?? Data(), as: UTF8.self)

    @Test func determinizingPastTheWorkBoundIsRefused() throws {
        #expect(Self.mutatedWords.count > 1000, "the regression seed is missing")
        let nfa = try RegexPattern(Self.mutatedWords).automaton(jsonEscaped: true, stateLimit: 20_000).trimmed()
        // A small bound, so that the test is quick; the default one refuses it the same way.
        #expect(throws: SchemaError.self) { try nfa.determinized(stateLimit: 10_000, workLimit: 2_000_000) }
        // The original pattern fits inside half of the default bound.
        let original = try RegexPattern(Self.manyWords).automaton(jsonEscaped: true).trimmed()
        #expect(try original.determinized(stateLimit: 10_000, workLimit: ByteNFA.determinizationWorkLimit / 2).stateCount < 400)
    }

    /// Alternatives unanchored at their start share one loop before them, and those unanchored at
    /// their end one loop after them; the pattern still accepts exactly what one of its
    /// alternatives, built alone, accepts.
    @Test(arguments: ["ab|^c$|d$|e|", "^a|b|^c|d", "[cd]og|fish$|^bird", "a|b|c"], [false, true])
    func sharedLoopsKeepTheLanguageOfTheAlternatives(_ source: String, jsonEscaped: Bool) throws {
        func automaton(_ source: String) throws -> ByteDFA {
            try RegexPattern(source).automaton(jsonEscaped: jsonEscaped).trimmed().determinized()
        }
        let whole = try automaton(source)
        var outsideEvery = whole
        for alternative in source.split(separator: "|", omittingEmptySubsequences: false) {
            let alone = try automaton(String(alternative))
            #expect(try alone.intersection(whole.complemented()).nfa.isEmptyLanguage, "\(alternative)")
            outsideEvery = try outsideEvery.intersection(alone.complemented())
        }
        #expect(outsideEvery.nfa.isEmptyLanguage)
    }

    /// The alternatives of a pattern unanchored at its start share one `.*` before them: with a loop
    /// for each word, every subset of the hundred-word search held a hundred loops and took 616,660
    /// closure steps to determinize; with one loop it takes 55,095.
    @Test func unanchoredAlternativesShareTheLoopBeforeThem() throws {
        #expect(Self.manyWords.count > 1000, "the regression seed is missing")
        let nfa = try RegexPattern(Self.manyWords).automaton(jsonEscaped: true).trimmed()
        #expect(throws: Never.self) { try nfa.determinized(stateLimit: 10_000, workLimit: 100_000) }
        // The same language as each word searched for on its own, checked on a few strings.
        let dfa = try nfa.determinized()
        func accepts(_ text: String) -> Bool { Self.accepts(dfa, text) }
        #expect(accepts("use1-az4"))
        #expect(accepts("zone usw2-sea1-az1, the last word"))
        #expect(accepts("xxafs1-az1"))
        #expect(!accepts("use1-az7"))
        #expect(!accepts("afs1-az"))
    }

    /// Behind the `.*` of an unanchored pattern every subset holds the state that restarts all
    /// branches; closures are taken once per distinct set of targets, so the hundred words need
    /// far fewer closure steps than the 3.8 million it took to close every transition's targets.
    @Test func closuresAreTakenOncePerSetOfTargets() throws {
        #expect(Self.manyWords.count > 1000, "the regression seed is missing")
        let nfa = try RegexPattern(Self.manyWords).automaton(jsonEscaped: true).trimmed()
        let dfa = try nfa.determinized(stateLimit: 10_000, workLimit: 1_000_000)
        #expect(dfa.stateCount < 400, "\(dfa.stateCount) states")
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

    /// FuzzRegex found `\u{…}` with a long run of digits overflowing its value (a trap, not an
    /// error); out-of-range and unterminated braces are malformed too, and the largest scalar is not.
    @Test(arguments: [#"[\u{1F6002222222222222222222222}]"#, #"\u{110000}"#, #"\u{41"#, #"[\u{41]"#])
    func aUnicodeEscapeBeyondTheLastScalarIsMalformed(_ source: String) {
        #expect {
            _ = try RegexPattern(source)
        } throws: { error in
            guard case RegexPattern.Failure.malformed = error else { return false }
            return true
        }
    }

    @Test func theLastScalarIsAValidEscape() throws {
        let pattern = try RegexPattern(#"\u{10FFFF}|\u{1F600}"#)
        let dfa = try pattern.automaton(jsonEscaped: false).trimmed().determinized()
        func accepts(_ text: String) -> Bool { Self.accepts(dfa, text) }
        #expect(accepts("\u{10FFFF}"))
        #expect(accepts("😀"))
        #expect(!accepts("\u{10FFFE}"))
    }

    /// A counted repetition is a chain of states: from the start of `^[a-c]{1,5}x$` any five of
    /// `a`–`c` are taken, from the next state four, and `x` ends the chain; the state after `x`
    /// takes nothing. A loop takes as many as a token holds.
    @Test func aCountedRepetitionIsARunAsLongAsItsCount() throws {
        let chain = try RegexPattern("^[a-c]{1,5}x$").automaton(jsonEscaped: false).trimmed().determinized()
        let runs = GrammarTables.runs(of: chain)
        let start = 0
        #expect(runs.lengths[start] == 5)
        let abc: [UInt64] = [0, 0b111 << (97 - 64), 0, 0]  // a, b and c are bytes 97 to 99
        #expect(Array(runs.bytes[(start * 4)..<(start * 4 + 4)]) == abc)
        let second = Int(chain.next(Int32(start), UInt8(ascii: "b")))
        #expect(runs.lengths[second] == 4)
        let end = Int(chain.next(Int32(second), UInt8(ascii: "x")))
        #expect(runs.lengths[end] == 0)

        let loop = try RegexPattern("^[a-c]+x$").automaton(jsonEscaped: false).trimmed().determinized()
        let afterOne = Int(loop.next(0, UInt8(ascii: "a")))
        #expect(GrammarTables.runs(of: loop).lengths[afterOne] == UInt16.max)
    }
}
