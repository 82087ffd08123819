import JSONValues
import Testing

/// The strict reader: order, exact numbers, strings, and every error with its offset.
@Suite struct JSONReaderTests {
    @Test func objectsKeepTheirKeyOrderAndRepeatedKeys() throws {
        let value = try JSONReader.read(#"{"z": 1, "a": 2, "m": {"y": null, "b": true}, "a": 3}"#)
        #expect(value.objectMembers?.map(\.key) == ["z", "a", "m", "a"])
        #expect(value["m"]?.objectMembers?.map(\.key) == ["y", "b"])
        // Lookup by name finds the first; the merged reading keeps the first position, last value.
        #expect(value["a"] == .number("2"))
        let merged = value.mergingDuplicateKeys()
        #expect(merged.objectMembers?.map(\.key) == ["z", "a", "m"])
        #expect(merged["a"] == .number("3"))
    }

    @Test(arguments: ["0", "-0", "0.1", "1.50", "-1.50e3", "1E+2", "12345678901234567890123", "1e-400", "99.99"])
    func numbersKeepTheirTextExactly(_ text: String) throws {
        #expect(try JSONReader.read(text) == .number(text))
        #expect(try JSONReader.read("[\(text)]").jsonText() == "[\(text)]")
    }

    @Test func stringsDecodeEscapesAndSurrogatePairs() throws {
        let value = try JSONReader.read(#""a\"b\\c\/d\b\f\n\r\t\u00e9\ud83d\ude00é""#)
        #expect(value == .string("a\"b\\c/d\u{08}\u{0C}\n\r\té😀é"))
    }

    @Test func loneSurrogatesBecomeReplacementCharacters() throws {
        #expect(try JSONReader.read(#""\ud800x""#) == .string("\u{FFFD}x"))
        #expect(try JSONReader.read(#""\udc00""#) == .string("\u{FFFD}"))
        #expect(try JSONReader.read(#""\ud800\u0041""#) == .string("\u{FFFD}A"))
    }

    @Test func scalarsAndWhitespaceAtTheTop() throws {
        #expect(try JSONReader.read(" \n\ttrue\r\n") == .bool(true))
        #expect(try JSONReader.read("null") == .null)
        #expect(try JSONReader.read(#""x""#) == .string("x"))
        #expect(try JSONReader.read("[]") == .array([]))
        #expect(try JSONReader.read("{}") == .object([]))
    }

    static let errors: [(text: String, offset: Int, reason: String)] = [
        ("", 0, "the document ends early"),
        (#"{"type": "object", "properties": {"#, 34, "the document ends early"),
        (#"{"type": "object",, }"#, 18, "expected a key string, found ','"),
        (#"{"type": 1 2}"#, 11, "expected ',' or '}'"),
        ("[1 2]", 3, "expected ',' or ']'"),
        (#"{"a" 1}"#, 5, "expected ':' after a key, found '1'"),
        ("[1,]", 3, "expected a JSON value, found ']'"),
        ("01", 1, "unexpected '1' after the JSON value"),
        ("-x", 1, "expected a digit, found 'x'"),
        ("1.", 2, "the document ends early"),
        ("1.e3", 2, "expected a digit after '.', found 'e'"),
        ("1e+", 3, "the document ends early"),
        ("1ex", 2, "expected a digit in the exponent, found 'x'"),
        ("tru", 3, "the document ends early"),
        ("trux", 3, "expected 'true', found 'x'"),
        ("NaN", 0, "expected a JSON value, found 'N'"),
        ("\"a\nb\"", 2, "a control character must be escaped in a string"),
        (#""\q""#, 2, #"invalid escape '\q' in a string"#),
        (#""\u12g4""#, 5, #"expected a hexadecimal digit in a \u escape, found 'g'"#),
        ("{} {}", 3, "unexpected '{' after the JSON value")
    ]

    @Test(arguments: errors)
    func errorsNameTheirOffsetAndReason(_ text: String, _ offset: Int, _ reason: String) {
        #expect(throws: JSONReadError(offset: offset, reason: reason)) { try JSONReader.read(text) }
    }

    @Test func theErrorIsTyped() {
        do {
            _ = try JSONReader.read("[")
            Issue.record("expected an error")
        } catch {
            // `error` is a `JSONReadError` (typed throws), with no cast.
            #expect(error.description == "invalid JSON at byte 1: the document ends early")
        }
    }

    @Test func nestingIsLimited() throws {
        let deep = String(repeating: "[", count: JSONReader.maximumDepth) + String(repeating: "]", count: JSONReader.maximumDepth)
        _ = try JSONReader.read(deep)
        let tooDeep = "[" + deep + "]"
        #expect(throws: JSONReadError(offset: JSONReader.maximumDepth, reason: "nesting deeper than 512 arrays and objects")) {
            try JSONReader.read(tooDeep)
        }
    }

    @Test func invalidUTF8InStringsBecomesReplacementCharacters() throws {
        #expect(try JSONReader.read(utf8: [0x22, 0xFF, 0x22]) == .string("\u{FFFD}"))
    }
}
