import Testing

@Suite struct ScratchExpansionTests {
    @Test func dump() {
        let sources = [
            """
            @Generable(description: "A digest")
            public struct NotesDigest {
                @Guide(description: "A summary.")
                let summary: String
                @Guide(description: "Relevant topic tags.")
                @Guide(.count(3))
                let tags: [String]
                var sponsor: String?
                var id: GenerationID
                @Guide(/[A-Z]+/)
                var code: String
            }
            """,
            """
            @Generable
            enum Priority {
                case low, medium
                case high
            }
            """,
            """
            @Generable(description: "Step")
            enum Step {
                case set(field: String, to: Operand)
                case pair(Int, Int)
                case note(String?)
                case reset
            }
            """,
            """
            @Generable
            class Bad {
                var x: [String: Int]
            }
            """,
            """
            @Generable
            struct Bad {
                var x: [String: Int]
                @Guide(.range(1...3)) var name: String
                var y = 5
            }
            """,
        ]
        for source in sources {
            let result = expandMacros(in: source)
            print(result.expandedSource)
            print(result.diagnostics)
            print("=====")
        }
    }
}
