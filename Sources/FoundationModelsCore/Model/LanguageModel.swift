/// A language model that sessions can use: the system model, a local GGUF model, or a server.
///
/// A model describes itself (capabilities) and how to build its executor; the executor does the
/// generating. This is Apple's OS 27 seam for other providers:
///
/// ```swift
/// let session = LanguageModelSession(model: LlamaLanguageModel(path: "/models/my.gguf"))
/// ```
public protocol LanguageModel: Sendable {
    /// The executor type that generates for this model.
    associatedtype Executor: LanguageModelExecutor where Self == Self.Executor.Model
    /// What the model can do (guided generation, tool calling, …).
    var capabilities: LanguageModelCapabilities { get }
    /// The configuration its executor is created with.
    var executorConfiguration: Self.Executor.Configuration { get }
}

/// Generates responses for a ``LanguageModel``: turns a request into a stream of events.
public protocol LanguageModelExecutor: Sendable {
    /// The configuration an executor is created from; equal configurations may share executors.
    associatedtype Configuration: Hashable, Sendable
    /// The model type this executor serves.
    associatedtype Model: LanguageModel

    /// Creates an executor.
    ///
    /// - Parameter configuration: The model's executor configuration.
    /// - Throws: When the executor cannot be created.
    init(configuration: Self.Configuration) throws

    /// Loads resources and processes the transcript ahead of a request (default: does nothing).
    ///
    /// - Parameters:
    ///   - model: The model.
    ///   - transcript: The transcript the next request will start with.
    func prewarm(model: Self.Model, transcript: Transcript)

    /// Generates a response to the request, sending text and tool calls into the channel.
    ///
    /// - Parameters:
    ///   - request: The transcript so far, the tools, the response schema and the options.
    ///   - model: The model.
    ///   - channel: Where to send the response's events as they are generated.
    /// - Throws: ``LanguageModelSession/GenerationError`` or `CancellationError`.
    func respond(
        to request: LanguageModelExecutorGenerationRequest,
        model: Self.Model,
        streamingInto channel: LanguageModelExecutorGenerationChannel
    ) async throws
}

extension LanguageModelExecutor {
    /// Does nothing.
    public func prewarm(model: Self.Model, transcript: Transcript) {}
}
