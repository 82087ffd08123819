@testable import FoundationModelsCore
import Testing

/// Dynamic schemas: every initializer, reference resolution, hoisting, and the schema errors.
@Suite struct DynamicGenerationSchemaTests {
    @Test func shelterGolden() throws {
        #expect(
            try DynamicFixtures.shelter().jsonSchemaText(prettyPrinted: true) == #"""
                {
                  "title": "Shelter",
                  "type": "object",
                  "properties": {
                    "cats": {
                      "type": "array",
                      "items": {
                        "$ref": "#/$defs/Cat"
                      },
                      "minItems": 1,
                      "maxItems": 5
                    },
                    "address": {
                      "$ref": "#/$defs/Address"
                    },
                    "contact": {
                      "$ref": "#/$defs/Contact"
                    },
                    "owner": {
                      "$ref": "#/$defs/Person"
                    }
                  },
                  "required": ["cats", "address", "owner"],
                  "x-order": ["cats", "address", "contact", "owner"],
                  "additionalProperties": false,
                  "$defs": {
                    "Cat": {
                      "title": "Cat",
                      "description": "A cat",
                      "type": "object",
                      "properties": {
                        "name": {
                          "type": "string"
                        },
                        "age": {
                          "description": "Years",
                          "type": "integer",
                          "minimum": 0,
                          "maximum": 20
                        },
                        "mood": {
                          "type": "string",
                          "enum": ["calm", "grumpy"]
                        },
                        "nickname": {
                          "type": "string"
                        }
                      },
                      "required": ["name", "age", "mood"],
                      "x-order": ["name", "age", "mood", "nickname"],
                      "additionalProperties": false
                    },
                    "Address": {
                      "title": "Address",
                      "type": "object",
                      "properties": {
                        "city": {
                          "type": "string"
                        }
                      },
                      "required": ["city"],
                      "x-order": ["city"],
                      "additionalProperties": false
                    },
                    "Contact": {
                      "title": "Contact",
                      "anyOf": [
                        {
                          "type": "string",
                          "pattern": "[0-9]+"
                        },
                        {
                          "type": "null"
                        }
                      ]
                    },
                    "Person": {
                      "title": "Person",
                      "type": "object",
                      "properties": {
                        "name": {
                          "description": "The person's name",
                          "type": "string"
                        },
                        "age": {
                          "description": "The person's age",
                          "type": "integer",
                          "minimum": 18,
                          "maximum": 100
                        },
                        "children": {
                          "description": "The person's children",
                          "type": "array",
                          "items": {
                            "$ref": "#/$defs/Person"
                          },
                          "maxItems": 3
                        }
                      },
                      "required": ["name", "children"],
                      "x-order": ["name", "age", "children"],
                      "additionalProperties": false
                    }
                  }
                }
                """#)
    }

    @Test func recursiveReferenceToTheRootIsHash() throws {
        let node = DynamicGenerationSchema(
            name: "Node",
            representNilExplicitlyInGeneratedContent: true,
            properties: [
                .init(name: "value", schema: .init(type: Int.self)),
                .init(name: "next", schema: .init(referenceTo: "Node"), isOptional: true)
            ]
        )
        let schema = try GenerationSchema(root: node, dependencies: [])
        #expect(
            schema.jsonSchemaText()
                == ##"{"title":"Node","type":"object","properties":{"value":{"type":"integer"},"next":{"$ref":"#"}},"required":["value"],"x-order":["value","next"],"additionalProperties":false}"##
        )
        #expect(schema.representsNilExplicitly)
        #expect(schema.rootTypeName == "Node")
    }

    @Test func rootsOfOtherKinds() throws {
        let choices = try GenerationSchema(root: .init(name: "Color", description: "A color", anyOf: ["red", "blue"]), dependencies: [])
        #expect(choices.jsonSchemaText() == #"{"title":"Color","description":"A color","type":"string","enum":["red","blue"]}"#)
        let list = try GenerationSchema(root: .init(arrayOf: .init(type: Bool.self), maximumElements: 2), dependencies: [])
        #expect(list.jsonSchemaText() == #"{"type":"array","items":{"type":"boolean"},"maxItems":2}"#)
        #expect(list.rootTypeName == "array")
        let guided = try GenerationSchema(root: .init(type: [String].self, guides: [.count(2), .element(.anyOf(["a", "b"]))]), dependencies: [])
        #expect(guided.jsonSchemaText() == #"{"type":"array","items":{"type":"string","enum":["a","b"]},"minItems":2,"maxItems":2}"#)
        let either = try GenerationSchema(root: .init(name: "Either", anyOf: [.init(type: Int.self), .null]), dependencies: [])
        #expect(either.jsonSchemaText() == #"{"title":"Either","anyOf":[{"type":"integer"},{"type":"null"}]}"#)
    }

    @Test func unreferencedDependenciesAreKept() throws {
        let extra = DynamicGenerationSchema(name: "Extra", properties: [])
        let schema = try GenerationSchema(root: .init(name: "Root", properties: []), dependencies: [extra])
        #expect(schema.jsonSchemaText().hasSuffix(#""$defs":{"Extra":{"title":"Extra","type":"object","properties":{},"required":[],"x-order":[],"additionalProperties":false}}}"#))
    }

    // MARK: - Errors

    private static let cat = DynamicGenerationSchema(name: "Cat", properties: [.init(name: "name", schema: .init(type: String.self))])

    @Test func duplicateDependencyNames() {
        let other = DynamicGenerationSchema(name: "Cat", anyOf: ["x"])
        #expect {
            try GenerationSchema(root: .init(name: "Root", properties: []), dependencies: [Self.cat, other])
        } throws: { error in
            guard case .duplicateType(let schema, let type, let context) = error as? GenerationSchema.SchemaError else { return false }
            return schema == "Root" && type == "Cat" && !context.debugDescription.isEmpty
        }
    }

    @Test func rootNamedLikeADependency() {
        #expect {
            try GenerationSchema(root: Self.cat, dependencies: [Self.cat])
        } throws: { error in
            guard case .duplicateType(_, "Cat", _) = error as? GenerationSchema.SchemaError else { return false }
            return true
        }
    }

    @Test func duplicateProperty() {
        let root = DynamicGenerationSchema(
            name: "Root",
            properties: [
                .init(name: "a", schema: .init(type: Int.self)),
                .init(name: "a", schema: .init(type: String.self))
            ])
        #expect {
            try GenerationSchema(root: root, dependencies: [])
        } throws: { error in
            guard case .duplicateProperty("Root", "a", _) = error as? GenerationSchema.SchemaError else { return false }
            return true
        }
    }

    @Test(arguments: [
        DynamicGenerationSchema(name: "NoStrings", anyOf: [String]()),
        DynamicGenerationSchema(name: "NoSchemas", anyOf: [DynamicGenerationSchema]())
    ])
    func emptyChoices(_ choice: DynamicGenerationSchema) {
        let root = DynamicGenerationSchema(name: "Root", properties: [.init(name: "c", schema: choice)])
        #expect {
            try GenerationSchema(root: root, dependencies: [])
        } throws: { error in
            guard case .emptyTypeChoices(let schema, _) = error as? GenerationSchema.SchemaError else { return false }
            return schema == "NoStrings" || schema == "NoSchemas"
        }
    }

    @Test func undefinedReferencesAreListedInOrder() {
        let root = DynamicGenerationSchema(
            name: "Root",
            properties: [
                .init(name: "dog", schema: .init(referenceTo: "Dog")),
                .init(name: "cats", schema: .init(arrayOf: .init(referenceTo: "Cat"))),
                .init(name: "bird", schema: .init(referenceTo: "Bird")),
                .init(name: "dog2", schema: .init(referenceTo: "Dog"))
            ])
        #expect {
            try GenerationSchema(root: root, dependencies: [Self.cat])
        } throws: { error in
            guard let error = error as? GenerationSchema.SchemaError,
                case .undefinedReferences("Root", let references, _) = error
            else { return false }
            return references == ["Dog", "Bird"] && error.errorDescription == "No dependency is named 'Dog', 'Bird'."
                && error.recoverySuggestion != nil
        }
    }
}
