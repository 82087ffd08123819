/// Options that control how the model generates its response to a prompt.
///
/// ```swift
/// let response = try await session.respond(
///     to: prompt,
///     options: GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 200)
/// )
/// ```
///
/// On this implementation, `nil` values mean the model's defaults: random sampling with top-k 40,
/// top-p 0.95 and min-p 0.05 at temperature 0.8 (llama.cpp's defaults), no token limit beyond the
/// context, and tools allowed.
public struct GenerationOptions: Sendable, Equatable {
    /// How the next token is chosen; `nil` uses the model's default random sampling.
    public var samplingMode: GenerationOptions.SamplingMode?

    /// The temperature for random sampling: lower is more focused, higher more varied.
    ///
    /// Ignored by greedy sampling. A temperature of 0 or less samples greedily.
    public var temperature: Double?

    /// The most tokens the response may contain.
    ///
    /// A text response stops there; a structured response that is not complete by then fails with
    /// ``LanguageModelSession/GenerationError/decodingFailure(_:)``.
    public var maximumResponseTokens: Int?

    /// Whether the model may, must, or must not call tools (OS 27).
    public var toolCallingMode: GenerationOptions.ToolCallingMode?

    /// Creates options with a sampling mode (the OS 26 spelling, deprecated as on Apple's platforms).
    ///
    /// - Parameters:
    ///   - sampling: How the next token is chosen; `nil` for the model's default.
    ///   - temperature: The temperature for random sampling.
    ///   - maximumResponseTokens: The most tokens the response may contain.
    @available(*, deprecated, renamed: "init(samplingMode:temperature:maximumResponseTokens:)")
    public init(sampling: GenerationOptions.SamplingMode?, temperature: Double? = nil, maximumResponseTokens: Int? = nil) {
        self.samplingMode = sampling
        self.temperature = temperature
        self.maximumResponseTokens = maximumResponseTokens
        self.toolCallingMode = nil
    }

    /// Creates options.
    ///
    /// - Parameters:
    ///   - samplingMode: How the next token is chosen; `nil` for the model's default.
    ///   - temperature: The temperature for random sampling.
    ///   - maximumResponseTokens: The most tokens the response may contain.
    public init(samplingMode: GenerationOptions.SamplingMode? = nil, temperature: Double? = nil, maximumResponseTokens: Int? = nil) {
        self.samplingMode = samplingMode
        self.temperature = temperature
        self.maximumResponseTokens = maximumResponseTokens
        self.toolCallingMode = nil
    }

    /// Creates options with a tool-calling mode (OS 27).
    ///
    /// - Parameters:
    ///   - samplingMode: How the next token is chosen; `nil` for the model's default.
    ///   - temperature: The temperature for random sampling.
    ///   - maximumResponseTokens: The most tokens the response may contain.
    ///   - toolCallingMode: Whether the model may, must, or must not call tools.
    public init(
        samplingMode: GenerationOptions.SamplingMode? = nil,
        temperature: Double? = nil,
        maximumResponseTokens: Int? = nil,
        toolCallingMode: GenerationOptions.ToolCallingMode?
    ) {
        self.samplingMode = samplingMode
        self.temperature = temperature
        self.maximumResponseTokens = maximumResponseTokens
        self.toolCallingMode = toolCallingMode
    }

    /// How the next token is chosen (the OS 26 name of ``samplingMode``, deprecated as on Apple's
    /// platforms).
    @available(*, deprecated, renamed: "samplingMode")
    public var sampling: GenerationOptions.SamplingMode? {
        get { samplingMode }
        set { samplingMode = newValue }
    }
}
