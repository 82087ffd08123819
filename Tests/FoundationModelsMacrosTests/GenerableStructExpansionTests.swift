import Testing

/// Full expansions of `@Generable` on structs. The same declarations compile in
/// `FoundationModelsTests/Support/MacroFormTypes.swift`.
@Suite struct GenerableStructExpansionTests {
    static let cases: [ExpansionCase] = [
        ExpansionCase(
            name: "a struct with a described property and an enum property",
            source: #"""
                @Generable
                struct ActionItem {
                    @Guide(description: "A short, imperative description of the task.")
                    let task: String
                    let priority: Priority
                }
                """#,
            expansion: #"""
                struct ActionItem {
                    let task: String
                    let priority: Priority

                    nonisolated static var generationSchema: GenerationSchema {
                        GenerationSchema(
                            type: Self.self,
                            properties: [
                                GenerationSchema.Property(name: "task", description: "A short, imperative description of the task.", type: String.self),
                                GenerationSchema.Property(name: "priority", type: Priority.self),
                            ]
                        )
                    }

                    nonisolated var generatedContent: GeneratedContent {
                        GeneratedContent(
                            properties: [
                                "task": self.task,
                                "priority": self.priority,
                            ]
                        )
                    }

                    nonisolated struct PartiallyGenerated: Identifiable, ConvertibleFromGeneratedContent {
                        var id: GenerationID
                        var task: String.PartiallyGenerated?
                        var priority: Priority.PartiallyGenerated?

                        nonisolated init(_ content: GeneratedContent) throws {
                            self.id = content.id ?? GenerationID()
                            self.task = try content.value(forProperty: "task")
                            self.priority = try content.value(forProperty: "priority")
                        }

                        fileprivate nonisolated init(id: GenerationID, task: String.PartiallyGenerated?, priority: Priority.PartiallyGenerated?) {
                            self.id = id
                            self.task = task
                            self.priority = priority
                        }
                    }

                    nonisolated func asPartiallyGenerated() -> PartiallyGenerated {
                        PartiallyGenerated(
                            id: GenerationID(),
                            task: self.task.asPartiallyGenerated(),
                            priority: self.priority.asPartiallyGenerated()
                        )
                    }
                }

                extension ActionItem: nonisolated Generable {
                    nonisolated init(_ content: GeneratedContent) throws {
                        self.task = try content.value(forProperty: "task")
                        self.priority = try content.value(forProperty: "priority")
                    }
                }
                """#
        ),
        ExpansionCase(
            name: "description: and an array of a nested type",
            source: #"""
                @Generable(description: "A digest of meeting notes")
                struct NotesDigest {
                    let summary: String
                    let actionItems: [ActionItem]
                }
                """#,
            expansion: #"""
                struct NotesDigest {
                    let summary: String
                    let actionItems: [ActionItem]

                    nonisolated static var generationSchema: GenerationSchema {
                        GenerationSchema(
                            type: Self.self,
                            description: "A digest of meeting notes",
                            properties: [
                                GenerationSchema.Property(name: "summary", type: String.self),
                                GenerationSchema.Property(name: "actionItems", type: [ActionItem].self),
                            ]
                        )
                    }

                    nonisolated var generatedContent: GeneratedContent {
                        GeneratedContent(
                            properties: [
                                "summary": self.summary,
                                "actionItems": self.actionItems,
                            ]
                        )
                    }

                    nonisolated struct PartiallyGenerated: Identifiable, ConvertibleFromGeneratedContent {
                        var id: GenerationID
                        var summary: String.PartiallyGenerated?
                        var actionItems: [ActionItem.PartiallyGenerated]?

                        nonisolated init(_ content: GeneratedContent) throws {
                            self.id = content.id ?? GenerationID()
                            self.summary = try content.value(forProperty: "summary")
                            self.actionItems = try content.value(forProperty: "actionItems")
                        }

                        fileprivate nonisolated init(id: GenerationID, summary: String.PartiallyGenerated?, actionItems: [ActionItem.PartiallyGenerated]?) {
                            self.id = id
                            self.summary = summary
                            self.actionItems = actionItems
                        }
                    }

                    nonisolated func asPartiallyGenerated() -> PartiallyGenerated {
                        PartiallyGenerated(
                            id: GenerationID(),
                            summary: self.summary.asPartiallyGenerated(),
                            actionItems: self.actionItems.asPartiallyGenerated()
                        )
                    }
                }

                extension NotesDigest: nonisolated Generable {
                    nonisolated init(_ content: GeneratedContent) throws {
                        self.summary = try content.value(forProperty: "summary")
                        self.actionItems = try content.value(forProperty: "actionItems")
                    }
                }
                """#
        ),
        ExpansionCase(
            name: "representNilExplicitlyInGeneratedContent: writes optionals as they are",
            source: #"""
                @Generable(description: "Explicit", representNilExplicitlyInGeneratedContent: true)
                struct Explicit {
                    var maybe: String?
                    var count: Int
                }
                """#,
            expansion: #"""
                struct Explicit {
                    var maybe: String?
                    var count: Int

                    nonisolated static var generationSchema: GenerationSchema {
                        GenerationSchema(
                            type: Self.self,
                            description: "Explicit",
                            representNilExplicitlyInGeneratedContent: true,
                            properties: [
                                GenerationSchema.Property(name: "maybe", type: String?.self),
                                GenerationSchema.Property(name: "count", type: Int.self),
                            ]
                        )
                    }

                    nonisolated var generatedContent: GeneratedContent {
                        GeneratedContent(
                            properties: [
                                "maybe": self.maybe,
                                "count": self.count,
                            ]
                        )
                    }

                    nonisolated struct PartiallyGenerated: Identifiable, ConvertibleFromGeneratedContent {
                        var id: GenerationID
                        var maybe: String.PartiallyGenerated?
                        var count: Int.PartiallyGenerated?

                        nonisolated init(_ content: GeneratedContent) throws {
                            self.id = content.id ?? GenerationID()
                            self.maybe = try content.value(forProperty: "maybe")
                            self.count = try content.value(forProperty: "count")
                        }

                        fileprivate nonisolated init(id: GenerationID, maybe: String.PartiallyGenerated?, count: Int.PartiallyGenerated?) {
                            self.id = id
                            self.maybe = maybe
                            self.count = count
                        }
                    }

                    nonisolated func asPartiallyGenerated() -> PartiallyGenerated {
                        PartiallyGenerated(
                            id: GenerationID(),
                            maybe: self.maybe?.asPartiallyGenerated(),
                            count: self.count.asPartiallyGenerated()
                        )
                    }
                }

                extension Explicit: nonisolated Generable {
                    nonisolated init(_ content: GeneratedContent) throws {
                        self.maybe = try content.value(forProperty: "maybe")
                        self.count = try content.value(forProperty: "count")
                    }
                }
                """#
        ),
        ExpansionCase(
            name: "a public struct with optionals and a stored GenerationID",
            source: #"""
                @Generable
                public struct Record {
                    public var id: GenerationID
                    public var name: String
                    public var nickname: String?
                    public var tags: [String]?
                }
                """#,
            expansion: #"""
                public struct Record {
                    public var id: GenerationID
                    public var name: String
                    public var nickname: String?
                    public var tags: [String]?

                    public nonisolated static var generationSchema: GenerationSchema {
                        GenerationSchema(
                            type: Self.self,
                            properties: [
                                GenerationSchema.Property(name: "name", type: String.self),
                                GenerationSchema.Property(name: "nickname", type: String?.self),
                                GenerationSchema.Property(name: "tags", type: [String]?.self),
                            ]
                        )
                    }

                    public nonisolated var generatedContent: GeneratedContent {
                        GeneratedContent(
                            _omittingNilProperties: [
                                "name": self.name,
                                "nickname": self.nickname,
                                "tags": self.tags,
                            ],
                            id: self.id
                        )
                    }

                    public nonisolated struct PartiallyGenerated: Identifiable, ConvertibleFromGeneratedContent {
                        public var id: GenerationID
                        public var name: String.PartiallyGenerated?
                        public var nickname: String.PartiallyGenerated?
                        public var tags: [String.PartiallyGenerated]?

                        public nonisolated init(_ content: GeneratedContent) throws {
                            self.id = content.id ?? GenerationID()
                            self.name = try content.value(forProperty: "name")
                            self.nickname = try content.value(forProperty: "nickname")
                            self.tags = try content.value(forProperty: "tags")
                        }

                        fileprivate nonisolated init(id: GenerationID, name: String.PartiallyGenerated?, nickname: String.PartiallyGenerated?, tags: [String.PartiallyGenerated]?) {
                            self.id = id
                            self.name = name
                            self.nickname = nickname
                            self.tags = tags
                        }
                    }

                    public nonisolated func asPartiallyGenerated() -> PartiallyGenerated {
                        PartiallyGenerated(
                            id: self.id,
                            name: self.name.asPartiallyGenerated(),
                            nickname: self.nickname?.asPartiallyGenerated(),
                            tags: self.tags?.asPartiallyGenerated()
                        )
                    }
                }

                extension Record: nonisolated Generable {
                    public nonisolated init(_ content: GeneratedContent) throws {
                        self.name = try content.value(forProperty: "name")
                        self.nickname = try content.value(forProperty: "nickname")
                        self.tags = try content.value(forProperty: "tags")
                        self.id = content.id ?? GenerationID()
                    }
                }
                """#
        ),
        ExpansionCase(
            name: "a type nested in another type",
            source: #"""
                struct TeamDirectoryTool {
                    @Generable
                    struct Arguments {
                        @Guide(description: "A partial or full name to search for.")
                        var query: String
                    }
                }
                """#,
            expansion: #"""
                struct TeamDirectoryTool {
                    struct Arguments {
                        var query: String

                        nonisolated static var generationSchema: GenerationSchema {
                            GenerationSchema(
                                type: Self.self,
                                properties: [
                                    GenerationSchema.Property(name: "query", description: "A partial or full name to search for.", type: String.self),
                                ]
                            )
                        }

                        nonisolated var generatedContent: GeneratedContent {
                            GeneratedContent(
                                properties: [
                                    "query": self.query,
                                ]
                            )
                        }

                        nonisolated struct PartiallyGenerated: Identifiable, ConvertibleFromGeneratedContent {
                            var id: GenerationID
                            var query: String.PartiallyGenerated?

                            nonisolated init(_ content: GeneratedContent) throws {
                                self.id = content.id ?? GenerationID()
                                self.query = try content.value(forProperty: "query")
                            }

                            fileprivate nonisolated init(id: GenerationID, query: String.PartiallyGenerated?) {
                                self.id = id
                                self.query = query
                            }
                        }

                        nonisolated func asPartiallyGenerated() -> PartiallyGenerated {
                            PartiallyGenerated(
                                id: GenerationID(),
                                query: self.query.asPartiallyGenerated()
                            )
                        }
                    }
                }

                extension TeamDirectoryTool.Arguments: nonisolated Generable {
                    nonisolated init(_ content: GeneratedContent) throws {
                        self.query = try content.value(forProperty: "query")
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
