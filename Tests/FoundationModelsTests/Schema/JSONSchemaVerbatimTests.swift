import ConstrainedDecoding
import Foundation
@testable import FoundationModelsCore
import JSONValues
import Testing

/// Subschemas that Apple's schema model cannot carry but the constrained decoder enforces: both
/// importers accept them (kept verbatim), the document the schema writes compiles, and its grammar
/// takes a known valid instance and refuses a known invalid one. Instances are written in the
/// decoder's canonical layout (`": "` and `", "`).
@Suite struct JSONSchemaVerbatimTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let document: String
        let valid: [String]
        let invalid: [String]

        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "allOf",
            document: #"{"type": "object", "properties": {"a": {"allOf": [{"type": "integer", "minimum": 0}, {"maximum": 10}]}}, "required": ["a"]}"#,
            valid: [#"{"a": 5}"#], invalid: [#"{"a": 11}"#, #"{"a": -1}"#]),
        Case(
            name: "anyOf with a branch the model cannot carry",
            document: #"{"anyOf": [{"type": "string", "maxLength": 2}, {"type": "integer"}]}"#,
            valid: [#""ab""#, "7"], invalid: [#""abc""#, "true"]),
        Case(
            name: "anyOf beside a constraint",
            document: #"{"type": "integer", "anyOf": [{"minimum": 10}, {"maximum": 0}]}"#,
            valid: ["12", "-3"], invalid: ["5", #""x""#]),
        Case(
            name: "oneOf with overlapping branches",
            document: #"{"oneOf": [{"type": "integer", "multipleOf": 2}, {"type": "integer", "multipleOf": 3}]}"#,
            valid: ["4", "9"], invalid: ["6", "5"]),
        Case(
            name: "not",
            document: #"{"type": "object", "properties": {"s": {"type": "string", "not": {"pattern": "^a"}}}, "required": ["s"]}"#,
            valid: [#"{"s": "ba"}"#], invalid: [#"{"s": "ab"}"#]),
        Case(
            name: "not, allowing nothing",
            document: #"{"type": "object", "properties": {"a": {"type": "array", "items": {"not": {}}}}, "required": ["a"]}"#,
            valid: [#"{"a": []}"#], invalid: [#"{"a": [1]}"#]),
        Case(
            name: "if, then, else",
            document: #"""
                {"type": "object", "properties": {"kind": {"enum": ["a", "b"]}, "n": {"type": "integer"}}, "required": ["kind", "n"],
                 "if": {"properties": {"kind": {"const": "a"}}}, "then": {"properties": {"n": {"maximum": 0}}}, "else": {"properties": {"n": {"minimum": 1}}}}
                """#,
            valid: [#"{"kind": "a", "n": 0}"#, #"{"kind": "b", "n": 3}"#], invalid: [#"{"kind": "a", "n": 5}"#, #"{"kind": "b", "n": 0}"#]),
        Case(
            name: "patternProperties",
            document: #"{"type": "object", "properties": {"x_a": {}, "b": {}}, "patternProperties": {"^x_": {"type": "integer"}}, "required": ["x_a"]}"#,
            valid: [#"{"x_a": 1, "b": "s"}"#], invalid: [#"{"x_a": "s"}"#]),
        Case(
            name: "additionalProperties as a schema",
            document: #"{"type": "object", "properties": {"a": {"type": "integer"}}, "additionalProperties": {"type": "string"}}"#,
            valid: [#"{"a": 1, "b": "x"}"#, #"{"a": 1}"#], invalid: [#"{"a": 1, "b": 2}"#]),
        Case(
            name: "additionalProperties as a schema, a map",
            document: #"{"type": "object", "additionalProperties": {"type": "integer", "minimum": 0}}"#,
            valid: [#"{"k": 1, "l": 2}"#, "{}"], invalid: [#"{"k": -1}"#]),
        Case(
            name: "items as a schema, prefixItems",
            document: #"{"type": "array", "prefixItems": [{"type": "string"}, {"type": "integer"}], "items": {"type": "boolean"}}"#,
            valid: [#"["a", 1, true]"#, #"["a"]"#], invalid: [#"["a", "b"]"#, #"["a", 1, 2]"#]),
        Case(
            name: "items as a list of schemas",
            document: #"{"type": "array", "items": [{"type": "string"}, {"type": "null"}], "additionalItems": false}"#,
            valid: [#"["a", null]"#], invalid: [#"["a", null, 1]"#, "[1]"]),
        Case(
            name: "contains",
            document: #"{"type": "array", "items": {"type": "integer"}, "contains": {"minimum": 10}}"#,
            valid: ["[10, 1]"], invalid: ["[]", "[1]"]),
        Case(
            name: "propertyNames",
            document: #"{"type": "object", "properties": {"ab": {"type": "integer"}, "abc": {"type": "integer"}}, "propertyNames": {"maxLength": 2}}"#,
            valid: [#"{"ab": 1}"#], invalid: [#"{"ab": 1, "abc": 2}"#]),
        Case(
            name: "dependentRequired",
            document: #"{"type": "object", "properties": {"a": {"type": "integer"}, "b": {"type": "integer"}}, "required": ["a"], "dependentRequired": {"a": ["b"]}}"#,
            valid: [#"{"a": 1, "b": 2}"#], invalid: [#"{"a": 1}"#]),
        Case(
            name: "const of a number",
            document: #"{"type": "object", "properties": {"n": {"const": 3}}, "required": ["n"]}"#,
            valid: [#"{"n": 3}"#], invalid: [#"{"n": 4}"#, #"{"n": "3"}"#]),
        Case(name: "const of null", document: #"{"const": null}"#, valid: ["null"], invalid: ["0"]),
        Case(name: "const of a Boolean", document: #"{"const": true}"#, valid: ["true"], invalid: ["false"]),
        Case(name: "const of a string", document: #"{"const": "s"}"#, valid: [#""s""#], invalid: [#""t""#]),
        Case(name: "const of an array", document: #"{"const": [1, "x"]}"#, valid: [#"[1, "x"]"#], invalid: ["[1]"]),
        Case(name: "const of an object", document: #"{"const": {"k": [1, "x"]}}"#, valid: [#"{"k": [1, "x"]}"#], invalid: [#"{"k": [1]}"#]),
        Case(
            name: "enum of every type",
            document: #"{"enum": ["a", 1, 2.5, false, null, [1], {"b": 2}]}"#,
            valid: [#""a""#, "1", "2.5", "false", "null", "[1]", #"{"b": 2}"#], invalid: ["3", "true", #""b""#, "[2]"]),
        Case(name: "enum of integers", document: #"{"type": "integer", "enum": [1, 2]}"#, valid: ["2"], invalid: ["3"]),
        // Repeats ([1, 1]) are refused while decoding by the constraint's guard, not by the
        // grammar (UniqueItemsTests); the grammar still holds the item type.
        Case(
            name: "uniqueItems",
            document: #"{"type": "array", "items": {"type": "integer"}, "uniqueItems": true}"#,
            valid: ["[1]", "[]", "[1, 2]"], invalid: [#"[1, "a"]"#]),
        Case(
            name: "minProperties and maxProperties",
            document: #"{"type": "object", "properties": {"a": {"type": "integer"}, "b": {"type": "integer"}}, "minProperties": 1, "maxProperties": 1}"#,
            valid: [#"{"a": 1}"#], invalid: ["{}", #"{"a": 1, "b": 2}"#]),
        Case(name: "format: date-time", document: #"{"type": "string", "format": "date-time"}"#, valid: [#""2024-01-02T03:04:05Z""#], invalid: [#""2024-13-02T03:04:05Z""#]),
        Case(name: "format: date", document: #"{"type": "string", "format": "date"}"#, valid: [#""2024-01-02""#], invalid: [#""2024-1-2""#]),
        Case(name: "format: time", document: #"{"type": "string", "format": "time"}"#, valid: [#""03:04:05Z""#], invalid: [#""3:4:5""#]),
        Case(name: "format: email", document: #"{"type": "string", "format": "email"}"#, valid: [#""a@b.co""#], invalid: [#""a@b""#]),
        Case(
            name: "format: uuid", document: #"{"type": "string", "format": "uuid"}"#, valid: [#""123e4567-e89b-12d3-a456-426614174000""#],
            invalid: [#""123e4567""#]),
        Case(name: "format: uri", document: #"{"type": "string", "format": "uri"}"#, valid: [#""https://example.com/a""#], invalid: [#""example""#]),
        Case(name: "format: ipv4", document: #"{"type": "string", "format": "ipv4"}"#, valid: [#""192.168.0.1""#], invalid: [#""256.1.1.1""#]),
        Case(name: "format: ipv6", document: #"{"type": "string", "format": "ipv6"}"#, valid: [#""2001:db8:0:0:0:0:0:1""#], invalid: [#""::1""#]),
        Case(
            name: "minLength and maxLength",
            document: #"{"type": "object", "properties": {"zip": {"type": "string", "pattern": "^[0-9]+$", "minLength": 5, "maxLength": 5}}, "required": ["zip"]}"#,
            valid: [#"{"zip": "12345"}"#], invalid: [#"{"zip": "1234"}"#, #"{"zip": "abcde"}"#]),
        Case(
            name: "integer bounds with multipleOf",
            document: #"{"type": "integer", "minimum": 0, "maximum": 100, "multipleOf": 5}"#,
            valid: ["35", "0"], invalid: ["36", "105", "-5"]),
        Case(
            name: "number bounds with a fractional multipleOf",
            document: #"{"type": "number", "multipleOf": 0.5, "exclusiveMinimum": 0, "maximum": 2}"#,
            valid: ["2", "1"], invalid: ["0", "3"]),
        Case(
            name: "exclusive bounds of a number",
            document: #"{"type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 1}"#,
            valid: ["0.5"], invalid: ["0", "1"]),
        Case(
            name: "a false schema",
            document: #"{"type": "object", "properties": {"a": {"type": "integer"}, "b": false}}"#,
            valid: [#"{"a": 1}"#], invalid: [#"{"a": 1, "b": 1}"#]),
        Case(
            name: "local $ref into a definition, recursion inside a verbatim subschema",
            document: ##"""
                {"type": "object", "properties": {"tree": {"$ref": "#/definitions/T"}}, "required": ["tree"],
                 "definitions": {"T": {"type": "object", "properties": {"n": {"type": "integer"}, "kids": {"type": "array", "items": {"$ref": "#/definitions/T"}}},
                                       "required": ["n"], "minProperties": 1}}}
                """##,
            valid: [#"{"tree": {"n": 1, "kids": [{"n": 2}]}}"#], invalid: [#"{"tree": {"kids": []}}"#]),
        Case(
            name: "recursion to the root inside a verbatim subschema",
            document: ##"""
                {"title": "Expr", "type": "object", "properties": {"op": {"enum": ["+", "-"]},
                 "args": {"type": "array", "prefixItems": [{"anyOf": [{"type": "integer"}, {"$ref": "#"}]}], "items": false, "minItems": 1}},
                 "required": ["op", "args"]}
                """##,
            valid: [#"{"op": "+", "args": [{"op": "-", "args": [1]}]}"#], invalid: [#"{"op": "+", "args": ["x"]}"#, #"{"op": "+", "args": [1, 2]}"#]),
        Case(
            name: "$ref beside a constraint, pointer references",
            document: ##"""
                {"type": "object", "properties": {"a": {"type": "string"}, "b": {"$ref": "#/properties/a", "maxLength": 1}, "c": {"$ref": "#/$defs/C", "minimum": 2}},
                 "required": ["a", "b", "c"], "$defs": {"C": {"type": "integer"}}}
                """##,
            valid: [#"{"a": "long", "b": "x", "c": 2}"#], invalid: [#"{"a": "long", "b": "xy", "c": 2}"#, #"{"a": "long", "b": "x", "c": 1}"#])
    ]

    /// 256 single-byte tokens and an end-of-generation token.
    static let vocabulary = TokenVocabulary(tokens: (0..<256).map { [UInt8($0)] } + [Array("<eos>".utf8)], specialTokens: [256], endOfGenerationTokens: [256])

    static func accepts(_ grammar: CompiledGrammar, _ text: String) -> Bool {
        let matcher = GrammarMatcher(grammar: grammar)
        do { try matcher.acceptBytes(Array(text.utf8)) } catch { return false }
        return matcher.canTerminate
    }

    @Test(arguments: cases)
    func acceptedAndEnforced(_ testCase: Case) throws {
        let imported = try GenerationSchema(jsonSchema: testCase.document)
        let dynamic = try GenerationSchema(root: try DynamicGenerationSchema(jsonSchema: testCase.document), dependencies: [])
        for schema in [imported, dynamic] {
            let document = schema.jsonSchemaValue()
            let grammar = try CompiledGrammar(Grammar.jsonSchema(document), vocabulary: Self.vocabulary)
            for instance in testCase.valid {
                #expect(Self.accepts(grammar, instance), "\(instance) against \(document.jsonText())")
            }
            for instance in testCase.invalid {
                #expect(!Self.accepts(grammar, instance), "\(instance) against \(document.jsonText())")
            }
            // Apple's dialect carries the verbatim subschemas through `Codable`.
            let decoded = try JSONDecoder().decode(GenerationSchema.self, from: JSONEncoder().encode(schema))
            #expect(JSONCanonicalForm.text(of: decoded.jsonSchemaValue()) == JSONCanonicalForm.text(of: document))
        }
    }

    @Test func whatTheModelCannotCarryIsVerbatimAndTheRestStaysInTheModel() throws {
        let schema = try GenerationSchema(
            jsonSchema: #"{"type": "object", "properties": {"a": {"allOf": [{"type": "integer"}]}, "b": {"type": "string"}}, "required": ["a"]}"#)
        guard case .object(let properties, _) = schema.root.kind else {
            Issue.record("the root is no longer an object: \(schema.root.kind)")
            return
        }
        #expect(properties.map(\.name) == ["a", "b"])
        guard case .verbatim(let value) = properties[0].node.kind, case .string = properties[1].node.kind else {
            Issue.record("unexpected kinds: \(properties.map(\.node.kind))")
            return
        }
        #expect(value == (try JSONReader.read(#"{"allOf": [{"type": "integer"}]}"#)))
        #expect(schema.containsVerbatim)
        #expect(!(try GenerationSchema(jsonSchema: #"{"type": "string", "format": "float"}"#)).containsVerbatim)
    }

    @Test func anEncodedSchemaDecodesToItselfExactlyWithTheReader() throws {
        // `JSONDecoder` loses key order; the package's own reader keeps it, so the text is equal.
        let schema = try GenerationSchema(jsonSchema: Self.cases[0].document)
        let text = schema.jsonSchemaText()
        #expect(try GenerationSchema(jsonSchema: text).jsonSchemaText() == text)
        let decoded = try JSONDecoder().decode(GenerationSchema.self, from: JSONEncoder().encode(schema))
        #expect(decoded.containsVerbatim)
    }

    @Test func titlesAndDescriptionsBelongToTheNode() throws {
        let schema = try GenerationSchema(
            jsonSchema: ##"""
                {"title": "Form", "description": "A form", "type": "object",
                 "properties": {"zip": {"title": "Zip", "description": "Postal code", "type": "string", "minLength": 5}},
                 "$defs": {"Unused": {"title": "Ignored", "description": "Kept", "not": {"type": "null"}}}}
                """##)
        // An inline subschema keeps its `title` (an annotation); a definition is named by its key.
        #expect(
            schema.jsonSchemaText()
                == #"{"title":"Form","description":"A form","type":"object","properties":{"zip":{"description":"Postal code","title":"Zip","type":"string","minLength":5}},"required":[],"x-order":["zip"],"additionalProperties":false,"$defs":{"Unused":{"title":"Unused","description":"Kept","not":{"type":"null"}}}}"#
        )
        #expect(schema.rootTypeName == "Form")
        // A verbatim root is named by its `title`, and keeps everything below it as written.
        let root = try GenerationSchema(jsonSchema: #"{"minProperties": 1, "title": "Form", "description": "A form", "properties": {"a": {"title": "A"}}}"#)
        #expect(root.jsonSchemaText() == #"{"title":"Form","description":"A form","minProperties":1,"properties":{"a":{"title":"A"}}}"#)
        #expect(root.rootTypeName == "Form")
        #expect(try GenerationSchema(jsonSchema: #"{"type": "array", "uniqueItems": true}"#).rootTypeName == "array")
        #expect(try GenerationSchema(jsonSchema: #"{"allOf": [{"type": "array"}]}"#).rootTypeName == "schema")
    }

    @Test func aDynamicSchemaWithVerbatimSubschemasJoinsAnother() throws {
        let expression = try DynamicGenerationSchema(jsonSchema: Self.cases.first { $0.name.hasPrefix("recursion to the root") }!.document)
        let sheet = DynamicGenerationSchema(name: "Sheet", properties: [.init(name: "cells", schema: .init(arrayOf: expression))])
        let schema = try GenerationSchema(root: sheet, dependencies: [])
        let text = schema.jsonSchemaText()
        // The root's own `#` now names it, where it is written under `$defs`.
        #expect(text.contains(##""prefixItems":[{"anyOf":[{"type":"integer"},{"$ref":"#/$defs/Expr"}]}]"##), "\(text)")
        #expect(text.contains(##""items":{"$ref":"#/$defs/Expr"}"##), "\(text)")
        let grammar = try CompiledGrammar(Grammar.jsonSchema(schema.jsonSchemaValue()), vocabulary: Self.vocabulary)
        #expect(Self.accepts(grammar, #"{"cells": [{"op": "+", "args": [{"op": "-", "args": [1]}]}]}"#))
        #expect(!Self.accepts(grammar, #"{"cells": [{"op": "+", "args": ["x"]}]}"#))
    }

    @Test func definitionsUsedOnlyFromVerbatimSubschemasAreWritten() throws {
        let schema = try GenerationSchema(
            jsonSchema: ##"""
                {"type": "object", "properties": {"a": {"not": {"$ref": "#/definitions/Banned"}}, "b": {"allOf": [{"$ref": "#/properties/c/items"}]},
                 "c": {"type": "array", "items": {"type": "integer", "minimum": 3}}},
                 "definitions": {"Banned": {"const": 0}}}
                """##)
        let document = schema.jsonSchemaValue()
        #expect(document["$defs"]?.objectMembers?.map(\.key) == ["Banned", "properties/c/items"])
        #expect(document["properties"]?["a"] == (try JSONReader.read(##"{"not": {"$ref": "#/$defs/Banned"}}"##)))
        #expect(document["properties"]?["b"] == (try JSONReader.read(##"{"allOf": [{"$ref": "#/$defs/properties~1c~1items"}]}"##)))
        _ = try Grammar.jsonSchema(document)
    }

    @Test func thePromptShowsAVerbatimSubschemaAsItsJSONSchema() throws {
        let schema = try GenerationSchema(
            jsonSchema: #"""
                {"title": "Order", "type": "object", "properties": {
                  "zip": {"description": "Postal code", "type": "string", "minLength": 5, "$comment": "US only", "examples": ["12345"]},
                  "tags": {"type": "array", "items": {"title": "Tag", "type": "string", "format": "uuid"}}},
                 "required": ["zip"], "$defs": {"Rule": {"not": {"type": "null"}, "description": "Anything but null"}}}
                """#)
        #expect(
            SchemaPromptRendering.compact(schema) == """
                Respond with JSON of type Order.
                Order = {
                  zip: {"type":"string","minLength":5}, // Postal code
                  tags?: {"type":"string","format":"uuid"}[],
                }
                // Rule: Anything but null
                Rule = {"not":{"type":"null"}}
                """)
    }
}
