import FoundationModelsCore
import JSONValues

/// The body of a streamed `/chat/completions` request, built from an executor request.
///
/// Written as a ``JSONValue`` rather than through `JSONEncoder`, so that JSON Schema properties
/// keep their declaration order: llama-server's grammar generates them in the order it reads.
struct ChatCompletionRequest {
    /// The model name the server expects.
    var model: String
    /// The conversation as chat messages.
    var messages: [JSONValue]
    /// The tools as OpenAI function definitions.
    var tools: [JSONValue]
    /// `auto`, `required` or `none`; `nil` when no tools are offered.
    var toolChoice: String?
    /// The `json_schema` response format, for guided generation.
    var responseFormat: JSONValue?
    /// Sampling parameters, in the order they are written.
    var sampling: [JSONMember]

    /// Maps an executor request.
    ///
    /// - Parameters:
    ///   - request: The transcript, tools, schema and options.
    ///   - model: The model name the server expects.
    ///   - extendedSampling: Whether to send `top_k` (llama-server and vLLM accept it; OpenAI does not).
    /// - Throws: ``LanguageModelError/unsupportedTranscriptContent(_:)`` when an image in the
    ///   transcript cannot be read or is not an image.
    init(_ request: LanguageModelExecutorGenerationRequest, model: String, extendedSampling: Bool) throws {
        self.model = model
        self.messages = try Self.messages(
            of: request.transcript, includeSchemaInPrompt: request.contextOptions.includeSchemaInPrompt ?? true)
        self.tools = request.enabledToolDefinitions.map(Self.function(for:))
        if tools.isEmpty {
            toolChoice = nil
        } else {
            switch request.generationOptions.toolCallingMode?.kind {
            case .none, .allowed: toolChoice = "auto"
            case .required: toolChoice = "required"
            case .disallowed: toolChoice = "none"
            }
        }
        if let schema = request.schema {
            responseFormat = .object([
                JSONMember("type", .string("json_schema")),
                JSONMember(
                    "json_schema",
                    .object([
                        JSONMember("name", .string(Self.schemaName(schema.name))),
                        JSONMember("schema", schema.jsonSchemaValue()),
                        JSONMember("strict", .bool(true))
                    ]))
            ])
        } else {
            responseFormat = nil
        }
        sampling = Self.sampling(for: request.generationOptions, extendedSampling: extendedSampling)
        if let level = request.contextOptions.reasoningLevel {
            sampling.append(JSONMember("reasoning_effort", .string(Self.reasoningEffort(level))))
        }
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

    /// The JSON of the request body, streamed with usage.
    var jsonValue: JSONValue {
        var members: [JSONMember] = [
            JSONMember("model", .string(model)),
            JSONMember("messages", .array(messages)),
            JSONMember("stream", .bool(true)),
            JSONMember("stream_options", .object([JSONMember("include_usage", .bool(true))]))
        ]
        if !tools.isEmpty {
            members.append(JSONMember("tools", .array(tools)))
        }
        if let toolChoice { members.append(JSONMember("tool_choice", .string(toolChoice))) }
        if let responseFormat { members.append(JSONMember("response_format", responseFormat)) }
        members.append(contentsOf: sampling)
        return .object(members)
    }

    /// The chat messages of a transcript: instructions as the system message, prompts as user
    /// messages, responses as assistant messages, tool calls as the assistant's `tool_calls`, and
    /// tool outputs as `tool` messages answering their call's id.
    ///
    /// Images go as `image_url` content parts: `file:` images as `data:` URLs, others as given.
    /// Reasoning entries are not sent: chat-completions servers do not take reasoning back.
    ///
    /// - Throws: ``LanguageModelError/unsupportedTranscriptContent(_:)`` when an image file is
    ///   missing or is not an image.
    static func messages(of transcript: Transcript, includeSchemaInPrompt: Bool = true) throws -> [JSONValue] {
        var messages: [JSONValue] = []
        let lastPromptIndex = transcript.lastIndex { if case .prompt = $0 { true } else { false } }
        for (index, entry) in transcript.enumerated() {
            switch entry {
            case .instructions(let instructions):
                let text = instructions.segments.joinedText
                if !text.isEmpty || !messages.isEmpty {
                    messages.append(message(role: "system", content: text))
                }
            case .prompt(let prompt):
                // As on local models: the schema is described in the prompt unless turned off; the
                // server's grammar enforces it either way.
                var schemaInstruction = ""
                if includeSchemaInPrompt, index == lastPromptIndex, let format = prompt.responseFormat {
                    schemaInstruction = SchemaPromptRendering.instruction(for: format.schema)
                }
                if prompt.segments.contains(where: \.isAttachment) {
                    messages.append(try userMessage(parts: prompt.segments, schemaInstruction: schemaInstruction))
                } else {
                    messages.append(message(role: "user", content: prompt.segments.joinedText + schemaInstruction))
                }
            case .reasoning:
                break
            case .response(let response):
                messages.append(message(role: "assistant", content: response.segments.joinedText))
            case .toolCalls(let calls):
                messages.append(
                    .object([
                        JSONMember("role", .string("assistant")),
                        JSONMember("content", .null),
                        JSONMember(
                            "tool_calls",
                            .array(
                                calls.map { call in
                                    .object([
                                        JSONMember("id", .string(call.id)),
                                        JSONMember("type", .string("function")),
                                        JSONMember(
                                            "function",
                                            .object([
                                                JSONMember("name", .string(call.toolName)),
                                                JSONMember("arguments", .string(call.arguments.jsonString))
                                            ]))
                                    ])
                                }))
                    ]))
            case .toolOutput(let output):
                messages.append(
                    .object([
                        JSONMember("role", .string("tool")),
                        JSONMember("tool_call_id", .string(output.id)),
                        JSONMember("content", .string(output.segments.joinedText))
                    ]))
            }
        }
        return messages
    }

    /// A tool as an OpenAI function: its name, description and argument schema.
    static func function(for tool: Transcript.ToolDefinition) -> JSONValue {
        .object([
            JSONMember("type", .string("function")),
            JSONMember(
                "function",
                .object([
                    JSONMember("name", .string(tool.name)),
                    JSONMember("description", .string(tool.description)),
                    JSONMember("parameters", tool.parameters.jsonSchemaValue())
                ]))
        ])
    }

    /// The sampling parameters for generation options.
    ///
    /// Greedy is temperature 0 (and `top_k` 1 where accepted); `random(top:seed:)` is `top_k` and
    /// `seed`; `random(probabilityThreshold:seed:)` is `top_p` and `seed`.
    static func sampling(for options: GenerationOptions, extendedSampling: Bool) -> [JSONMember] {
        var members: [JSONMember] = []
        var temperature = options.temperature
        switch options.samplingMode?.kind {
        case .none:
            break
        case .greedy:
            temperature = 0
            if extendedSampling { members.append(JSONMember("top_k", .number("1"))) }
        case .randomTopK(let k, let seed):
            if extendedSampling { members.append(JSONMember("top_k", .number(String(k)))) }
            if let seed { members.append(JSONMember("seed", .number(String(seed)))) }
        case .randomProbabilityThreshold(let threshold, let seed):
            members.append(JSONMember("top_p", .number(JSONValue.numberText(threshold))))
            if let seed { members.append(JSONMember("seed", .number(String(seed)))) }
        }
        if let temperature { members.insert(JSONMember("temperature", .number(JSONValue.numberText(temperature))), at: 0) }
        if let maximum = options.maximumResponseTokens { members.append(JSONMember("max_tokens", .number(String(maximum)))) }
        return members
    }

    /// A schema name as OpenAI accepts it: letters, digits, `_` and `-`, at most 64 characters.
    static func schemaName(_ name: String) -> String {
        let allowed = name.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") ? $0 : "_" }
        let cleaned = String(allowed.prefix(64))
        return cleaned.isEmpty ? "response" : cleaned
    }

    /// A user message of content parts: text parts and `image_url` parts in the prompt's order.
    private static func userMessage(parts segments: [Transcript.Segment], schemaInstruction: String) throws -> JSONValue {
        var parts: [JSONValue] = []
        var text = ""
        func flushText() {
            guard !text.isEmpty else { return }
            parts.append(.object([JSONMember("type", .string("text")), JSONMember("text", .string(text))]))
            text = ""
        }
        for segment in segments {
            if case .attachment(let attachment) = segment, case .image(let image) = attachment.content {
                if let label = attachment.label { text += "[image \"\(label)\"]" }
                flushText()
                parts.append(
                    .object([
                        JSONMember("type", .string("image_url")),
                        JSONMember("image_url", .object([JSONMember("url", .string(try image.portableURL()))]))
                    ]))
            } else {
                text += segment.description
            }
        }
        text += schemaInstruction
        flushText()
        return .object([JSONMember("role", .string("user")), JSONMember("content", .array(parts))])
    }

    private static func message(role: String, content: String) -> JSONValue {
        .object([JSONMember("role", .string(role)), JSONMember("content", .string(content))])
    }
}
