/// Any local GGUF model as a ``LanguageModel`` (an extra of this implementation).
///
/// ```swift
/// let model = LlamaLanguageModel(path: "/models/Qwen2.5-1.5B-Instruct-Q4_K_M.gguf", contextSize: 8192)
/// let session = LanguageModelSession(model: model, instructions: "Be brief.")
/// ```
///
/// Sessions on the same file and settings share one loaded model and one inference engine.
public struct LlamaLanguageModel: LanguageModel {
    /// How the model runs.
    public private(set) var settings: LocalModelSettings

    /// A model from a GGUF file.
    ///
    /// - Parameters:
    ///   - path: The GGUF file.
    ///   - contextSize: Tokens each session's context holds.
    ///   - threads: CPU threads; `nil` for one per core.
    ///   - concurrentSessions: How many sessions decode together.
    public init(path: String, contextSize: Int = 4096, threads: Int? = nil, concurrentSessions: Int = 4) {
        self.settings = LocalModelSettings(modelPath: path, contextSize: contextSize, threads: threads, concurrentSessions: concurrentSessions)
    }

    /// The GGUF model at `path` specialized by a LoRA adapter (see ``SystemLanguageModel/Adapter``).
    ///
    /// - Parameters:
    ///   - path: The GGUF file.
    ///   - adapter: The LoRA adapter, trained for this model.
    ///   - contextSize: Tokens each session's context holds.
    ///   - threads: CPU threads; `nil` for one per core.
    ///   - concurrentSessions: How many sessions decode together.
    public init(path: String, adapter: SystemLanguageModel.Adapter, contextSize: Int = 4096, threads: Int? = nil, concurrentSessions: Int = 4) {
        self.init(path: path, contextSize: contextSize, threads: threads, concurrentSessions: concurrentSessions)
        settings.adapterPath = adapter.weightsPath
    }

    /// A model with explicit settings.
    ///
    /// - Parameter settings: The file and how it runs.
    public init(settings: LocalModelSettings) {
        self.settings = settings
    }

    /// Guided generation and tool calling; reasoning too when the model's chat template writes
    /// thinking blocks (`<think>…</think>`, as Qwen3's and DeepSeek-R1's do).
    public var capabilities: LanguageModelCapabilities {
        LocalModelCapabilities.of(modelPath: settings.modelPath)
    }

    /// The settings.
    public var executorConfiguration: LocalModelSettings { settings }

    /// Generates for a ``LlamaLanguageModel``.
    public struct Executor: LanguageModelExecutor, PartialPromptPrewarming {
        /// The model type.
        public typealias Model = LlamaLanguageModel

        let service: LocalModelService

        /// Creates an executor for the settings.
        ///
        /// - Parameter configuration: The model file and how it runs.
        public init(configuration: LocalModelSettings) {
            self.service = LocalModelService(settings: configuration)
        }

        /// Generates a response.
        public func respond(
            to request: LanguageModelExecutorGenerationRequest,
            model: LlamaLanguageModel,
            streamingInto channel: LanguageModelExecutorGenerationChannel
        ) async throws {
            try await service.respond(to: request, streamingInto: channel)
        }

        /// Loads the model and processes the transcript in the background.
        public func prewarm(model: LlamaLanguageModel, transcript: Transcript) {
            service.prewarm(transcript: transcript, endsWithPartialPrompt: false)
        }

        func prewarm(transcript: Transcript, endsWithPartialPrompt: Bool) {
            service.prewarm(transcript: transcript, endsWithPartialPrompt: endsWithPartialPrompt)
        }
    }
}
