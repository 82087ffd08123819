import Foundation
@testable import FoundationModelsCore
import Testing
import SmartNotes

/// `GenerationSchema`'s initializers, properties, guides, debug text and Apple-dialect decoding.
@Suite struct GenerationSchemaTests {
    @Test func choiceOfStrings() {
        let schema = GenerationSchema(type: Priority.self, description: "Urgency", anyOf: ["now", "later"])
        #expect(schema.jsonSchemaText() == #"{"title":"Priority","description":"Urgency","type":"string","enum":["now","later"]}"#)
    }

    @Test func choiceOfTypes() {
        let schema = GenerationSchema(type: Step.self, anyOf: [Section.self, String.self, Priority.self])
        #expect(
            schema.jsonSchemaText()
                == ##"{"title":"Step","anyOf":[{"$ref":"#/$defs/Section"},{"type":"string"},{"type":"string","enum":["low","medium","high"]}],"$defs":{"Section":{"title":"Section","description":"A titled section of an article","type":"object","properties":{"heading":{"type":"string"},"body":{"type":"string"}},"required":["heading","body"],"x-order":["heading","body"],"additionalProperties":false}}}"##
        )
    }

    @Test func propertiesWithEveryInitializer() {
        let schema = GenerationSchema(
            type: Record.self, description: "Built by hand", representNilExplicitlyInGeneratedContent: true,
            properties: [
                GenerationSchema.Property(name: "plain", type: String.self),
                GenerationSchema.Property(name: "optional", description: "May be absent", type: Int?.self, guides: [.minimum(2)]),
                GenerationSchema.Property(name: "code", type: String.self, guides: [try! Regex("[A-Z]{2}-[0-9]+")]),
                GenerationSchema.Property(name: "maybeCode", type: String?.self, guides: [/x+/])
            ])
        #expect(
            schema.jsonSchemaText()
                == #"{"title":"Record","description":"Built by hand","type":"object","properties":{"plain":{"type":"string"},"optional":{"description":"May be absent","type":"integer","minimum":2},"code":{"type":"string","pattern":"[A-Z]{2}\\-[0-9]+"},"maybeCode":{"type":"string","pattern":"x+"}},"required":["plain","code"],"x-order":["plain","optional","code","maybeCode"],"additionalProperties":false}"#
        )
        #expect(schema.representsNilExplicitly)
        #expect(!NotesDigest.generationSchema.representsNilExplicitly)
    }

    @Test func guidesCarryTheirConstraints() {
        #expect(GenerationGuide<String>.pattern(/[a-z]+\d/).constraint == .pattern("[a-z]+\\d"))
        #expect(GenerationGuide<String>._pattern(/x/, source: "as written").constraint == .pattern("as written"))
        #expect(GenerationGuide<[Int]>.element(.range(1...3)).constraint == .element(.range(.integer(1), .integer(3))))
        #expect(GenerationGuide<[[String]]>.element(.element(.anyOf(["a"]))).constraint == .element(.element(.anyOf(["a"]))))
        #expect(GenerationGuide<[Never]>.count(3).constraint == .count(3, 3))
        #expect(GenerationGuide<[String]>.count(1...2).constraint == .count(1, 2))
        #expect(GenerationGuide<Float>.range(0...1).constraint == .range(.double(0), .double(1)))
        #expect(GenerationGuide<Decimal>.maximum(Decimal(string: "0.1") ?? 0).constraint == .maximum(.decimal(Decimal(string: "0.1") ?? 0)))
        #expect(GenerationGuide<String>.constant("x").constraint == .constant("x"))
        #expect(GenerationGuide<String>.anyOf(["x", "y"]).constraint == .anyOf(["x", "y"]))
    }

    @Test func decimalBoundsPrintExactly() {
        let schema = GenerationSchema(
            type: Record.self,
            properties: [
                GenerationSchema.Property(name: "price", type: Decimal.self, guides: [.range((Decimal(string: "0.1") ?? 0)...(Decimal(string: "99.99") ?? 0))])
            ])
        #expect(schema.jsonSchemaText().contains(#""minimum":0.1,"maximum":99.99"#))
    }

    @Test func debugDescriptionIsThePrettySchema() {
        #expect(
            Priority.generationSchema.debugDescription == """
                {
                  "title": "Priority",
                  "type": "string",
                  "enum": ["low", "medium", "high"]
                }
                """)
    }

    @Test func twoTypesWithOneNameGetDistinctDefinitions() {
        let schema = GenerationSchema(
            type: Record.self,
            properties: [
                GenerationSchema.Property(name: "outer", type: Review.Verdict.self),
                GenerationSchema.Property(name: "first", type: Section.self),
                GenerationSchema.Property(name: "second", type: Outer.Section.self)
            ])
        let text = schema.jsonSchemaText()
        #expect(text.contains(##""first":{"$ref":"#/$defs/Section"}"##))
        #expect(text.contains(##""second":{"$ref":"#/$defs/FoundationModelsTests.Outer.Section"}"##))
    }

    // MARK: - Apple's dialect through Codable

    private func decode(_ json: String) throws -> GenerationSchema {
        try JSONDecoder().decode(GenerationSchema.self, from: Data(json.utf8))
    }

    @Test func droppedKeywords() throws {
        let schema = try decode(
            #"""
            {"type": "object", "title": "Hand", "additionalProperties": false, "x-order": ["a"], "required": ["a"],
             "properties": {"a": {"type": "string", "description": "a field", "default": "hi", "format": "float", "$comment": "c"}}}
            """#)
        #expect(
            schema.jsonSchemaText()
                == #"{"title":"Hand","type":"object","properties":{"a":{"description":"a field","type":"string"}},"required":["a"],"x-order":["a"],"additionalProperties":false}"#)
    }

    @Test func keywordsTheModelCannotCarryAreKeptVerbatim() throws {
        let schema = try decode(
            #"""
            {"type": "object", "title": "Hand", "additionalProperties": false, "x-order": ["a"], "required": ["a"],
             "properties": {"a": {"type": "string", "description": "a field", "default": "hi", "minLength": 1, "format": "email"}}}
            """#)
        // `JSONDecoder` hands the members over in any order; the subschema keeps them all.
        #expect(
            JSONCanonicalForm.text(of: schema.jsonSchemaValue())
                == #"{"additionalProperties":false,"properties":{"a":{"default":"hi","description":"a field","format":"email","minLength":1,"type":"string"}},"required":["a"],"title":"Hand","type":"object","x-order":["a"]}"#
        )
    }

    /// Apple-dialect documents that `Decodable` rejects, and the message it gives.
    @Test(arguments: [
        (#"{"type": "object", "properties": {}, "required": [], "additionalProperties": false}"#, "missing keyword 'x-order' at #"),
        (#"{"type": "object", "properties": {}, "x-order": [], "additionalProperties": false}"#, "missing keyword 'required' at #"),
        (#"{"type": ["string", "null"]}"#, "invalid value for 'type' at #: a list of types is not part of Apple's dialect"),
        // What the decoder refuses, in a verbatim subschema.
        (##"{"allOf": [{"$dynamicRef": "#a"}]}"##, "unsupported keyword '$dynamicRef' at #"),
        (#"{"type": "array", "items": {}, "minContains": 1}"#, "unsupported keyword 'minContains' at #"),
        (#"{"type": "string", "vendor": 1}"#, "unsupported keyword 'vendor' at #"),
        (
            #"{"type": "object", "properties": {}, "required": [], "x-order": [], "additionalProperties": true}"#,
            "invalid value for 'additionalProperties' at #: only false or a schema is supported"
        ),
        (
            #"{"title": "A", "type": "object", "properties": {}, "required": [], "x-order": [], "additionalProperties": false, "$defs": {"A": {"type": "string"}}}"#,
            "invalid schema: More than one schema is named 'A'."
        ),
        (
            #"{"type": "object", "properties": {"a": {}}, "required": ["b"], "x-order": ["a"], "additionalProperties": false}"#,
            "invalid value for 'required' at #: 'b' is not among the properties"
        )
    ])
    func rejectedByDecodable(_ json: String, message: String) {
        #expect {
            try decode(json)
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return false }
            return context.debugDescription == message && context.underlyingError is JSONSchemaImportError
        }
    }
}

/// A second type named `Section`, to check that definitions keep distinct names.
enum Outer {
    @Generable
    struct Section {
        var title: String
    }
}
