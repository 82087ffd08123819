import Testing
@testable import FoundationModelsCore

@Suite struct ToolCallSyntaxTests {
    @Test func parsesOneAndSeveralCalls() throws {
        let one = try #require(ToolCallSyntax.parse("<tool_call>\n{\"name\": \"lookup\", \"arguments\": {\"query\": \"Sara\"}}\n</tool_call>"))
        #expect(one.count == 1 && one[0].name == "lookup" && one[0].arguments == #"{"query": "Sara"}"#)
        let two = try #require(
            ToolCallSyntax.parse(
                "<tool_call>\n{\"name\": \"a\", \"arguments\": {}}\n</tool_call>\n<tool_call>\n{\"name\": \"b\", \"arguments\": {\"x\": 1}}\n</tool_call>"))
        #expect(two.map(\.name) == ["a", "b"])
    }

    @Test func textIsNotACall() {
        #expect(ToolCallSyntax.parse("Hello there") == nil)
        #expect(ToolCallSyntax.parse("<tool_call>\n{\"name\": \"a\", \"arguments\": {}}") == nil)  // cut off
        #expect(ToolCallSyntax.mayBeToolCalls(""))
        #expect(ToolCallSyntax.mayBeToolCalls("<tool"))
        #expect(ToolCallSyntax.mayBeToolCalls("<tool_call>\n{"))
        #expect(!ToolCallSyntax.mayBeToolCalls("<b>bold</b>"))
        #expect(!ToolCallSyntax.mayBeToolCalls("Sure"))
    }

    @Test func toolsAreDescribedForTemplatesWithoutToolSupport() {
        let schema = GenerationSchema(type: GeneratedContent.self, properties: [])
        let tools = [Transcript.ToolDefinition(name: "lookup", description: "Finds people.", parameters: schema)]
        let shown = ToolCallSyntax.instructions(for: tools, schemaHidden: [])
        #expect(shown.contains("- lookup: Finds people.") && shown.contains("Arguments (JSON Schema)"))
        let hidden = ToolCallSyntax.instructions(for: tools, schemaHidden: ["lookup"])
        #expect(hidden.contains("- lookup: Finds people.") && !hidden.contains("Arguments (JSON Schema)"))
    }
}
