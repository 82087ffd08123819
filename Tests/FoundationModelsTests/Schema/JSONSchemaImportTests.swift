import Foundation
@testable import FoundationModels
import Testing

/// `GenerationSchema(jsonSchema:)` and `DynamicGenerationSchema(jsonSchema:)`: standard JSON Schema
/// and Apple's dialect in, Apple's dialect out, with typed errors naming keyword and path.
@Suite struct JSONSchemaImportTests {
    static let order = #"""
        {
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "title": "Order",
          "description": "An order",
          "type": "object",
          "properties": {
            "zip": {"type": "string", "pattern": "^[0-9]{5}$", "minLength": 5},
            "id": {"type": "integer", "exclusiveMinimum": 0, "maximum": 99.5},
            "note": {"type": ["string", "null"], "default": "none"},
            "status": {"enum": ["open", "closed", null]},
            "kind": {"const": "order"},
            "lines": {"type": "array", "items": {"$ref": "#/$defs/Line"}, "minItems": 1, "maxItems": 10},
            "payment": {"oneOf": [{"$ref": "#/definitions/Card"}, {"type": "boolean"}]},
            "parent": {"$ref": "#"},
            "ratio": {"type": "number", "minimum": 0, "maximum": 1, "format": "float"},
            "anything": {},
            "tags": {"type": "array", "items": {"type": "string"}, "uniqueItems": false},
            "flag": {"type": "boolean", "x-vendor": 1}
          },
          "required": ["id", "zip", "lines"],
          "additionalProperties": true,
          "$defs": {
            "Line": {"type": "object", "properties": {"sku": {"type": "string"}, "qty": {"type": "integer", "minimum": 1}}, "required": ["sku", "qty"]}
          },
          "definitions": {
            "Card": {"type": "object", "properties": {"number": {"type": "string"}}, "required": ["number"], "nullable": true}
          }
        }
        """#

    @Test func standardDocumentKeepsKeyOrder() throws {
        let schema = try GenerationSchema(jsonSchema: Self.order)
        #expect(schema.jsonSchemaText(prettyPrinted: true) == #"""
            {
              "title": "Order",
              "description": "An order",
              "type": "object",
              "properties": {
                "zip": {
                  "type": "string",
                  "pattern": "^[0-9]{5}$"
                },
                "id": {
                  "type": "integer",
                  "minimum": 1,
                  "maximum": 99
                },
                "note": {
                  "anyOf": [
                    {
                      "type": "string"
                    },
                    {
                      "type": "null"
                    }
                  ]
                },
                "status": {
                  "anyOf": [
                    {
                      "type": "string",
                      "enum": ["open", "closed"]
                    },
                    {
                      "type": "null"
                    }
                  ]
                },
                "kind": {
                  "type": "string",
                  "enum": ["order"]
                },
                "lines": {
                  "type": "array",
                  "items": {
                    "$ref": "#/$defs/Line"
                  },
                  "minItems": 1,
                  "maxItems": 10
                },
                "payment": {
                  "anyOf": [
                    {
                      "$ref": "#/$defs/Card"
                    },
                    {
                      "type": "boolean"
                    }
                  ]
                },
                "parent": {
                  "$ref": "#"
                },
                "ratio": {
                  "type": "number",
                  "minimum": 0,
                  "maximum": 1
                },
                "anything": {},
                "tags": {
                  "type": "array",
                  "items": {
                    "type": "string"
                  }
                },
                "flag": {
                  "type": "boolean"
                }
              },
              "required": ["zip", "id", "lines"],
              "x-order": ["zip", "id", "note", "status", "kind", "lines", "payment", "parent", "ratio", "anything", "tags", "flag"],
              "additionalProperties": false,
              "$defs": {
                "Line": {
                  "title": "Line",
                  "type": "object",
                  "properties": {
                    "sku": {
                      "type": "string"
                    },
                    "qty": {
                      "type": "integer",
                      "minimum": 1
                    }
                  },
                  "required": ["sku", "qty"],
                  "x-order": ["sku", "qty"],
                  "additionalProperties": false
                },
                "Card": {
                  "title": "Card",
                  "anyOf": [
                    {
                      "type": "object",
                      "properties": {
                        "number": {
                          "type": "string"
                        }
                      },
                      "required": ["number"],
                      "x-order": ["number"],
                      "additionalProperties": false
                    },
                    {
                      "type": "null"
                    }
                  ]
                }
              }
            }
            """#)
        #expect(schema.rootTypeName == "Order")
    }

    @Test func appleDialectReadsBackToItself() throws {
        for schema in [NotesDigest.generationSchema, Step.generationSchema, Kitchen.generationSchema, try DynamicFixtures.shelter()] {
            let text = schema.jsonSchemaText(prettyPrinted: true)
            #expect(try GenerationSchema(jsonSchema: text).jsonSchemaText(prettyPrinted: true) == text)
        }
        let imported = try GenerationSchema(jsonSchema: Self.order)
        let decoded = try JSONDecoder().decode(GenerationSchema.self, from: JSONEncoder().encode(imported))
        #expect(decoded.jsonSchemaText() == imported.jsonSchemaText())
    }

    @Test func dynamicSchemaFromADocumentJoinsAnother() throws {
        let line = try DynamicGenerationSchema(jsonSchema: #"""
            {"title": "Tree", "type": "object", "properties": {"label": {"type": "string"},
             "children": {"type": "array", "items": {"$ref": "#"}}, "meta": {"$ref": "#/$defs/Meta"}},
             "required": ["label"], "$defs": {"Meta": {"type": "object", "properties": {"k": {"type": "string"}}}}}
            """#)
        let forest = DynamicGenerationSchema(name: "Forest", properties: [.init(name: "trees", schema: .init(arrayOf: line))])
        let schema = try GenerationSchema(root: forest, dependencies: [])
        #expect(schema.jsonSchemaText() == ##"{"title":"Forest","type":"object","properties":{"trees":{"type":"array","items":{"$ref":"#/$defs/Tree"}}},"required":["trees"],"x-order":["trees"],"additionalProperties":false,"$defs":{"Tree":{"title":"Tree","type":"object","properties":{"label":{"type":"string"},"children":{"type":"array","items":{"$ref":"#/$defs/Tree"}},"meta":{"$ref":"#/$defs/Meta"}},"required":["label"],"x-order":["label","children","meta"],"additionalProperties":false},"Meta":{"title":"Meta","type":"object","properties":{"k":{"type":"string"}},"required":[],"x-order":["k"],"additionalProperties":false}}}"##)
    }

    /// Documents that cannot be imported, and the error naming the first problem.
    static let failures: [(document: String, error: JSONSchemaImportError)] = [
        (#"{"allOf": [{"type": "string"}]}"#, .unsupportedKeyword("allOf", path: "#")),
        (#"{"type": "object", "properties": {"a": {"type": "array", "items": {"not": {}}}}}"#, .unsupportedKeyword("not", path: "#/properties/a/items")),
        (#"{"type": "object", "patternProperties": {}, "allOf": []}"#, .unsupportedKeyword("patternProperties", path: "#")),
        (#"{"properties": {"a/b": {"if": {}}}}"#, .unsupportedKeyword("if", path: "#/properties/a~1b")),
        (#"{"type": "object", "additionalProperties": {"type": "string"}}"#, .unsupportedKeyword("additionalProperties", path: "#")),
        (#"{"type": "number", "exclusiveMinimum": 0}"#, .unsupportedKeyword("exclusiveMinimum", path: "#")),
        (#"{"type": "array", "uniqueItems": true}"#, .unsupportedKeyword("uniqueItems", path: "#")),
        (#"{"type": "string", "enum": [1, 2]}"#, .invalidValue(keyword: "enum", path: "#", reason: "only string choices are supported, found a number")),
        (#"{"type": "integer", "enum": [1]}"#, .invalidValue(keyword: "enum", path: "#", reason: "choices are supported for strings only, not 'integer'")),
        (#"{"const": true}"#, .invalidValue(keyword: "const", path: "#", reason: "only string constants are supported, found a Boolean")),
        (#"{"properties": {"a": {"type": "strin"}}}"#, .invalidValue(keyword: "type", path: "#/properties/a", reason: "unknown type 'strin'")),
        (#"{"type": "object", "required": ["b"], "properties": {"a": {}}}"#, .invalidValue(keyword: "required", path: "#", reason: "'b' is not among the properties")),
        (#"{"type": "array", "items": [{"type": "string"}]}"#, .invalidValue(keyword: "items", path: "#", reason: "tuple arrays (a list of item schemas) are not supported")),
        (#"{"type": "array", "minItems": -1}"#, .invalidValue(keyword: "minItems", path: "#", reason: "expected a non-negative integer")),
        (#"{"anyOf": []}"#, .invalidValue(keyword: "anyOf", path: "#", reason: "expected a non-empty array of schemas")),
        (#"{"properties": {"a": 3}}"#, .invalidValue(keyword: "schema", path: "#/properties/a", reason: "expected a schema object, found a number")),
        (#"{"properties": {"a": {"$ref": "https://example.com/a.json"}}}"#, .unresolvedReference("https://example.com/a.json", path: "#/properties/a")),
        (##"{"items": {"$ref": "#/$defs/Missing"}, "type": "array"}"##, .unresolvedReference("#/$defs/Missing", path: "#/items")),
        (#"{"$defs": {"A": {}}, "properties": {"x": {"$defs": {"A": {}}}}}"#, .invalidValue(keyword: "$defs", path: "#/properties/x", reason: "'A' is already defined")),
        (#"{"title": "A", "type": "object", "properties": {}, "$defs": {"A": {"type": "string"}}}"#, .invalidSchema(reason: "More than one schema is named 'A'.")),
        (#"{"type": "object", "properties": {"#, .invalidJSON(GeneratedContent.JSONSyntaxError(offset: 34, reason: "the document ends early"))),
        (#"{"type": "object",, }"#, .invalidJSON(GeneratedContent.JSONSyntaxError(offset: 18, reason: "expected a key string, found ','"))),
    ]

    @Test(arguments: failures)
    func failure(_ document: String, error expected: JSONSchemaImportError) {
        #expect(throws: expected) { try GenerationSchema(jsonSchema: document) }
    }

    @Test func errorsDescribeKeywordAndPath() {
        #expect(JSONSchemaImportError.unsupportedKeyword("not", path: "#/items").description == "unsupported keyword 'not' at #/items")
        #expect(JSONSchemaImportError.missingKeyword("x-order", path: "#").errorDescription == "missing keyword 'x-order' at #")
    }
}
