import Foundation
import FoundationModelsCore
import JSONValues
import OpenAIWire

/// Turns a chat request into an executor request: leading system messages become the
/// instructions (with the tools), the rest the transcript, ending with the prompt or the tool
/// outputs to answer; sampling fields become ``GenerationOptions``; `response_format` and each
/// tool's parameters become ``GenerationSchema``s, enforced while decoding. A schema the decoder
/// cannot enforce is refused with the keyword, never loosened.
struct ConversationBuilder {
    let request: ChatCompletionRequest

    /// The executor request.
    ///
    /// - Throws: ``APIError`` (400) naming the message or schema at fault.
    func executorRequest() throws(APIError) -> LanguageModelExecutorGenerationRequest {
        let tools = try toolDefinitions()
        var entries: [Transcript.Entry] = []
        var systemTexts: [String] = []
        var conversationStarted = false
        var callNames: [String: String] = [:]
        for (index, message) in request.messages.enumerated() {
            let path = "messages[\(index)]"
            if message.hasImages {
                throw APIError.invalid(
                    "\(path) holds an image, but the model has no vision (no vision projector ships with the local models)",
                    param: path + ".content", code: "unsupported_capability")
            }
            switch message.role {
            case .system, .developer:
                guard !conversationStarted else {
                    throw APIError.invalid(
                        "\(path): a \(message.role.rawValue) message must come before the conversation (it becomes the instructions)",
                        param: path + ".role")
                }
                systemTexts.append(message.text)
            case .user:
                conversationStarted = true
                entries.append(.prompt(Transcript.Prompt(segments: Self.segments(message.text))))
            case .assistant:
                conversationStarted = true
                if !message.text.isEmpty || message.toolCalls.isEmpty {
                    entries.append(.response(Transcript.Response(assetIDs: [], segments: Self.segments(message.text))))
                }
                if !message.toolCalls.isEmpty {
                    var calls: [Transcript.ToolCall] = []
                    for (callIndex, call) in message.toolCalls.enumerated() {
                        let text = call.function?.arguments ?? ""
                        let arguments: GeneratedContent
                        do {
                            arguments = try GeneratedContent(json: text.isEmpty ? "{}" : text)
                        } catch {
                            throw APIError.invalid(
                                "\(path).tool_calls[\(callIndex)].function.arguments is not valid JSON",
                                param: "\(path).tool_calls[\(callIndex)].function.arguments")
                        }
                        let id = call.id.flatMap { $0.isEmpty ? nil : $0 } ?? "call_\(index)_\(callIndex)"
                        let name = call.function?.name ?? ""
                        callNames[id] = name
                        calls.append(Transcript.ToolCall(id: id, toolName: name, arguments: arguments))
                    }
                    entries.append(.toolCalls(Transcript.ToolCalls(calls)))
                }
            case .tool:
                conversationStarted = true
                let id = message.toolCallID ?? ""
                guard let name = callNames[id] else {
                    throw APIError.invalid(
                        "\(path).tool_call_id '\(id)' answers no tool call of an earlier assistant message", param: path + ".tool_call_id")
                }
                entries.append(.toolOutput(Transcript.ToolOutput(id: id, toolName: name, segments: Self.segments(message.text))))
            }
        }
        guard let last = request.messages.last, last.role == .user || last.role == .tool else {
            throw APIError.invalid(
                "the last message must be from the user (or a tool's output) for the model to answer", param: "messages")
        }
        if !systemTexts.isEmpty || !tools.isEmpty {
            let text = systemTexts.joined(separator: "\n\n")
            entries.insert(.instructions(Transcript.Instructions(segments: text.isEmpty ? [] : Self.segments(text), toolDefinitions: tools)), at: 0)
        }
        var options = try generationOptions()
        let schema = try responseSchema()
        var enabled = tools
        let toolChoice = request.toolChoice ?? .auto
        switch toolChoice {
        case .auto: options.toolCallingMode = tools.isEmpty ? nil : .allowed
        case .none: options.toolCallingMode = tools.isEmpty ? nil : .disallowed
        case .required: options.toolCallingMode = .required
        case .function(let name):
            enabled = tools.filter { $0.name == name }
            options.toolCallingMode = .required
        }
        if toolChoice == .none { enabled = [] }
        return LanguageModelExecutorGenerationRequest(
            transcript: Transcript(entries: entries), enabledTools: enabled, schema: schema, generationOptions: options)
    }

    /// The sampling the request asks for, translated as everywhere in the package
    /// (`SamplingKnobs`: temperature 0 is greedy; `top_k` or `top_p` below 1 sample among the most
    /// likely tokens, with `seed` for reproducible output; a seed alone samples with top-p 0.95).
    func generationOptions() throws(APIError) -> GenerationOptions {
        let knobs = SamplingKnobs(
            temperature: request.temperature, topP: request.topP, topK: request.topK, seed: request.seed, maximumTokens: request.maximumTokens)
        if knobs.conflict == .topKWithTopP { throw APIError.invalid("top_k and top_p cannot be combined; give one", param: "top_k") }
        return knobs.generationOptions
    }

    /// The schema the answer must follow, if any.
    func responseSchema() throws(APIError) -> GenerationSchema? {
        switch request.responseFormat ?? .text {
        case .text: return nil
        case .jsonObject:
            return try Self.schema(.object([JSONMember("type", .string("object"))]), param: "response_format")
        case .jsonSchema(_, let schema, _):
            return try Self.schema(schema, param: "response_format.json_schema.schema")
        }
    }

    private func toolDefinitions() throws(APIError) -> [Transcript.ToolDefinition] {
        var seen: Set<String> = []
        return try (request.tools ?? []).enumerated().map { (index, function) throws(APIError) in
            guard seen.insert(function.name).inserted else {
                throw APIError.invalid("tools[\(index)]: a second function named '\(function.name)'", param: "tools[\(index)].function.name")
            }
            let parameters = try Self.schema(function.parameters, param: "tools[\(index)].function.parameters")
            return Transcript.ToolDefinition(name: function.name, description: function.description, parameters: parameters)
        }
    }

    /// A JSON Schema the decoder enforces, or a 400 naming the keyword it cannot.
    static func schema(_ value: JSONValue, param: String) throws(APIError) -> GenerationSchema {
        do {
            return try GenerationSchema(jsonSchema: value.jsonText())
        } catch {
            throw APIError.invalid("\(param): \(error.description)", param: param, code: "unsupported_schema")
        }
    }

    private static func segments(_ text: String) -> [Transcript.Segment] {
        [.text(Transcript.TextSegment(content: text))]
    }
}
