import JSONValues
import Testing
@testable import ConstrainedDecoding

/// An object with too few declared members for its `minProperties` takes the rest from its one
/// `patternProperties` entry: keys that match the pattern (and `propertyNames`), none of the
/// declared names, each with the pattern's value; `maxProperties` keeps it to the minimum.
@Suite struct PatternMembersTests {
    struct Case: Sendable, CustomStringConvertible {
        let schema: String
        let accepted: [String]
        let refused: [String]
        var description: String { schema }
    }

    static let cases: [Case] = [
        // A map of at least one entry (as `Github_trivial---o53909`).
        Case(
            schema: #"{"type": "object", "minProperties": 1, "patternProperties": {"^[a-z_]+$": {"type": "integer"}}, "additionalProperties": false}"#,
            accepted: [#"{"ab": 1}"#, #"{"a": 1, "b_c": 2}"#, #"{"a": 1, "b": 2, "c": 3}"#],
            refused: [#"{}"#, #"{"A": 1}"#, #"{"ab": "x"}"#, #"{"ab": 1, "C": 2}"#]),
        // Exactly one entry (as `Github_hard---o83677`), keys limited by `propertyNames` too.
        Case(
            schema:
                #"{"type": "object", "minProperties": 1, "maxProperties": 1, "patternProperties": {"^[a-z]+$": {"type": "string"}}, "propertyNames": {"maxLength": 3}, "additionalProperties": false}"#,
            accepted: [#"{"abc": "x"}"#, #"{"q": ""}"#],
            refused: [#"{}"#, #"{"abcd": "x"}"#, #"{"a": "x", "b": "y"}"#, #"{"a": 1}"#]),
        // Declared members first, then pattern members whose keys are none of the declared names
        // (`x` matches the pattern too, so its value must also be an integer: here, 5 or more).
        Case(
            schema:
                #"{"type": "object", "properties": {"x": {"type": "integer", "minimum": 5}, "yy": {"type": "boolean"}}, "required": ["x"], "minProperties": 3, "patternProperties": {"^[a-z]$": {"type": "integer"}}, "additionalProperties": false}"#,
            accepted: [#"{"x": 5, "yy": true, "a": 1}"#, #"{"x": 7, "yy": false, "a": 1, "b": 2}"#],
            refused: [#"{"x": 5, "yy": true}"#, #"{"x": 5, "yy": true, "x": 6}"#, #"{"x": 1, "yy": true, "a": 1}"#, #"{"x": 5, "yy": true, "a": "s"}"#])
    ]

    @Test(arguments: cases)
    func takesTheMembersThePatternNames(_ entry: Case) throws {
        let compiled = try ByteChecks.compile(entry.schema)
        for text in entry.accepted { #expect(ByteChecks.accepts(compiled, text), "\(text)") }
        for text in entry.refused { #expect(!ByteChecks.accepts(compiled, text), "\(text)") }
    }

    /// The pattern that keeps declared names out of the pattern's keys matches each name exactly,
    /// whatever characters it holds.
    @Test(arguments: ["a.b", "x y", "(a|b)*", "\\d", "é", "😀", "a\"b", "ключ"])
    func anExactPatternMatchesItsTextOnly(_ name: String) throws {
        let pattern = RegexPattern.matchingExactly([name])
        let compiled = try ByteChecks.compile(#"{"type": "string", "pattern": "# + JSONWriter.quoted(pattern) + "}")
        #expect(ByteChecks.accepts(compiled, JSONWriter.quoted(name)), "\(name) as \(pattern)")
        for other in [name + "a", "a" + name, String(name.dropLast()), "ab"] where other != name {
            #expect(!ByteChecks.accepts(compiled, JSONWriter.quoted(other)), "\(other) against \(pattern)")
        }
    }

    /// Several patterns are still refused, naming `minProperties`.
    @Test func severalPatternsAreStillRefused() {
        let schema = #"{"type": "object", "minProperties": 1, "patternProperties": {"^a": {}, "^b": {}}, "additionalProperties": false}"#
        #expect {
            try ByteChecks.compile(schema)
        } throws: { error in
            guard case .unsupportedKeyword(let keyword, _, _)? = error as? SchemaError else { return false }
            return keyword == "minProperties"
        }
    }
}
