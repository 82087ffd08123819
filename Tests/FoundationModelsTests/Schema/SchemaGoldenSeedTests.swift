@testable import FoundationModelsCore
import Testing
import SmartNotes

/// JSON Schema goldens (Apple's dialect, pretty-printed) for the seed apps' types and the article and review fixtures.
@Suite struct SchemaGoldenSeedTests {
    static let cases: [GoldenCase] = [
        GoldenCase(
            name: "NotesDigest (seed): nested type in $defs, enum inlined",
            schema: NotesDigest.generationSchema,
            json: #"""
                {
                  "title": "NotesDigest",
                  "type": "object",
                  "properties": {
                    "summary": {
                      "description": "A concise one-paragraph summary of the notes.",
                      "type": "string"
                    },
                    "actionItems": {
                      "description": "Every actionable task mentioned in the notes.",
                      "type": "array",
                      "items": {
                        "$ref": "#/$defs/ActionItem"
                      }
                    }
                  },
                  "required": ["summary", "actionItems"],
                  "x-order": ["summary", "actionItems"],
                  "additionalProperties": false,
                  "$defs": {
                    "ActionItem": {
                      "title": "ActionItem",
                      "type": "object",
                      "properties": {
                        "task": {
                          "description": "A short, imperative description of the task.",
                          "type": "string"
                        },
                        "owner": {
                          "description": "The person responsible, or 'Unassigned' if unclear.",
                          "type": "string"
                        },
                        "priority": {
                          "type": "string",
                          "enum": ["low", "medium", "high"]
                        }
                      },
                      "required": ["task", "owner", "priority"],
                      "x-order": ["task", "owner", "priority"],
                      "additionalProperties": false
                    }
                  }
                }
                """#
        ),
        GoldenCase(
            name: "ActionItem (seed)",
            schema: ActionItem.generationSchema,
            json: #"""
                {
                  "title": "ActionItem",
                  "type": "object",
                  "properties": {
                    "task": {
                      "description": "A short, imperative description of the task.",
                      "type": "string"
                    },
                    "owner": {
                      "description": "The person responsible, or 'Unassigned' if unclear.",
                      "type": "string"
                    },
                    "priority": {
                      "type": "string",
                      "enum": ["low", "medium", "high"]
                    }
                  },
                  "required": ["task", "owner", "priority"],
                  "x-order": ["task", "owner", "priority"],
                  "additionalProperties": false
                }
                """#
        ),
        GoldenCase(
            name: "Priority (seed): string choices",
            schema: Priority.generationSchema,
            json: #"""
                {
                  "title": "Priority",
                  "type": "string",
                  "enum": ["low", "medium", "high"]
                }
                """#
        ),
        GoldenCase(
            name: "TaggedNote (seed): stacked guides",
            schema: TaggedNote.generationSchema,
            json: #"""
                {
                  "title": "TaggedNote",
                  "type": "object",
                  "properties": {
                    "body": {
                      "description": "The note body.",
                      "type": "string"
                    },
                    "tags": {
                      "description": "Relevant topic tags.",
                      "type": "array",
                      "items": {
                        "type": "string"
                      },
                      "minItems": 3,
                      "maxItems": 3
                    }
                  },
                  "required": ["body", "tags"],
                  "x-order": ["body", "tags"],
                  "additionalProperties": false
                }
                """#
        ),
        GoldenCase(
            name: "TeamDirectoryTool.Arguments (seed)",
            schema: TeamDirectoryTool.Arguments.generationSchema,
            json: #"""
                {
                  "title": "Arguments",
                  "type": "object",
                  "properties": {
                    "query": {
                      "description": "A partial or full name to search for.",
                      "type": "string"
                    }
                  },
                  "required": ["query"],
                  "x-order": ["query"],
                  "additionalProperties": false
                }
                """#
        ),
        GoldenCase(
            name: "Article: count guide and nested sections",
            schema: Article.generationSchema,
            json: #"""
                {
                  "title": "Article",
                  "description": "A short article",
                  "type": "object",
                  "properties": {
                    "title": {
                      "description": "The article's title",
                      "type": "string"
                    },
                    "summary": {
                      "type": "string"
                    },
                    "tags": {
                      "description": "Topic tags",
                      "type": "array",
                      "items": {
                        "type": "string"
                      },
                      "minItems": 3,
                      "maxItems": 3
                    },
                    "sections": {
                      "type": "array",
                      "items": {
                        "$ref": "#/$defs/Section"
                      }
                    }
                  },
                  "required": ["title", "summary", "tags", "sections"],
                  "x-order": ["title", "summary", "tags", "sections"],
                  "additionalProperties": false,
                  "$defs": {
                    "Section": {
                      "title": "Section",
                      "description": "A titled section of an article",
                      "type": "object",
                      "properties": {
                        "heading": {
                          "type": "string"
                        },
                        "body": {
                          "type": "string"
                        }
                      },
                      "required": ["heading", "body"],
                      "x-order": ["heading", "body"],
                      "additionalProperties": false
                    }
                  }
                }
                """#
        ),
        GoldenCase(
            name: "Review: range guide and nested enum",
            schema: Review.generationSchema,
            json: #"""
                {
                  "title": "Review",
                  "type": "object",
                  "properties": {
                    "rating": {
                      "description": "Stars from 1 to 5",
                      "type": "integer",
                      "minimum": 1,
                      "maximum": 5
                    },
                    "pros": {
                      "type": "array",
                      "items": {
                        "type": "string"
                      }
                    },
                    "cons": {
                      "type": "array",
                      "items": {
                        "type": "string"
                      }
                    },
                    "verdict": {
                      "type": "string",
                      "enum": ["buy", "wait", "skip"]
                    }
                  },
                  "required": ["rating", "pros", "cons", "verdict"],
                  "x-order": ["rating", "pros", "cons", "verdict"],
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
