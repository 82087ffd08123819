import FoundationModelsCore
import JSONValues
import OpenAIWire

extension ChatCompletionRequest {
    /// The streamed request for an executor request.
    ///
    /// - Parameters:
    ///   - request: The transcript, tools, schema and options.
    ///   - model: The model name the server expects.
    ///   - extendedSampling: Whether to send `top_k` (llama-server and vLLM accept it; OpenAI does not).
    ///   - sendsImages: Whether the server's model reads images; when not, an image goes as its
    ///     label (an `AttachmentReadingTool` of the session reads it here).
    ///   - callsAsResponseFormat: Whether a round that must call a tool asks for the call as the
    ///     response's JSON schema (``OpenAICompatibleLanguageModel/RequiredToolCalls/responseFormat``).
    ///   - foldsAnsweredToolCalls: Whether a round that answers with tool outputs (it may not
    ///     call tools, and outputs follow its prompt) gets the outputs folded into its prompt, as
    ///     local models do, without the calls and the tool definitions
    ///     (``OpenAICompatibleLanguageModel/Configuration/foldsAnsweredToolCalls``).
    /// - Throws: ``LanguageModelError/unsupportedTranscriptContent(_:)`` when an image in the
    ///   transcript cannot be read or is not an image.
    init(
        _ request: LanguageModelExecutorGenerationRequest, model: String, extendedSampling: Bool, sendsImages: Bool = true,
        callsAsResponseFormat: Bool = false, foldsAnsweredToolCalls: Bool = false
    ) throws {
        let folds = foldsAnsweredToolCalls && request.foldsToolOutputs
        self.init(
            model: model,
            messages: try Self.messages(
                of: request.transcript, includeSchemaInPrompt: request.contextOptions.includeSchemaInPrompt ?? true, sendsImages: sendsImages,
                foldedOutputs: folds ? request.transcript.toolOutputsAfterLastPrompt : []))
        stream = true
        streamOptions = StreamOptions(includeUsage: true)
        // A folded answer round has no tools: the model sees no call of its own to repeat.
        let tools = folds ? [] : request.enabledToolDefinitions.map(Self.tool(for:))
        if !tools.isEmpty {
            self.tools = tools
            switch request.generationOptions.toolCallingMode?.kind {
            case .none, .allowed: toolChoice = .auto
            // `.required` as the local backend reads it: the first turn must call tools; once
            // their outputs follow the prompt, the next turn answers with them.
            case .required: toolChoice = request.transcript.hasToolOutputAfterLastPrompt ? ToolChoice.none : .required
            case .disallowed: toolChoice = ToolChoice.none
            }
        }
        if asksForCallAsAnswer(callsAsResponseFormat: callsAsResponseFormat), let tools = self.tools {
            responseFormat = .jsonSchema(name: "tool_call", schema: Self.callSchema(of: tools), strict: true)
        } else if let schema = request.schema {
            responseFormat = .jsonSchema(name: Self.schemaName(schema.name), schema: schema.jsonSchemaValue(), strict: true)
        }
        setSampling(request.generationOptions, extendedSampling: extendedSampling)
        reasoningEffort = request.contextOptions.reasoningLevel.map(Self.reasoningEffort)
    }

    /// Whether this request asks for its tool call as the answer's JSON rather than as a
    /// `tool_calls` entry: the round must call a tool and the server takes required calls as the
    /// response format (``OpenAICompatibleLanguageModel/RequiredToolCalls/responseFormat``). The
    /// request's response format is then the call schema, and the answer's text is read back as
    /// a call.
    func asksForCallAsAnswer(callsAsResponseFormat: Bool) -> Bool {
        callsAsResponseFormat && toolChoice == .required
    }

    /// OpenAI's `reasoning_effort` for a reasoning level: `low`, `medium`, `high`, or a custom
    /// level's name as given.
    static func reasoningEffort(_ level: ContextOptions.ReasoningLevel) -> String {
        switch level {
        case .light: "low"
        case .moderate: "medium"
        case .deep: "high"
        case .custom(let name): name
        }
    }

    /// The chat messages of a transcript: instructions as the system message, prompts as user
    /// messages, responses as assistant messages, tool calls as the assistant's `tool_calls`, and
    /// tool outputs as `tool` messages answering their call's id.
    ///
    /// Images go as `image_url` content parts: `file:` images as `data:` URLs, others as given.
    /// Without `sendsImages` (a text-only server model, whose images a tool of the session reads),
    /// each image is its label in the text, `[image "sign-photo"]`, as on local models: a
    /// server without a vision projector refuses image parts (llama-server: HTTP 500, "image input
    /// is not supported"). Reasoning entries are not sent: chat-completions servers do not take
    /// reasoning back. With `foldedOutputs` (an answer round of a server that folds them), the
    /// calls and outputs after the last prompt are left out and the outputs are written, in
    /// `<tool_response>` tags, before the last prompt's text.
    ///
    /// - Throws: ``LanguageModelError/unsupportedTranscriptContent(_:)`` when an image file is
    ///   missing or is not an image.
    static func messages(
        of transcript: Transcript, includeSchemaInPrompt: Bool = true, sendsImages: Bool = true, foldedOutputs: [Transcript.ToolOutput] = []
    ) throws -> [ChatMessage] {
        var messages: [ChatMessage] = []
        let lastPromptIndex = transcript.lastPromptIndex
        for (index, entry) in transcript.enumerated() where !transcript.isLeftOutWhenFolding(foldedOutputs, at: index) {
            switch entry {
            case .instructions(let instructions):
                let text = instructions.segments.joinedText
                if !text.isEmpty || !messages.isEmpty {
                    messages.append(ChatMessage(role: .system, text: text))
                }
            case .prompt(let prompt):
                // As on local models: the schema is described in the prompt unless turned off (an
                // earlier prompt as it was sent, so the server's prompt cache keeps the turns); the
                // server's grammar enforces it either way.
                let schemaInstruction = SchemaPromptRendering.instruction(for: prompt, isLast: index == lastPromptIndex, included: includeSchemaInPrompt)
                let folded = index == lastPromptIndex ? foldedOutputs : []
                if sendsImages, prompt.segments.contains(where: \.isAttachment) {
                    messages.append(try userMessage(parts: prompt.segments, schemaInstruction: schemaInstruction, foldedOutputs: folded))
                } else {
                    messages.append(ChatMessage(role: .user, text: Transcript.folding(folded, into: prompt.segments.joinedText + schemaInstruction)))
                }
            case .reasoning:
                break
            case .response(let response):
                messages.append(ChatMessage(role: .assistant, text: response.segments.joinedText))
            case .toolCalls(let calls):
                messages.append(
                    ChatMessage(
                        role: .assistant, content: nil,
                        toolCalls: calls.map { ChatToolCall(id: $0.id, name: $0.toolName, arguments: $0.arguments.jsonString) }))
            case .toolOutput(let output):
                messages.append(ChatMessage(role: .tool, content: .text(output.segments.joinedText), toolCallID: output.id))
            }
        }
        return messages
    }

    /// The JSON schema of one call of one of `tools`: `{"name": …, "arguments": {…}}`, the name a
    /// constant and the arguments by that tool's schema (one object per tool, as alternatives).
    static func callSchema(of tools: [ChatTool]) -> JSONValue {
        let calls = tools.map { tool in
            JSONValue.object([
                JSONMember(key: "type", value: .string("object")),
                JSONMember(
                    key: "properties",
                    value: .object([
                        JSONMember(key: "name", value: .object([JSONMember(key: "const", value: .string(tool.name))])),
                        JSONMember(key: "arguments", value: tool.parameters)
                    ])),
                JSONMember(key: "required", value: .array([.string("name"), .string("arguments")])),
                JSONMember(key: "additionalProperties", value: .bool(false))
            ])
        }
        return calls.count == 1 ? calls[0] : .object([JSONMember(key: "anyOf", value: .array(calls))])
    }

    /// A tool as an OpenAI function: its name, description and argument schema.
    static func tool(for tool: Transcript.ToolDefinition) -> ChatTool {
        ChatTool(name: tool.name, description: tool.description, parameters: tool.parameters.jsonSchemaValue())
    }

    /// Sets the sampling parameters for generation options.
    ///
    /// Greedy is temperature 0 (and `top_k` 1 where accepted); `random(top:seed:)` is `top_k` and
    /// `seed`; `random(probabilityThreshold:seed:)` is `top_p` and `seed`.
    mutating func setSampling(_ options: GenerationOptions, extendedSampling: Bool) {
        temperature = options.temperature
        switch options.samplingMode?.kind {
        case .none:
            break
        case .greedy:
            temperature = 0
            if extendedSampling { topK = 1 }
        case .randomTopK(let k, let seed):
            if extendedSampling { topK = k }
            self.seed = seed
        case .randomProbabilityThreshold(let threshold, let seed):
            topP = threshold
            self.seed = seed
        }
        maxTokens = options.maximumResponseTokens
    }

    /// A schema name as OpenAI accepts it: letters, digits, `_` and `-`, at most 64 characters.
    static func schemaName(_ name: String) -> String {
        let allowed = name.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") ? $0 : "_" }
        let cleaned = String(allowed.prefix(64))
        return cleaned.isEmpty ? "response" : cleaned
    }

    /// A user message of content parts: text parts and `image_url` parts in the prompt's order.
    private static func userMessage(
        parts segments: [Transcript.Segment], schemaInstruction: String, foldedOutputs: [Transcript.ToolOutput]
    ) throws -> ChatMessage {
        var parts: [ChatMessage.ContentPart] = []
        var text = Transcript.folding(foldedOutputs, into: "")
        func flushText() {
            guard !text.isEmpty else { return }
            parts.append(.text(text))
            text = ""
        }
        for segment in segments {
            if case .attachment(let attachment) = segment, case .image(let image) = attachment.content {
                if attachment.label != nil { text += attachment.promptText }
                flushText()
                parts.append(.imageURL(try image.portableURL()))
            } else {
                text += segment.description
            }
        }
        text += schemaInstruction
        flushText()
        return ChatMessage(role: .user, content: .parts(parts))
    }
}
