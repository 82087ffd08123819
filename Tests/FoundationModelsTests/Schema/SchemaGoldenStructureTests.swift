@testable import FoundationModelsCore
import Testing

/// JSON Schema goldens (Apple's dialect, pretty-printed) for recursive, enum-with-payload, optional and guided types.
@Suite struct SchemaGoldenStructureTests {
    static let cases: [GoldenCase] = [
        GoldenCase(
            name: "Person: recursion refers to the root",
            schema: Person.generationSchema,
            json: #"""
                {
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
                        "$ref": "#"
                      },
                      "maxItems": 3
                    }
                  },
                  "required": ["name", "children"],
                  "x-order": ["name", "age", "children"],
                  "additionalProperties": false
                }
                """#
        ),
        GoldenCase(
            name: "[Person]: recursion inside a definition",
            schema: [Person].generationSchema,
            json: #"""
                {
                  "type": "array",
                  "items": {
                    "$ref": "#/$defs/Person"
                  },
                  "$defs": {
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
                """#
        ),
        GoldenCase(
            name: "Step: enum with associated values",
            schema: Step.generationSchema,
            json: #"""
                {
                  "title": "Step",
                  "description": "One thing a clause does.",
                  "anyOf": [
                    {
                      "$ref": "#/$defs/Step.DiscriminatedSet"
                    },
                    {
                      "$ref": "#/$defs/Step.DiscriminatedAdd"
                    },
                    {
                      "$ref": "#/$defs/Step.DiscriminatedPair"
                    },
                    {
                      "$ref": "#/$defs/Step.DiscriminatedNote"
                    },
                    {
                      "$ref": "#/$defs/Step.DiscriminatedReset"
                    }
                  ],
                  "$defs": {
                    "Step.DiscriminatedSet": {
                      "title": "Step.DiscriminatedSet",
                      "description": "One thing a clause does.",
                      "type": "object",
                      "properties": {
                        "type": {
                          "type": "string",
                          "enum": ["set"]
                        },
                        "field": {
                          "type": "string"
                        },
                        "to": {
                          "$ref": "#/$defs/Operand"
                        }
                      },
                      "required": ["type", "field", "to"],
                      "x-order": ["type", "field", "to"],
                      "additionalProperties": false
                    },
                    "Operand": {
                      "title": "Operand",
                      "anyOf": [
                        {
                          "$ref": "#/$defs/Operand.DiscriminatedName"
                        },
                        {
                          "$ref": "#/$defs/Operand.DiscriminatedNumber"
                        }
                      ]
                    },
                    "Operand.DiscriminatedName": {
                      "title": "Operand.DiscriminatedName",
                      "type": "object",
                      "properties": {
                        "type": {
                          "type": "string",
                          "enum": ["name"]
                        },
                        "value": {
                          "type": "string"
                        }
                      },
                      "required": ["type", "value"],
                      "x-order": ["type", "value"],
                      "additionalProperties": false
                    },
                    "Operand.DiscriminatedNumber": {
                      "title": "Operand.DiscriminatedNumber",
                      "type": "object",
                      "properties": {
                        "type": {
                          "type": "string",
                          "enum": ["number"]
                        },
                        "value": {
                          "type": "number"
                        }
                      },
                      "required": ["type", "value"],
                      "x-order": ["type", "value"],
                      "additionalProperties": false
                    },
                    "Step.DiscriminatedAdd": {
                      "title": "Step.DiscriminatedAdd",
                      "description": "One thing a clause does.",
                      "type": "object",
                      "properties": {
                        "type": {
                          "type": "string",
                          "enum": ["add"]
                        },
                        "value": {
                          "$ref": "#/$defs/Operand"
                        },
                        "to": {
                          "type": "string"
                        }
                      },
                      "required": ["type", "value", "to"],
                      "x-order": ["type", "value", "to"],
                      "additionalProperties": false
                    },
                    "Step.DiscriminatedPair": {
                      "title": "Step.DiscriminatedPair",
                      "description": "One thing a clause does.",
                      "type": "object",
                      "properties": {
                        "type": {
                          "type": "string",
                          "enum": ["pair"]
                        },
                        "value": {
                          "type": "integer"
                        },
                        "value1": {
                          "type": "integer"
                        }
                      },
                      "required": ["type", "value", "value1"],
                      "x-order": ["type", "value", "value1"],
                      "additionalProperties": false
                    },
                    "Step.DiscriminatedNote": {
                      "title": "Step.DiscriminatedNote",
                      "description": "One thing a clause does.",
                      "type": "object",
                      "properties": {
                        "type": {
                          "type": "string",
                          "enum": ["note"]
                        },
                        "value": {
                          "type": "string"
                        }
                      },
                      "required": ["type"],
                      "x-order": ["type", "value"],
                      "additionalProperties": false
                    },
                    "Step.DiscriminatedReset": {
                      "title": "Step.DiscriminatedReset",
                      "description": "One thing a clause does.",
                      "type": "object",
                      "properties": {
                        "type": {
                          "type": "string",
                          "enum": ["reset"]
                        }
                      },
                      "required": ["type"],
                      "x-order": ["type"],
                      "additionalProperties": false
                    }
                  }
                }
                """#
        ),
        GoldenCase(
            name: "Kitchen: every guide, optionals, stored GenerationID",
            schema: Kitchen.generationSchema,
            json: #"""
                {
                  "title": "Kitchen",
                  "description": "Everything at once",
                  "type": "object",
                  "properties": {
                    "code": {
                      "description": "A code of three capitals",
                      "type": "string",
                      "pattern": "[A-Z]{3}"
                    },
                    "phone": {
                      "type": "string",
                      "pattern": "\\d{3}-\\d{4}"
                    },
                    "color": {
                      "type": "string",
                      "enum": ["red", "green"]
                    },
                    "fixed": {
                      "type": "string",
                      "enum": ["fixed"]
                    },
                    "ratio": {
                      "type": "number",
                      "minimum": 0.5,
                      "maximum": 9.5
                    },
                    "weight": {
                      "type": "number",
                      "minimum": 0,
                      "maximum": 1
                    },
                    "price": {
                      "type": "number",
                      "minimum": 1
                    },
                    "digits": {
                      "type": "array",
                      "items": {
                        "type": "integer",
                        "minimum": 1,
                        "maximum": 9
                      },
                      "minItems": 1
                    },
                    "words": {
                      "type": "array",
                      "items": {
                        "type": "string",
                        "pattern": "[a-z]+"
                      }
                    },
                    "flag": {
                      "type": "boolean"
                    },
                    "note": {
                      "type": "string"
                    },
                    "extras": {
                      "type": "array",
                      "items": {
                        "type": "string"
                      }
                    }
                  },
                  "required": ["code", "phone", "color", "fixed", "ratio", "weight", "price", "digits", "words", "flag"],
                  "x-order": ["code", "phone", "color", "fixed", "ratio", "weight", "price", "digits", "words", "flag", "note", "extras"],
                  "additionalProperties": false
                }
                """#
        )
    ]

    @Test(arguments: cases)
    func golden(_ testCase: GoldenCase) throws {
        try testCase.check()
    }
}
