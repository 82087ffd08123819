import ChatTemplates

/// Turns a transcript into chat messages: instructions as the system message, prompts as user
/// messages, responses as assistant messages, tool calls and outputs in the template's roles.
struct TranscriptRenderer {
    /// Whether the response schema is described in the last prompt.
    var includeSchemaInPrompt = true

    /// The messages of a transcript.
    func messages(of transcript: Transcript) -> [ChatMessage] {
        var messages: [ChatMessage] = []
        let lastPromptIndex = transcript.lastIndex { if case .prompt = $0 { true } else { false } }
        for (index, entry) in transcript.enumerated() {
            switch entry {
            case .instructions(let instructions):
                let text = instructions.segments.joinedText
                if !text.isEmpty || !messages.isEmpty {
                    messages.append(ChatMessage(role: .system, content: text))
                }
            case .prompt(let prompt):
                var text = prompt.segments.joinedText
                if includeSchemaInPrompt, index == lastPromptIndex, let format = prompt.responseFormat {
                    text += SchemaPromptRendering.instruction(for: format.schema)
                }
                messages.append(ChatMessage(role: .user, content: text))
            case .response(let response):
                messages.append(ChatMessage(role: .assistant, content: response.segments.joinedText))
            case .toolCalls(let calls):
                messages.append(ChatMessage(
                    role: .assistant, content: "",
                    toolCalls: calls.map { call in
                        ChatMessage.ToolCall(id: call.id, name: call.toolName, arguments: Self.templateValue(of: call.arguments))
                    }))
            case .toolOutput(let output):
                messages.append(ChatMessage(role: .tool, content: output.segments.joinedText, toolCallID: output.id, name: output.toolName))
            }
        }
        return messages
    }

    /// Generated content as a template value (its JSON, order kept).
    static func templateValue(of content: GeneratedContent) -> TemplateValue {
        (try? TemplateValue(jsonText: content.jsonString)) ?? .string(content.jsonString)
    }
}

/// How a response schema is described to the model when `includeSchemaInPrompt` is true.
enum SchemaPromptRendering {
    /// The text appended to the prompt: a compact JSON Schema of the expected response.
    static func instruction(for schema: GenerationSchema) -> String {
        "\n\nRespond with a JSON value that follows this JSON schema:\n" + schema.jsonSchemaText()
    }
}

extension Transcript {
    /// The tools its instructions define.
    var toolDefinitions: [Transcript.ToolDefinition] {
        compactMap { entry -> [Transcript.ToolDefinition]? in
            if case .instructions(let instructions) = entry { return instructions.toolDefinitions }
            return nil
        }.flatMap { $0 }
    }
}
