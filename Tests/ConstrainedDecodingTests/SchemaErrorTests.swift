import ConstrainedDecoding
import Testing

/// Refusals name the keyword and the JSON path; nothing is silently ignored.
@Suite struct SchemaErrorTests {
    static let cases: [(schema: String, keyword: String, path: String)] = [
        (##"{"type":"string","pattern":"(?=a)b"}"##, "pattern", "#"),
        (##"{"properties":{"a":{"$ref":"#/nope"}}}"##, "$ref", "#/properties/a"),
        (##"{"type":"array","contains":{"type":"integer"},"minContains":2}"##, "minContains", "#"),
        (##"{"type":"integer","minimum":5,"maximum":3}"##, "minimum", "#"),
        // A contradiction in a required part is named where it is, not only at the root.
        (##"{"type":"object","properties":{"a":{"type":"integer","minimum":5,"maximum":3}},"required":["a"]}"##, "minimum", "#/properties/a"),
        (##"{"type":"object","properties":{"a":{"type":"string","minLength":50,"maxLength":3}},"required":["a"]}"##, "minLength", "#/properties/a"),
        (##"{"type":"object","properties":{"t":{"type":"array","minItems":4,"maxItems":2}},"required":["t"]}"##, "minItems", "#/properties/t"),
        (##"{"type":"object","properties":{"e":{"enum":[]}},"required":["e"]}"##, "enum", "#/properties/e"),
        (##"{"type":"object","required":["a"],"additionalProperties":false}"##, "required", "#"),
        (##"{"type":"object","minProperties":3,"maxProperties":1}"##, "minProperties", "#"),
        (##"{"type":"number","exclusiveMinimum":2,"maximum":2}"##, "exclusiveMinimum", "#"),
        (##"{"type":"object","properties":{"n":{"type":"number","multipleOf":0.3}},"required":["n"]}"##, "multipleOf", "#/properties/n"),
        (##"{"type":"array","items":{"type":"object"},"uniqueItems":true,"minItems":2}"##, "uniqueItems", "#"),
        (##"{"type":"array","items":{"enum":["a","b"]},"uniqueItems":true,"minItems":3}"##, "uniqueItems", "#"),
        (##"{"type":"wat"}"##, "type", "#"),
        (##"{"$defs":{"a":{"$ref":"#/$defs/a"}},"$ref":"#/$defs/a"}"##, "schema", "#")
    ]

    @Test(arguments: 0..<cases.count)
    func refusalNamesKeywordAndPath(index: Int) {
        let entry = Self.cases[index]
        do {
            _ = try CompiledGrammar(jsonSchema: entry.schema, vocabulary: TestVocabularies.synthetic)
            Issue.record("expected a refusal for \(entry.schema)")
        } catch {
            #expect(error.keyword == entry.keyword, "\(error)")
            #expect(error.path == entry.path, "\(error)")
        }
    }

    @Test func invalidJSONIsReported() {
        #expect(throws: SchemaError.invalidJSON(offset: 11, reason: "expected ',' or '}'")) {
            try Grammar.jsonSchema(#"{"type": 1 2}"#)
        }
    }

    @Test func unknownFormatsAreNotedNotEnforced() throws {
        let grammar = try Grammar.jsonSchema(##"{"type":"string","format":"flag-topic"}"##)
        #expect(grammar.notes.contains { $0.contains("flag-topic") })
    }
}
