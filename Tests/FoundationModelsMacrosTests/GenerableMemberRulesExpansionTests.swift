import Testing

/// Full expansions of `@Generable` on the rules for which members are generated. The same declarations compile in
/// `FoundationModelsTests/Support/MacroFormTypes.swift`.
@Suite struct GenerableMemberRulesExpansionTests {
    static let cases: [ExpansionCase] = [
        ExpansionCase(
            name: "an empty nonisolated struct",
            source: #"""
                @Generable
                nonisolated struct Empty {
                }
                """#,
            expansion: #"""
                nonisolated struct Empty {

                    nonisolated static var generationSchema: GenerationSchema {
                        GenerationSchema(
                            type: Self.self,
                            properties: []
                        )
                    }

                    nonisolated var generatedContent: GeneratedContent {
                        GeneratedContent(properties: [:])
                    }

                    nonisolated struct PartiallyGenerated: Identifiable, ConvertibleFromGeneratedContent {
                        var id: GenerationID

                        nonisolated init(_ content: GeneratedContent) throws {
                            self.id = content.id ?? GenerationID()
                        }

                        fileprivate nonisolated init(id: GenerationID) {
                            self.id = id
                        }
                    }

                    nonisolated func asPartiallyGenerated() -> PartiallyGenerated {
                        PartiallyGenerated(id: GenerationID())
                    }
                }

                extension Empty: nonisolated Generable {
                    nonisolated init(_ content: GeneratedContent) throws {
                    }
                }
                """#
        ),
        ExpansionCase(
            name: "static, constant, computed and observed members; several bindings; backticks",
            source: #"""
                @Generable
                struct Mixed {
                    static let shared: Int = 0
                    let kind = "mixed"
                    var a, b: Int
                    var `default`: String
                    var computed: Int { a + b }
                    var observed: Double = 0 {
                        didSet { print(observed) }
                    }
                    func helper() {}
                }
                """#,
            expansion: #"""
                struct Mixed {
                    static let shared: Int = 0
                    let kind = "mixed"
                    var a, b: Int
                    var `default`: String
                    var computed: Int { a + b }
                    var observed: Double = 0 {
                        didSet { print(observed) }
                    }
                    func helper() {}

                    nonisolated static var generationSchema: GenerationSchema {
                        GenerationSchema(
                            type: Self.self,
                            properties: [
                                GenerationSchema.Property(name: "a", type: Int.self),
                                GenerationSchema.Property(name: "b", type: Int.self),
                                GenerationSchema.Property(name: "default", type: String.self),
                                GenerationSchema.Property(name: "observed", type: Double.self),
                            ]
                        )
                    }

                    nonisolated var generatedContent: GeneratedContent {
                        GeneratedContent(
                            properties: [
                                "a": self.a,
                                "b": self.b,
                                "default": self.`default`,
                                "observed": self.observed,
                            ]
                        )
                    }

                    nonisolated struct PartiallyGenerated: Identifiable, ConvertibleFromGeneratedContent {
                        var id: GenerationID
                        var a: Int.PartiallyGenerated?
                        var b: Int.PartiallyGenerated?
                        var `default`: String.PartiallyGenerated?
                        var observed: Double.PartiallyGenerated?

                        nonisolated init(_ content: GeneratedContent) throws {
                            self.id = content.id ?? GenerationID()
                            self.a = try content.value(forProperty: "a")
                            self.b = try content.value(forProperty: "b")
                            self.`default` = try content.value(forProperty: "default")
                            self.observed = try content.value(forProperty: "observed")
                        }

                        fileprivate nonisolated init(id: GenerationID, a: Int.PartiallyGenerated?, b: Int.PartiallyGenerated?, `default`: String.PartiallyGenerated?, observed: Double.PartiallyGenerated?) {
                            self.id = id
                            self.a = a
                            self.b = b
                            self.`default` = `default`
                            self.observed = observed
                        }
                    }

                    nonisolated func asPartiallyGenerated() -> PartiallyGenerated {
                        PartiallyGenerated(
                            id: GenerationID(),
                            a: self.a.asPartiallyGenerated(),
                            b: self.b.asPartiallyGenerated(),
                            default: self.`default`.asPartiallyGenerated(),
                            observed: self.observed.asPartiallyGenerated()
                        )
                    }
                }

                extension Mixed: nonisolated Generable {
                    nonisolated init(_ content: GeneratedContent) throws {
                        self.a = try content.value(forProperty: "a")
                        self.b = try content.value(forProperty: "b")
                        self.`default` = try content.value(forProperty: "default")
                        self.observed = try content.value(forProperty: "observed")
                    }
                }
                """#
        ),
        ExpansionCase(
            name: "a type that declares Generable and its own initializer",
            source: #"""
                @Generable
                struct Custom: Generable {
                    var value: Int

                    init(_ content: GeneratedContent) throws {
                        self.value = 0
                    }
                }
                """#,
            expansion: #"""
                struct Custom: Generable {
                    var value: Int

                    init(_ content: GeneratedContent) throws {
                        self.value = 0
                    }

                    nonisolated static var generationSchema: GenerationSchema {
                        GenerationSchema(
                            type: Self.self,
                            properties: [
                                GenerationSchema.Property(name: "value", type: Int.self),
                            ]
                        )
                    }

                    nonisolated var generatedContent: GeneratedContent {
                        GeneratedContent(
                            properties: [
                                "value": self.value,
                            ]
                        )
                    }

                    nonisolated struct PartiallyGenerated: Identifiable, ConvertibleFromGeneratedContent {
                        var id: GenerationID
                        var value: Int.PartiallyGenerated?

                        nonisolated init(_ content: GeneratedContent) throws {
                            self.id = content.id ?? GenerationID()
                            self.value = try content.value(forProperty: "value")
                        }

                        fileprivate nonisolated init(id: GenerationID, value: Int.PartiallyGenerated?) {
                            self.id = id
                            self.value = value
                        }
                    }

                    nonisolated func asPartiallyGenerated() -> PartiallyGenerated {
                        PartiallyGenerated(
                            id: GenerationID(),
                            value: self.value.asPartiallyGenerated()
                        )
                    }
                }

                extension Custom: nonisolated Generable {
                }
                """#
        ),
        ExpansionCase(
            name: "a property named id that is not a GenerationID",
            source: #"""
                @Generable
                struct Item {
                    var id: Int
                    var title: String
                }
                """#,
            expansion: #"""
                struct Item {
                    var id: Int
                    var title: String

                    nonisolated static var generationSchema: GenerationSchema {
                        GenerationSchema(
                            type: Self.self,
                            properties: [
                                GenerationSchema.Property(name: "id", type: Int.self),
                                GenerationSchema.Property(name: "title", type: String.self),
                            ]
                        )
                    }

                    nonisolated var generatedContent: GeneratedContent {
                        GeneratedContent(
                            properties: [
                                "id": self.id,
                                "title": self.title,
                            ]
                        )
                    }

                    nonisolated struct PartiallyGenerated: ConvertibleFromGeneratedContent {
                        var id: Int.PartiallyGenerated?
                        var title: String.PartiallyGenerated?

                        nonisolated init(_ content: GeneratedContent) throws {
                            self.id = try content.value(forProperty: "id")
                            self.title = try content.value(forProperty: "title")
                        }

                        fileprivate nonisolated init(id: Int.PartiallyGenerated?, title: String.PartiallyGenerated?) {
                            self.id = id
                            self.title = title
                        }
                    }

                    nonisolated func asPartiallyGenerated() -> PartiallyGenerated {
                        PartiallyGenerated(
                            id: self.id.asPartiallyGenerated(),
                            title: self.title.asPartiallyGenerated()
                        )
                    }
                }

                extension Item: nonisolated Generable {
                    nonisolated init(_ content: GeneratedContent) throws {
                        self.id = try content.value(forProperty: "id")
                        self.title = try content.value(forProperty: "title")
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
