public import Foundation
public import FoundationModelsCore

/// A model served by an OpenAI-compatible server (llama.cpp's `llama-server`, vLLM, …) as a
/// ``LanguageModel`` (an extra of this implementation).
///
/// Sessions on it work as on local models: text, streaming, `@Generable` values (the server
/// enforces the schema through `response_format`) and tools (through the server's tool calling).
///
/// ```swift
/// let model = OpenAICompatibleLanguageModel(baseURL: URL(string: "http://127.0.0.1:8080/v1")!, model: "qwen")
/// let session = LanguageModelSession(model: model, instructions: "Be brief.")
/// let answer = try await session.respond(to: "Hi")
/// ```
///
/// Requests stream from `POST {baseURL}/chat/completions`. A server that cannot be reached throws
/// ``LanguageModelSession/GenerationError/assetsUnavailable(_:)`` naming the URL, HTTP 429 throws
/// ``LanguageModelSession/GenerationError/rateLimited(_:)``, and a prompt too long for the server's
/// context throws ``LanguageModelSession/GenerationError/exceededContextWindowSize(_:)``.
public struct OpenAICompatibleLanguageModel: LanguageModel {
    /// How to reach the server and which model to ask for.
    public struct Configuration: Sendable, Hashable {
        /// The API's base URL, usually ending in `/v1`; requests go to `{baseURL}/chat/completions`.
        public var baseURL: URL
        /// The model name the server expects (`model` in the request body).
        public var model: String
        /// Sent as `Authorization: Bearer <key>` when set.
        public var apiKey: String?
        /// Extra HTTP headers sent with every request.
        public var headers: [String: String]
        /// Seconds the server may stay silent (before its first byte, or between two) before the
        /// request fails.
        public var requestTimeout: TimeInterval
        /// Whether to send `top_k` for greedy and top-k sampling: llama-server and vLLM accept it,
        /// OpenAI's own API rejects it. Without it, greedy is temperature 0 alone.
        public var sendsTopK: Bool
        /// Whether the server's model reads images (`image_url` content parts): the model then has
        /// the ``LanguageModelCapabilities/Capability/vision`` capability. Without it, a prompt's
        /// image is refused unless a tool that reads images is offered (an `AttachmentReadingTool`
        /// such as Vision's `OCRTool`), and then goes to the server as its label, for the tool to read.
        public var supportsImages: Bool
        /// Whether the server's model reasons (returns `reasoning_content`, takes
        /// `reasoning_effort`): the model then has the ``LanguageModelCapabilities/Capability/reasoning``
        /// capability, and requests may set a reasoning level.
        public var supportsReasoning: Bool
        /// The most bytes one response body may have (64 MiB unless set): past it the request is
        /// abandoned with ``LanguageModelSession/GenerationError/decodingFailure(_:)``, so a server
        /// that never stops (or sends one endless line) cannot exhaust memory.
        public var maximumResponseSize: Int
        /// How a round that must call a tool asks the server for the call (``RequiredToolCalls``):
        /// `tool_choice` alone unless set; `.responseFormat` for llama.cpp's `llama-server`, which
        /// does not hold the model to `tool_choice: "required"`.
        public var requiredToolCalls: RequiredToolCalls
        /// Whether a round that answers with tool outputs (it may not call tools, and outputs
        /// follow its prompt) sends them folded into its prompt, in `<tool_response>` tags, without
        /// the calls and the tool definitions, as local models get them: small models that see
        /// their own call in the chat template's roles call again (measured with Qwen2.5-Coder-0.5B
        /// on `llama-server`: the seed's `askMyNotes` wrote its search again as text in 20 answers
        /// of 20). Off unless set: large models take the calls as sent.
        public var foldsAnsweredToolCalls: Bool

        /// The default ``maximumResponseSize``: 64 MiB, about 300,000 streamed tokens.
        public static let defaultMaximumResponseSize = 64 << 20

        /// Creates a configuration.
        ///
        /// - Parameters:
        ///   - baseURL: The API's base URL, such as `http://127.0.0.1:8080/v1`.
        ///   - model: The model name the server expects.
        ///   - apiKey: The bearer token, if the server needs one.
        ///   - headers: Extra HTTP headers.
        ///   - requestTimeout: Seconds the server may stay silent.
        ///   - sendsTopK: Whether to send `top_k` (turn off for servers that reject unknown parameters).
        ///   - supportsImages: Whether the server's model reads images.
        ///   - supportsReasoning: Whether the server's model reasons.
        ///   - maximumResponseSize: The most bytes one response body may have.
        ///   - requiredToolCalls: How a round that must call a tool asks for the call.
        ///   - foldsAnsweredToolCalls: Whether an answer round gets its tool outputs folded into
        ///     its prompt.
        public init(
            baseURL: URL, model: String, apiKey: String? = nil, headers: [String: String] = [:],
            requestTimeout: TimeInterval = 300, sendsTopK: Bool = true, supportsImages: Bool = false, supportsReasoning: Bool = false,
            maximumResponseSize: Int = defaultMaximumResponseSize, requiredToolCalls: RequiredToolCalls = .toolChoice,
            foldsAnsweredToolCalls: Bool = false
        ) {
            self.baseURL = baseURL
            self.model = model
            self.apiKey = apiKey
            self.headers = headers
            self.requestTimeout = requestTimeout
            self.sendsTopK = sendsTopK
            self.supportsImages = supportsImages
            self.supportsReasoning = supportsReasoning
            self.maximumResponseSize = maximumResponseSize
            self.requiredToolCalls = requiredToolCalls
            self.foldsAnsweredToolCalls = foldsAnsweredToolCalls
        }
    }

    /// How to reach the server and which model to ask for.
    public var configuration: Configuration

    /// A model on an OpenAI-compatible server.
    ///
    /// - Parameters:
    ///   - baseURL: The API's base URL, such as `http://127.0.0.1:8080/v1`.
    ///   - model: The model name the server expects.
    ///   - apiKey: The bearer token, if the server needs one.
    ///   - headers: Extra HTTP headers sent with every request.
    ///   - requestTimeout: Seconds the server may stay silent before the request fails.
    public init(baseURL: URL, model: String, apiKey: String? = nil, headers: [String: String] = [:], requestTimeout: TimeInterval = 300) {
        self.configuration = Configuration(baseURL: baseURL, model: model, apiKey: apiKey, headers: headers, requestTimeout: requestTimeout)
    }

    /// A model with an explicit configuration.
    ///
    /// - Parameter configuration: How to reach the server and which model to ask for.
    public init(configuration: Configuration) {
        self.configuration = configuration
    }

    /// Guided generation and tool calling, which the server provides; vision and reasoning when
    /// the configuration says the server's model has them.
    public var capabilities: LanguageModelCapabilities {
        var capabilities: [LanguageModelCapabilities.Capability] = [.guidedGeneration, .toolCalling]
        if configuration.supportsImages { capabilities.append(.vision) }
        if configuration.supportsReasoning { capabilities.append(.reasoning) }
        return LanguageModelCapabilities(capabilities)
    }

    /// The configuration.
    public var executorConfiguration: Configuration { configuration }
}
