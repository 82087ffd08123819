import Testing

/// Full expansions of `@Generable` on enums. The same declarations compile in
/// `FoundationModelsTests/Support/MacroFormTypes.swift`.
@Suite struct GenerableEnumExpansionTests {
    static let cases: [ExpansionCase] = [
        ExpansionCase(
            name: "a public enum without associated values",
            source: #"""
                @Generable(description: "How urgent a task is")
                public enum Priority {
                    case low, medium
                    case `default`
                }
                """#,
            expansion: #"""
                public enum Priority {
                    case low, medium
                    case `default`

                    public nonisolated static var generationSchema: GenerationSchema {
                        GenerationSchema(
                            type: Self.self,
                            description: "How urgent a task is",
                            anyOf: ["low", "medium", "default"]
                        )
                    }

                    public nonisolated var generatedContent: GeneratedContent {
                        switch self {
                        case .low:
                            GeneratedContent(kind: .string("low"))
                        case .medium:
                            GeneratedContent(kind: .string("medium"))
                        case .`default`:
                            GeneratedContent(kind: .string("default"))
                        }
                    }
                }

                extension Priority: nonisolated Generable {
                    public nonisolated init(_ content: GeneratedContent) throws {
                        switch try content.value(String.self) {
                        case "low":
                            self = .low
                        case "medium":
                            self = .medium
                        case "default":
                            self = .`default`
                        case let choice:
                            throw GeneratedContent.ConversionError.unknownChoice(choice, type: "Priority")
                        }
                    }
                }
                """#
        ),
        ExpansionCase(
            name: "an enum with labeled, unlabeled, optional and no associated values",
            source: #"""
                @Generable
                enum Step {
                    case set(field: String, to: Operand)
                    case pair(Int, Int)
                    case note(String?)
                    case reset
                }
                """#,
            expansion: #"""
                enum Step {
                    case set(field: String, to: Operand)
                    case pair(Int, Int)
                    case note(String?)
                    case reset

                    nonisolated static var generationSchema: GenerationSchema {
                        GenerationSchema(
                            type: Self.self,
                            _discriminatedCases: [
                                GenerationSchema._DiscriminatedCase(
                                    name: "set",
                                    properties: [
                                        GenerationSchema.Property(name: "field", type: String.self),
                                        GenerationSchema.Property(name: "to", type: Operand.self),
                                    ]
                                ),
                                GenerationSchema._DiscriminatedCase(
                                    name: "pair",
                                    properties: [
                                        GenerationSchema.Property(name: "value", type: Int.self),
                                        GenerationSchema.Property(name: "value1", type: Int.self),
                                    ]
                                ),
                                GenerationSchema._DiscriminatedCase(
                                    name: "note",
                                    properties: [
                                        GenerationSchema.Property(name: "value", type: String?.self),
                                    ]
                                ),
                                GenerationSchema._DiscriminatedCase(name: "reset", properties: []),
                            ]
                        )
                    }

                    nonisolated var generatedContent: GeneratedContent {
                        switch self {
                        case .set(let value0, let value1):
                            GeneratedContent(
                                properties: [
                                    "type": "set",
                                    "field": value0,
                                    "to": value1,
                                ]
                            )
                        case .pair(let value0, let value1):
                            GeneratedContent(
                                properties: [
                                    "type": "pair",
                                    "value": value0,
                                    "value1": value1,
                                ]
                            )
                        case .note(let value0):
                            GeneratedContent(
                                _omittingNilProperties: [
                                    "type": "note",
                                    "value": value0,
                                ]
                            )
                        case .reset:
                            GeneratedContent(
                                properties: [
                                    "type": "reset",
                                ]
                            )
                        }
                    }

                    nonisolated enum PartiallyGenerated: ConvertibleFromGeneratedContent {
                        case set(field: String.PartiallyGenerated?, to: Operand.PartiallyGenerated?)
                        case pair(Int.PartiallyGenerated?, Int.PartiallyGenerated?)
                        case note(String.PartiallyGenerated?)
                        case reset

                        nonisolated init(_ content: GeneratedContent) throws {
                            switch try content.value(String.self, forProperty: "type") {
                            case "set":
                                self = try .set(field: content.value(forProperty: "field"), to: content.value(forProperty: "to"))
                            case "pair":
                                self = try .pair(content.value(forProperty: "value"), content.value(forProperty: "value1"))
                            case "note":
                                self = try .note(content.value(forProperty: "value"))
                            case "reset":
                                self = .reset
                            case let choice:
                                throw GeneratedContent.ConversionError.unknownChoice(choice, type: "Step")
                            }
                        }
                    }

                    nonisolated func asPartiallyGenerated() -> PartiallyGenerated {
                        switch self {
                        case .set(let value0, let value1):
                            return .set(field: value0.asPartiallyGenerated(), to: value1.asPartiallyGenerated())
                        case .pair(let value0, let value1):
                            return .pair(value0.asPartiallyGenerated(), value1.asPartiallyGenerated())
                        case .note(let value0):
                            return .note(value0?.asPartiallyGenerated())
                        case .reset:
                            return .reset
                        }
                    }
                }

                extension Step: nonisolated Generable {
                    nonisolated init(_ content: GeneratedContent) throws {
                        switch try content.value(String.self, forProperty: "type") {
                        case "set":
                            self = try .set(field: content.value(forProperty: "field"), to: content.value(forProperty: "to"))
                        case "pair":
                            self = try .pair(content.value(forProperty: "value"), content.value(forProperty: "value1"))
                        case "note":
                            self = try .note(content.value(forProperty: "value"))
                        case "reset":
                            self = .reset
                        case let choice:
                            throw GeneratedContent.ConversionError.unknownChoice(choice, type: "Step")
                        }
                    }
                }
                """#
        ),
        ExpansionCase(
            name: "explicit nil in an enum with an optional associated value",
            source: #"""
                @Generable(representNilExplicitlyInGeneratedContent: true)
                enum Shape {
                    case circle(radius: Double?)
                }
                """#,
            expansion: #"""
                enum Shape {
                    case circle(radius: Double?)

                    nonisolated static var generationSchema: GenerationSchema {
                        GenerationSchema(
                            type: Self.self,
                            representNilExplicitlyInGeneratedContent: true,
                            _discriminatedCases: [
                                GenerationSchema._DiscriminatedCase(
                                    name: "circle",
                                    properties: [
                                        GenerationSchema.Property(name: "radius", type: Double?.self),
                                    ]
                                ),
                            ]
                        )
                    }

                    nonisolated var generatedContent: GeneratedContent {
                        switch self {
                        case .circle(let value0):
                            GeneratedContent(
                                properties: [
                                    "type": "circle",
                                    "radius": value0,
                                ]
                            )
                        }
                    }

                    nonisolated enum PartiallyGenerated: ConvertibleFromGeneratedContent {
                        case circle(radius: Double.PartiallyGenerated?)

                        nonisolated init(_ content: GeneratedContent) throws {
                            switch try content.value(String.self, forProperty: "type") {
                            case "circle":
                                self = try .circle(radius: content.value(forProperty: "radius"))
                            case let choice:
                                throw GeneratedContent.ConversionError.unknownChoice(choice, type: "Shape")
                            }
                        }
                    }

                    nonisolated func asPartiallyGenerated() -> PartiallyGenerated {
                        switch self {
                        case .circle(let value0):
                            return .circle(radius: value0?.asPartiallyGenerated())
                        }
                    }
                }

                extension Shape: nonisolated Generable {
                    nonisolated init(_ content: GeneratedContent) throws {
                        switch try content.value(String.self, forProperty: "type") {
                        case "circle":
                            self = try .circle(radius: content.value(forProperty: "radius"))
                        case let choice:
                            throw GeneratedContent.ConversionError.unknownChoice(choice, type: "Shape")
                        }
                    }
                }
                """#
        )
    ]

    @Test(arguments: cases)
    func expansion(_ testCase: ExpansionCase) {
        assertMacroExpansion(testCase.source, expandedSource: testCase.expansion)
    }
}
