import Foundation
import JSONValues
import Testing

/// The one writer: its layouts, its escaping, and round trips through the reader.
@Suite struct JSONWriterTests {
    static let sample = JSONValue.object([
        JSONMember("title", .string("Note")),
        JSONMember("required", .array([.string("b"), .string("a")])),
        JSONMember("properties", .object([JSONMember("b", .object([JSONMember("type", .string("number")), JSONMember("multipleOf", .number("0.01"))]))])),
        JSONMember("empty", .object([])),
        JSONMember("list", .array([.object([]), .null]))
    ])

    @Test func layouts() {
        #expect(
            JSONWriter.compact.text(of: Self.sample)
                == #"{"title":"Note","required":["b","a"],"properties":{"b":{"type":"number","multipleOf":0.01}},"empty":{},"list":[{},null]}"#)
        #expect(
            JSONWriter.spaced.text(of: Self.sample)
                == #"{"title": "Note", "required": ["b", "a"], "properties": {"b": {"type": "number", "multipleOf": 0.01}}, "empty": {}, "list": [{}, null]}"#)
        #expect(
            JSONWriter.indented.text(of: Self.sample) == """
                {
                  "title": "Note",
                  "required": ["b", "a"],
                  "properties": {
                    "b": {
                      "type": "number",
                      "multipleOf": 0.01
                    }
                  },
                  "empty": {},
                  "list": [
                    {},
                    null
                  ]
                }
                """)
    }

    @Test func escapingLeavesSlashesAndNonASCIIAlone() {
        #expect(JSONWriter.quoted("a\"b\\c/d é😀\n\r\t\u{08}\u{0C}\u{01}\u{1F}\u{7F}") == #""a\"b\\c/d é😀\n\r\t\b\f\u0001\u001f\#u{7F}""#)
    }

    @Test(arguments: [
        #"{"b":1.50,"a":[true,null,"é😀\n"],"c":{"d":-1.5e-7,"e":[]}}"#,
        #"[0,-0,1E+2,12345678901234567890123]"#,
        #"{"k":"v","k":"w"}"#
    ])
    func compactTextRoundTrips(_ text: String) throws {
        let value = try JSONReader.read(text)
        #expect(value.jsonText() == text)
        #expect(try JSONReader.read(value.jsonText(.indented)) == value)
        #expect(try JSONReader.read(value.jsonText(.spaced)) == value)
    }

    @Test func numbersFromDoubles() {
        #expect(JSONValue.numberText(1) == "1")
        #expect(JSONValue.numberText(-0.5) == "-0.5")
        #expect(JSONValue.numberText(0.1) == "0.1")
        #expect(JSONValue.numberText(1e20) == "1e+20")
        #expect(JSONValue.numberText(.nan) == "null")
        #expect(JSONValue.numberText(.infinity) == "null")
    }

    @Test func codableKeepsIntegersExactAndNestsValues() throws {
        let value = try JSONReader.read(#"{"a":[1,2.5,"x",true,null],"big":9007199254740993}"#)
        let data = try JSONEncoder().encode(value)
        let decoded = try JSONDecoder().decode(JSONValue.self, from: data)
        // JSONDecoder's key order is its own; compare members by key.
        #expect(decoded["a"] == value["a"])
        #expect(decoded["big"] == .number("9007199254740993"))
    }
}
