import Foundation
@testable import FoundationModelsCore
import Testing
import SmartNotes

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
        #expect(
            schema.jsonSchemaText(prettyPrinted: true) == #"""
                {
                  "title": "Order",
                  "description": "An order",
                  "type": "object",
                  "properties": {
                    "zip": {
                      "type": "string",
                      "pattern": "^[0-9]{5}$",
                      "minLength": 5
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
        // A verbatim subschema (`zip`) decodes to the same JSON; `JSONDecoder` alone loses its key order.
        let imported = try GenerationSchema(jsonSchema: Self.order)
        let decoded = try JSONDecoder().decode(GenerationSchema.self, from: JSONEncoder().encode(imported))
        #expect(JSONCanonicalForm.text(of: decoded.jsonSchemaValue()) == JSONCanonicalForm.text(of: imported.jsonSchemaValue()))
    }

    @Test func dynamicSchemaFromADocumentJoinsAnother() throws {
        let line = try DynamicGenerationSchema(
            jsonSchema: #"""
                {"title": "Tree", "type": "object", "properties": {"label": {"type": "string"},
                 "children": {"type": "array", "items": {"$ref": "#"}}, "meta": {"$ref": "#/$defs/Meta"}},
                 "required": ["label"], "$defs": {"Meta": {"type": "object", "properties": {"k": {"type": "string"}}}}}
                """#)
        let forest = DynamicGenerationSchema(name: "Forest", properties: [.init(name: "trees", schema: .init(arrayOf: line))])
        let schema = try GenerationSchema(root: forest, dependencies: [])
        #expect(
            schema.jsonSchemaText()
                == ##"{"title":"Forest","type":"object","properties":{"trees":{"type":"array","items":{"$ref":"#/$defs/Tree"}}},"required":["trees"],"x-order":["trees"],"additionalProperties":false,"$defs":{"Tree":{"title":"Tree","type":"object","properties":{"label":{"type":"string"},"children":{"type":"array","items":{"$ref":"#/$defs/Tree"}},"meta":{"$ref":"#/$defs/Meta"}},"required":["label"],"x-order":["label","children","meta"],"additionalProperties":false},"Meta":{"title":"Meta","type":"object","properties":{"k":{"type":"string"}},"required":[],"x-order":["k"],"additionalProperties":false}}}"##
        )
    }

    /// Standard JSON Schema constructs found in real documents, and what they become.
    static let leniencies: [(name: String, document: String, json: String)] = [
        (
            "a $ref into the properties or nested definitions becomes a definition named by its path",
            ##"{"type": "object", "properties": {"a": {"type": "string"}, "b": {"$ref": "#/properties/a"}, "c": {"$ref": "#/definitions/x/definitions/y"}}, "definitions": {"x": {"definitions": {"y": {"type": "boolean"}}}}}"##,
            ##"{"type":"object","properties":{"a":{"type":"string"},"b":{"$ref":"#/$defs/properties~1a"},"c":{"$ref":"#/$defs/definitions~1x~1definitions~1y"}},"required":[],"x-order":["a","b","c"],"additionalProperties":false,"$defs":{"properties/a":{"title":"properties/a","type":"string"},"definitions/x/definitions/y":{"title":"definitions/x/definitions/y","type":"boolean"},"x":{"title":"x"}}}"##
        ),
        (
            "definitions of every kind keep their names, including aliases",
            ##"{"type": "array", "items": {"$ref": "#/definitions/list"}, "definitions": {"list": {"type": "array", "items": {"$ref": "#/definitions/id"}}, "id": {"$ref": "#/definitions/guid"}, "guid": {"type": "string", "pattern": "^[a-f0-9]+$"}}}"##,
            ##"{"type":"array","items":{"$ref":"#/$defs/list"},"$defs":{"list":{"title":"list","type":"array","items":{"$ref":"#/$defs/id"}},"id":{"title":"id","$ref":"#/$defs/guid"},"guid":{"title":"guid","type":"string","pattern":"^[a-f0-9]+$"}}}"##
        ),
        (
            "a required property without a schema may be any value",
            #"{"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a", "b"]}"#,
            #"{"type":"object","properties":{"a":{"type":"string"},"b":{}},"required":["a","b"],"x-order":["a","b"],"additionalProperties":false}"#
        ),
        (
            "a root title that names a definition is dropped",
            ##"{"title": "Account", "type": "object", "properties": {"parent": {"$ref": "#/$defs/Account"}}, "$defs": {"Account": {"type": "string"}}}"##,
            ##"{"type":"object","properties":{"parent":{"$ref":"#/$defs/Account"}},"required":[],"x-order":["parent"],"additionalProperties":false,"$defs":{"Account":{"title":"Account","type":"string"}}}"##
        ),
        (
            "an integer bound beyond Int's range bounds nothing more",
            #"{"type": "object", "properties": {"a": {"type": "integer", "maximum": 9.223372036854776e18}}, "additionalProperties": true}"#,
            #"{"type":"object","properties":{"a":{"type":"integer","maximum":9223372036854775807}},"required":[],"x-order":["a"],"additionalProperties":false}"#
        ),
        (
            "an exclusive bound of an integer becomes the nearest inclusive one, the tighter bound holding",
            #"{"type": "integer", "minimum": 5, "exclusiveMinimum": 0, "exclusiveMaximum": 10.5}"#,
            #"{"type":"integer","minimum":5,"maximum":10}"#
        ),
        (
            "a oneOf whose branches exclude each other is a choice of the model; an unknown format is an annotation",
            #"{"oneOf": [{"type": "string", "format": "float"}, {"type": "integer"}, {"const": true}], "description": "d"}"#,
            #"{"description":"d","anyOf":[{"type":"string"},{"type":"integer"},{"const":true}]}"#
        ),
        (
            "only the subschema the model cannot carry is kept verbatim",
            #"{"type": "object", "properties": {"a": {"description": "A", "type": "string", "minLength": 2, "title": "T", "examples": ["ab"]}, "b": {"type": "boolean"}}, "required": ["a"]}"#,
            #"{"type":"object","properties":{"a":{"description":"A","type":"string","minLength":2,"title":"T","examples":["ab"]},"b":{"type":"boolean"}},"required":["a"],"x-order":["a","b"],"additionalProperties":false}"#
        ),
        (
            "a schema for the other properties keeps its object verbatim, with the order of its properties",
            #"{"type": "object", "properties": {"b": {"type": "integer"}, "a": {}}, "additionalProperties": {"type": "string"}}"#,
            #"{"type":"object","properties":{"b":{"type":"integer"},"a":{}},"x-order":["b","a"],"additionalProperties":{"type":"string"}}"#
        ),
        (
            "references inside a verbatim subschema point where the written document keeps their targets",
            ##"{"type": "object", "properties": {"a": {"type": "string"}, "b": {"allOf": [{"$ref": "#/definitions/D"}, {"$ref": "#/properties/a"}]}, "c": {"type": "array", "items": {"$ref": "#"}, "uniqueItems": true}}, "definitions": {"D": {"type": "string", "maxLength": 3}}}"##,
            ##"{"type":"object","properties":{"a":{"type":"string"},"b":{"allOf":[{"$ref":"#/$defs/D"},{"$ref":"#/$defs/properties~1a"}]},"c":{"type":"array","items":{"$ref":"#"},"uniqueItems":true}},"required":[],"x-order":["a","b","c"],"additionalProperties":false,"$defs":{"D":{"title":"D","type":"string","maxLength":3},"properties/a":{"title":"properties/a","type":"string"}}}"##
        ),
        (
            "a reference by anchor or by identifier becomes a reference by pointer",
            ##"{"$id": "https://example.com/s.json", "type": "object", "properties": {"a": {"$ref": "#node"}, "b": {"$ref": "https://example.com/s.json#/properties/c"}, "c": {"$anchor": "node", "type": "integer"}, "d": {"$ref": "s.json#"}}}"##,
            ##"{"type":"object","properties":{"a":{"$ref":"#/$defs/properties~1c"},"b":{"$ref":"#/$defs/properties~1c"},"c":{"type":"integer"},"d":{"$ref":"#"}},"required":[],"x-order":["a","b","c","d"],"additionalProperties":false,"$defs":{"properties/c":{"title":"properties/c","type":"integer"}}}"##
        ),
        (
            "data that looks like a reference is left alone, and nested definitions are left out",
            ##"{"type": "object", "properties": {"a": {"const": {"$ref": "#/nowhere"}, "$defs": {"x": {}}}}}"##,
            ##"{"type":"object","properties":{"a":{"const":{"$ref":"#/nowhere"}}},"required":[],"x-order":["a"],"additionalProperties":false}"##
        )
    ]

    @Test(arguments: leniencies)
    func lenientImport(_ name: String, document: String, json: String) throws {
        #expect(try GenerationSchema(jsonSchema: document).jsonSchemaText() == json)
    }

    @Test func unreferencedDefinitionsKeepAStableOrderThroughCodable() throws {
        let schema = try GenerationSchema(jsonSchema: #"{"type": "string", "$defs": {"b": {"type": "integer"}, "a": {"type": "boolean"}, "c": {}}}"#)
        #expect(schema.jsonSchemaText() == #"{"type":"string","$defs":{"a":{"title":"a","type":"boolean"},"b":{"title":"b","type":"integer"},"c":{"title":"c"}}}"#)
        let decoded = try JSONDecoder().decode(GenerationSchema.self, from: JSONEncoder().encode(schema))
        #expect(decoded.jsonSchemaText() == schema.jsonSchemaText())
    }

    /// Documents that cannot be imported, and the error naming the first problem: malformed ones,
    /// and those the decoder refuses (the keyword and path it names).
    static let failures: [(document: String, error: JSONSchemaImportError)] = [
        (##"{"properties": {"a": {"$ref": "#/properties/missing"}}}"##, .unresolvedReference("#/properties/missing", path: "#/properties/a")),
        (##"{"$ref": "#anchor"}"##, .unresolvedReference("#anchor", path: "#")),
        (##"{"properties": {"a": {"not": {"$ref": "#/nowhere"}}}}"##, .unresolvedReference("#/nowhere", path: "#/properties/a/not")),
        (#"{"properties": {"a": {"type": "strin"}}}"#, .invalidValue(keyword: "type", path: "#/properties/a", reason: "unknown type 'strin'")),
        (#"{"type": "array", "minItems": -1}"#, .invalidValue(keyword: "minItems", path: "#", reason: "expected a non-negative integer")),
        // Refused by the decoder's table as they are read.
        (##"{"type": "object", "properties": {"a": {"$dynamicRef": "#node"}}}"##, .unsupportedKeyword("$dynamicRef", path: "#/properties/a")),
        (##"{"$recursiveRef": "#"}"##, .unsupportedKeyword("$recursiveRef", path: "#")),
        // Refused by the decoder when it compiles what was read.
        (#"{"type": "object", "properties": {"a": {"type": "array", "minContains": 2}}}"#, .unsupportedKeyword("minContains", path: "#/properties/a")),
        (#"{"type": "array", "uniqueItems": true, "minItems": 2}"#, .unsupportedKeyword("uniqueItems", path: "#")),
        (##"{"type": "object", "properties": {"a": {"allOf": [{"$dynamicRef": "#node"}]}}}"##, .unsupportedKeyword("$dynamicRef", path: "#/properties/a")),
        (
            ##"{"type": "object", "properties": {"a": {"$ref": "#/definitions/A"}}, "definitions": {"A": {"type": "array", "minContains": 1}}}"##,
            .unsupportedKeyword("minContains", path: "#/definitions/A")
        ),
        (#"{"type": "string", "enum": [1, 2]}"#, .unsatisfiable(keyword: "enum", path: "#", reason: "no listed value has an allowed type")),
        (#"{"type": "integer", "minimum": 5, "maximum": 1}"#, .unsatisfiable(keyword: "minimum", path: "#", reason: "minimum 5 is above maximum 1")),
        (#"{"type": "string", "minLength": 3, "maxLength": 2}"#, .unsatisfiable(keyword: "minLength", path: "#", reason: "minLength 3 is above maxLength 2")),
        (#"{"anyOf": []}"#, .invalidValue(keyword: "anyOf", path: "#", reason: "expected a non-empty array of schemas")),
        (#"{"properties": {"a": 3}}"#, .invalidValue(keyword: "schema", path: "#/properties/a", reason: "expected a schema object, found a number")),
        (#"{"properties": {"a": {"$ref": "https://example.com/a.json"}}}"#, .unresolvedReference("https://example.com/a.json", path: "#/properties/a")),
        (##"{"items": {"$ref": "#/$defs/Missing"}, "type": "array"}"##, .unresolvedReference("#/$defs/Missing", path: "#/items")),
        (#"{"$defs": {"A": {}}, "definitions": {"A": {}}}"#, .invalidValue(keyword: "definitions", path: "#", reason: "'A' is defined in both $defs and definitions")),
        (#"{"type": "object", "properties": {"#, .invalidJSON(GeneratedContent.JSONSyntaxError(offset: 34, reason: "the document ends early"))),
        (#"{"type": "object",, }"#, .invalidJSON(GeneratedContent.JSONSyntaxError(offset: 18, reason: "expected a key string, found ','")))
    ]

    @Test(arguments: failures)
    func failure(_ document: String, error expected: JSONSchemaImportError) {
        #expect(throws: expected) { try GenerationSchema(jsonSchema: document) }
        #expect(throws: expected) { try DynamicGenerationSchema(jsonSchema: document) }
    }

    @Test func errorsDescribeKeywordAndPath() {
        #expect(JSONSchemaImportError.unsupportedKeyword("not", path: "#/items").description == "unsupported keyword 'not' at #/items")
        #expect(JSONSchemaImportError.missingKeyword("x-order", path: "#").errorDescription == "missing keyword 'x-order' at #")
        #expect(
            JSONSchemaImportError.unsatisfiable(keyword: "minimum", path: "#/properties/a", reason: "no number satisfies the bounds").description
                == "no value satisfies 'minimum' at #/properties/a: no number satisfies the bounds")
    }
}
