// A third-party model for Apple's OS 27 `LanguageModel` protocol: any chat-completions server.
//
// Written only against the protocol as Apple documents it (`LanguageModel`,
// `LanguageModelExecutor`, `LanguageModelExecutorGenerationRequest`,
// `LanguageModelExecutorGenerationChannel`), using no API of this package beyond Apple's. The
// same file compiles against Apple's framework on macOS 27.

public import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
public import FoundationModels

/// A model served by a chat-completions endpoint (`POST {baseURL}/chat/completions`).
public struct ChatCompletionsModel: LanguageModel {
    /// Where the server is and which model to ask for.
    public struct Configuration: Hashable, Sendable {
        /// The API's base URL, such as `http://127.0.0.1:8080/v1`.
        public var baseURL: URL
        /// The model name the server expects.
        public var model: String
    }

    /// Where the server is and which model to ask for.
    public var executorConfiguration: Configuration

    /// A model on a chat-completions server.
    ///
    /// - Parameters:
    ///   - baseURL: The API's base URL.
    ///   - model: The model name the server expects.
    public init(baseURL: URL, model: String) {
        executorConfiguration = Configuration(baseURL: baseURL, model: model)
    }

    /// Tools and JSON-schema responses; no images, no reasoning.
    public var capabilities: LanguageModelCapabilities {
        LanguageModelCapabilities([.toolCalling, .guidedGeneration])
    }

    /// Sends each request to the server and reports its answer on the channel.
    public struct Executor: LanguageModelExecutor {
        public typealias Model = ChatCompletionsModel

        let configuration: Configuration

        /// Creates an executor.
        ///
        /// - Parameter configuration: Where the server is.
        public init(configuration: Configuration) {
            self.configuration = configuration
        }

        /// Asks the server (without streaming) and sends its text or tool calls.
        public func respond(
            to request: LanguageModelExecutorGenerationRequest,
            model: ChatCompletionsModel,
            streamingInto channel: LanguageModelExecutorGenerationChannel
        ) async throws {
            var urlRequest = URLRequest(url: configuration.baseURL.appendingPathComponent("chat/completions"))
            urlRequest.httpMethod = "POST"
            urlRequest.setValue("application/json", forHTTPHeaderField: "Content-Type")
            urlRequest.httpBody = try JSONSerialization.data(withJSONObject: body(for: request))
            let (data, response) = try await URLSession.shared.data(for: urlRequest)
            guard let status = (response as? HTTPURLResponse)?.statusCode, status == 200 else {
                throw ChatCompletionsError.server(String(decoding: data, as: UTF8.self))
            }
            guard let reply = try JSONSerialization.jsonObject(with: data) as? [String: Any],
                let choice = (reply["choices"] as? [[String: Any]])?.first,
                let message = choice["message"] as? [String: Any]
            else {
                throw ChatCompletionsError.server("no choice in \(String(decoding: data, as: UTF8.self))")
            }
            if let calls = message["tool_calls"] as? [[String: Any]], !calls.isEmpty {
                for call in calls {
                    guard let function = call["function"] as? [String: Any], let name = function["name"] as? String else { continue }
                    let arguments = function["arguments"] as? String ?? "{}"
                    let id = call["id"] as? String ?? UUID().uuidString
                    await channel.send(.toolCalls(action: .toolCall(id: id, name: name, action: .appendArguments(arguments, tokenCount: 0))))
                }
            } else {
                let text = message["content"] as? String ?? ""
                await channel.send(.response(action: .appendText(text, tokenCount: 0)))
            }
            if let usage = reply["usage"] as? [String: Any] {
                let input = LanguageModelExecutorGenerationChannel.Usage.Input(
                    totalTokenCount: usage["prompt_tokens"] as? Int ?? 0, cachedTokenCount: 0)
                let output = LanguageModelExecutorGenerationChannel.Usage.Output(
                    totalTokenCount: usage["completion_tokens"] as? Int ?? 0, reasoningTokenCount: 0)
                await channel.send(.response(action: .updateUsage(input: input, output: output)))
            }
        }

        /// The request body: messages, tools, and the response format for a schema.
        func body(for request: LanguageModelExecutorGenerationRequest) throws -> [String: Any] {
            var body: [String: Any] = ["model": configuration.model, "messages": messages(of: request.transcript)]
            if !request.enabledToolDefinitions.isEmpty {
                body["tools"] = try request.enabledToolDefinitions.map { tool in
                    [
                        "type": "function",
                        "function": ["name": tool.name, "description": tool.description, "parameters": try json(tool.parameters)]
                    ] as [String: Any]
                }
                switch request.generationOptions.toolCallingMode?.kind {
                case .required?: body["tool_choice"] = "required"
                case .disallowed?: body["tool_choice"] = "none"
                default: body["tool_choice"] = "auto"
                }
            }
            if let schema = request.schema {
                body["response_format"] = [
                    "type": "json_schema",
                    "json_schema": ["name": schema.name, "schema": try json(schema), "strict": true] as [String: Any]
                ]
            }
            if request.generationOptions.samplingMode == .greedy { body["temperature"] = 0 }
            if let temperature = request.generationOptions.temperature { body["temperature"] = temperature }
            if let limit = request.generationOptions.maximumResponseTokens { body["max_tokens"] = limit }
            return body
        }

        /// A schema as a JSON object (`GenerationSchema` encodes as JSON Schema).
        func json(_ schema: GenerationSchema) throws -> Any {
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(schema))
        }

        /// The transcript as chat messages.
        func messages(of transcript: Transcript) -> [[String: Any]] {
            var messages: [[String: Any]] = []
            for entry in transcript {
                switch entry {
                case .instructions(let instructions):
                    messages.append(["role": "system", "content": text(of: instructions.segments)])
                case .prompt(let prompt):
                    messages.append(["role": "user", "content": text(of: prompt.segments)])
                case .response(let response):
                    messages.append(["role": "assistant", "content": text(of: response.segments)])
                case .toolCalls(let calls):
                    messages.append([
                        "role": "assistant",
                        "tool_calls": calls.map { call in
                            [
                                "id": call.id, "type": "function",
                                "function": ["name": call.toolName, "arguments": call.arguments.jsonString]
                            ] as [String: Any]
                        }
                    ])
                case .toolOutput(let output):
                    messages.append(["role": "tool", "tool_call_id": output.id, "content": text(of: output.segments)])
                case .reasoning:
                    continue  // chat-completions servers do not take reasoning back
                @unknown default:
                    continue
                }
            }
            return messages
        }

        /// Segments as text: structured values as JSON, attachments by label.
        func text(of segments: [Transcript.Segment]) -> String {
            segments.map { segment in
                switch segment {
                case .text(let text): text.content
                case .structure(let structure): structure.content.jsonString
                case .attachment(let attachment): "[attachment \(attachment.label ?? attachment.id)]"
                case .custom(let custom): custom.description
                @unknown default: ""
                }
            }.joined()
        }
    }
}

/// What went wrong talking to the server.
public enum ChatCompletionsError: Error, CustomStringConvertible {
    /// The server answered with an error, or with something that is not a chat completion.
    case server(String)

    /// The server's answer.
    public var description: String {
        switch self {
        case .server(let text): "The server answered: \(text)"
        }
    }
}
