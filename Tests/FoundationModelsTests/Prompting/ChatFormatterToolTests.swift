import ChatTemplates
import Testing
@testable import FoundationModelsCore

/// The tool definitions a chat template sees, pinned byte for byte as a template writes them
/// (`tojson`, as Qwen's and Llama's templates do).
@Suite struct ChatFormatterToolTests {
    @Generable struct Lookup {
        @Guide(description: "A \"partial\" name") var query: String
        var limit: Int
    }

    struct LookupTool: Tool {
        let name = "look_up"
        let description = "Finds a person.\nQuotes \" and backslashes \\ and é stay."
        func call(arguments: Lookup) async throws -> String { "" }
    }

    @Test func toolDefinitionsRenderAsTheTemplateExpects() throws {
        let formatter = ChatFormatter(template: try ChatTemplate(source: "{% for tool in tools %}{{ tool | tojson }}\n{% endfor %}"))
        let tool = Transcript.ToolDefinition(tool: LookupTool())
        let withSchema = try formatter.format([], tools: [tool], addGenerationPrompt: false)
        #expect(
            withSchema == #"""
                {"type": "function", "function": {"name": "look_up", "description": "Finds a person.\nQuotes \" and backslashes \\ and é stay.", "parameters": {"title": "Lookup", "type": "object", "properties": {"query": {"description": "A \"partial\" name", "type": "string"}, "limit": {"type": "integer"}}, "required": ["query", "limit"], "x-order": ["query", "limit"], "additionalProperties": false}}}

                """#)
        let withoutSchema = try formatter.format([], tools: [tool], addGenerationPrompt: false, toolsWithoutSchema: ["look_up"])
        #expect(
            withoutSchema == #"""
                {"type": "function", "function": {"name": "look_up", "description": "Finds a person.\nQuotes \" and backslashes \\ and é stay."}}

                """#)
    }
}
