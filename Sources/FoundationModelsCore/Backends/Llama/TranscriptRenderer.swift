import ChatTemplates
import JSONValues

/// Turns a transcript into chat messages: instructions as the system message, prompts as user
/// messages, responses as assistant messages, tool calls and outputs in the template's roles.
struct TranscriptRenderer {
    /// Whether response schemas are described in the prompts: the last prompt's, and each
    /// earlier one's that was sent with its schema (its `contextOptions`). An earlier prompt is
    /// written as the model saw it when it answered, so that the tokens of a session's earlier
    /// turns stay the same from one request to the next and the cache keeps them (the main job's
    /// digest turn prefilled 228 tokens, 1.4 s on two cores, where 110 are new).
    var includeSchemaInPrompt = true
    /// Whether the chat template renders tools, tool calls and tool outputs itself. When it does
    /// not, they are written as text: tool descriptions in the system message, calls in
    /// ``ToolCallSyntax`` tags, outputs in `<tool_response>` tags of a user message.
    var templateSupportsTools = true
    /// Tools whose argument schema stays out of the instructions (`includesSchemaInInstructions`).
    var toolsWithoutSchema: Set<String> = []
    /// Whether the request's tool calls are folded into its prompt: for a turn that may not call
    /// tools but has their outputs after the last prompt, the outputs are written (in
    /// `<tool_response>` tags) into the last user message before the prompt's text, the calls are
    /// left out, and so are the tool definitions. Small models that see their own call and its
    /// output in the template's roles call again (or, kept from calling, say something
    /// unrelated); given the outputs beside the question, they answer it (see
    /// `Docs/Evolution/0017-answer-rounds.md`).
    var foldsAnsweredToolCalls = false

    /// The messages of a transcript.
    func messages(of transcript: Transcript) -> [ChatMessage] {
        var messages: [ChatMessage] = []
        // Reasoning goes with the assistant message it led to, as `reasoning_content`: templates
        // of thinking models render it (or drop it from earlier turns) as they were trained to.
        var pendingReasoning: String?
        func appendAssistant(_ message: ChatMessage) {
            var message = message
            if let reasoning = pendingReasoning {
                message.extraFields["reasoning_content"] = .string(reasoning)
                pendingReasoning = nil
            }
            messages.append(message)
        }
        let lastPromptIndex = transcript.lastPromptIndex
        let foldedOutputs = foldsAnsweredToolCalls ? transcript.toolOutputsAfterLastPrompt : []
        for (index, entry) in transcript.enumerated() where !transcript.isLeftOutWhenFolding(foldedOutputs, at: index) {
            switch entry {
            case .instructions(let instructions):
                var text = instructions.segments.joinedText
                if !templateSupportsTools, foldedOutputs.isEmpty, !instructions.toolDefinitions.isEmpty {
                    text += ToolCallSyntax.instructions(for: instructions.toolDefinitions, schemaHidden: toolsWithoutSchema)
                }
                if !text.isEmpty || !messages.isEmpty {
                    messages.append(ChatMessage(role: .system, content: text))
                }
            case .prompt(let prompt):
                var text = prompt.segments.joinedText
                text += SchemaPromptRendering.instruction(for: prompt, isLast: index == lastPromptIndex, included: includeSchemaInPrompt)
                if index == lastPromptIndex { text = Transcript.folding(foldedOutputs, into: text) }
                messages.append(ChatMessage(role: .user, content: text))
            case .reasoning(let reasoning):
                pendingReasoning = (pendingReasoning ?? "") + reasoning.segments.joinedText
            case .response(let response):
                appendAssistant(ChatMessage(role: .assistant, content: response.segments.joinedText))
            case .toolCalls(let calls):
                if templateSupportsTools {
                    appendAssistant(
                        ChatMessage(
                            role: .assistant, content: "",
                            toolCalls: calls.map { call in
                                ChatMessage.ToolCall(id: call.id, name: call.toolName, arguments: Self.templateValue(of: call.arguments))
                            }))
                } else {
                    let text = calls.map { call in
                        ToolCallSyntax.openTag + "\n{\"name\": " + JSONWriter.quoted(call.toolName)
                            + ", \"arguments\": " + call.arguments.jsonString + "}\n" + ToolCallSyntax.closeTag
                    }.joined(separator: "\n")
                    appendAssistant(ChatMessage(role: .assistant, content: text))
                }
            case .toolOutput(let output):
                if templateSupportsTools {
                    messages.append(ChatMessage(role: .tool, content: output.segments.joinedText, toolCallID: output.id, name: output.toolName))
                } else {
                    let block = "<tool_response>\n" + output.segments.joinedText + "\n</tool_response>"
                    if let last = messages.last, last.role == .user, last.content?.hasPrefix("<tool_response>") == true {
                        messages[messages.count - 1].content = (last.content ?? "") + "\n" + block
                    } else {
                        messages.append(ChatMessage(role: .user, content: block))
                    }
                }
            }
        }
        return messages
    }

    /// Generated content as a template value (its JSON, order kept).
    static func templateValue(of content: GeneratedContent) -> TemplateValue {
        (try? TemplateValue(jsonText: content.jsonString)) ?? .string(content.jsonString)
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
