package import JSONValues

/// The body of `POST /v1/chat/completions`: what the OpenAI-compatible backend sends, what
/// `fm serve` reads and what `fm bench` sends to both servers.
///
/// Encoded (through ``JSONValueEncoder``, which keeps schemas' member order) in declaration
/// order, leaving out what is `nil`. Decoded by the strict reader (``init(json:)``), which names
/// the field at fault in every error; `Decodable` goes through it too.
///
/// ```swift
/// var request = ChatCompletionRequest(model: "qwen", messages: [ChatMessage(role: .user, text: "Hi")])
/// request.stream = true
/// let body = request.jsonValue.jsonText()
/// ```
package struct ChatCompletionRequest: Codable, Sendable, Equatable {
    /// The most stop sequences a request may give, as OpenAI allows.
    package static let maximumStopSequences = 4

    /// The model's name; servers that serve one model may ignore it.
    package var model: String?
    /// The conversation, at least one message.
    package var messages: [ChatMessage]
    /// Whether to answer as Server-Sent Events.
    package var stream: Bool?
    /// What a stream includes.
    package var streamOptions: StreamOptions?
    /// The functions the model may call; `nil` when none are offered.
    package var tools: [ChatTool]?
    /// Whether and which tools to call; `nil` is `auto`.
    package var toolChoice: ToolChoice?
    /// The answer's format; `nil` is free text.
    package var responseFormat: ResponseFormat?
    /// Sampling temperature, 0 to 2 (0 is greedy).
    package var temperature: Double?
    /// Sample among this many most likely tokens (llama-server and vLLM; OpenAI refuses it).
    package var topK: Int?
    /// Sample among the most likely tokens whose probabilities add up to this, 0 to 1.
    package var topP: Double?
    /// The random seed, for reproducible sampling.
    package var seed: UInt64?
    /// The most tokens to generate (the older name).
    package var maxTokens: Int?
    /// The most tokens to generate (OpenAI's current name, preferred when both are given).
    package var maxCompletionTokens: Int?
    /// Text that ends the answer where it appears (not included), at most ``maximumStopSequences``.
    package var stop: [String]?
    /// How many answers to generate.
    package var n: Int?
    /// Penalty for tokens by how often they appeared, -2 to 2.
    package var frequencyPenalty: Double?
    /// Penalty for tokens that appeared at all, -2 to 2.
    package var presencePenalty: Double?
    /// Whether to return log probabilities.
    package var logprobs: Bool?
    /// OpenAI's reasoning effort (`low`, `medium`, `high`, or a server's own level).
    package var reasoningEffort: String?

    /// Creates a request with the messages and nothing else set.
    package init(model: String?, messages: [ChatMessage]) {
        self.model = model
        self.messages = messages
    }

    /// The most tokens to generate: `max_completion_tokens`, else `max_tokens`.
    package var maximumTokens: Int? { maxCompletionTokens ?? maxTokens }

    /// Whether a stream ends with a usage chunk.
    package var includesUsage: Bool { streamOptions?.includeUsage == true }

    /// The body as JSON, members in the order described above.
    package var jsonValue: JSONValue { JSONValueEncoder.value(of: self) }

    enum CodingKeys: String, CodingKey {
        case model, messages, stream
        case streamOptions = "stream_options"
        case tools
        case toolChoice = "tool_choice"
        case responseFormat = "response_format"
        case temperature
        case topK = "top_k"
        case topP = "top_p"
        case seed
        case maxTokens = "max_tokens"
        case maxCompletionTokens = "max_completion_tokens"
        case stop, n
        case frequencyPenalty = "frequency_penalty"
        case presencePenalty = "presence_penalty"
        case logprobs
        case reasoningEffort = "reasoning_effort"
    }

    /// Reads a request through the strict reader.
    ///
    /// Prefer ``init(json:)`` on text read with `JSONReader`: `JSONDecoder` does not keep the
    /// order of a schema's members.
    ///
    /// - Throws: ``WireError`` for a field of the wrong type or value.
    package init(from decoder: any Decoder) throws {
        try self.init(json: JSONValue(from: decoder))
    }
}
