extension SystemLanguageModel: LanguageModel {
    /// Guided generation and tool calling; reasoning too when the local model's chat template
    /// writes thinking blocks.
    public var capabilities: LanguageModelCapabilities {
        LocalModelCapabilities.of(modelPath: settings.modelPath)
    }

    /// The local model settings behind this model.
    public var executorConfiguration: SystemLanguageModel.Executor.Configuration {
        Executor.Configuration(settings: settings)
    }

    /// Generates for the system model on its local GGUF model.
    public struct Executor: LanguageModelExecutor, PartialPromptPrewarming {
        /// The system model's executors generate for it.
        public typealias Model = SystemLanguageModel

        /// Which local model and settings the executor runs.
        public struct Configuration: Hashable, Sendable {
            let settings: LocalModelSettings
        }

        let service: LocalModelService

        /// Creates an executor.
        ///
        /// - Parameter configuration: The model's configuration.
        public init(configuration: Configuration) {
            self.service = LocalModelService(settings: configuration.settings)
        }

        /// Generates a response, after checking that the model is available.
        public func respond(
            to request: LanguageModelExecutorGenerationRequest,
            model: SystemLanguageModel,
            streamingInto channel: LanguageModelExecutorGenerationChannel
        ) async throws {
            try model.requireAvailable()
            try await service.respond(to: request, streamingInto: channel)
        }

        /// Loads the model and processes the transcript in the background.
        public func prewarm(model: SystemLanguageModel, transcript: Transcript) {
            guard model.isAvailable else { return }
            service.prewarm(transcript: transcript, endsWithPartialPrompt: false)
        }

        func prewarm(transcript: Transcript, endsWithPartialPrompt: Bool) {
            service.prewarm(transcript: transcript, endsWithPartialPrompt: endsWithPartialPrompt)
        }
    }
}
