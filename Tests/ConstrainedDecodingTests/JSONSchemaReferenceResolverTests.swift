import ConstrainedDecoding
import JSONValues
import Testing

/// The one resolver of `$ref`s, shared by the schema compiler and the schema importer.
@Suite struct JSONSchemaReferenceResolverTests {
    static let document = try! JSONReader.read(
        #"""
        {"$id": "https://example.com/root.json",
         "$defs": {"a/b": {"type": "string"}, "m~n": {"type": "integer"}, "x y": {"type": "null"},
                   "named": {"$anchor": "here", "type": "boolean"},
                   "other": {"$id": "other.json", "properties": {"p": {"type": "number"}}},
                   "old": {"id": "#legacy", "type": "array"}},
         "items": [{"const": 1}, {"const": 2}]}
        """#)

    func tokens(_ reference: String) -> [String]? {
        JSONSchemaReferenceResolver(document: Self.document).resolve(reference)?.tokens
    }

    @Test func pointersUnescapeAndDecode() {
        #expect(tokens("#") == [])
        #expect(tokens("#/$defs/a~1b") == ["$defs", "a/b"])
        #expect(tokens("#/$defs/m~0n") == ["$defs", "m~n"])
        #expect(tokens("#/$defs/x%20y") == ["$defs", "x y"])
        #expect(tokens("#/items/1") == ["items", "1"])
        #expect(JSONSchemaReferenceResolver(document: Self.document).resolve("#/items/1")?.schema == .object([JSONMember("const", .number("2"))]))
    }

    @Test func anchorsAndIdentifiers() {
        #expect(tokens("#here") == ["$defs", "named"])
        #expect(tokens("#legacy") == ["$defs", "old"])
        #expect(tokens("other.json#/properties/p") == ["$defs", "other", "properties", "p"])
        #expect(tokens("https://example.com/root.json#/$defs/a~1b") == ["$defs", "a/b"])
    }

    @Test func referencesThatLeadNowhere() {
        for reference in ["", "$defs/a", "#/nope", "#/items/2", "#/items/-1", "#nowhere", "missing.json#", "#/$defs/a~1b/type/x"] {
            #expect(tokens(reference) == nil, "\(reference)")
        }
    }

    @Test func pointerTokensRoundTrip() {
        let tokens = ["a/b", "m~n", "", "~1"]
        #expect(JSONPointer.tokens(JSONPointer.pointer(tokens)) == tokens)
        #expect(JSONPointer.escape("~1") == "~01")
        #expect(JSONPointer.unescape("~01") == "~1")
        #expect(JSONPointer.tokens("no-slash") == nil)
    }
}
