/// A model and its executor, behind one non-generic interface for the session.
protocol SessionBackend: Sendable {
    /// What the model can do.
    var capabilities: LanguageModelCapabilities { get }
    /// The model, described for traces (its type, and what its description adds).
    var modelDescription: String { get }
    /// Generates a response to the request into the channel.
    func respond(to request: LanguageModelExecutorGenerationRequest, streamingInto channel: LanguageModelExecutorGenerationChannel) async throws
    /// Processes a transcript ahead of a request.
    func prewarm(transcript: Transcript, endsWithPartialPrompt: Bool)
}

/// The backend of a ``LanguageModel``: the model with the executor made from its configuration.
struct ExecutorBackend<Model: LanguageModel>: SessionBackend {
    let model: Model
    let executor: Model.Executor

    init(model: Model) throws {
        self.model = model
        self.executor = try Model.Executor(configuration: model.executorConfiguration)
    }

    var capabilities: LanguageModelCapabilities { model.capabilities }

    var modelDescription: String {
        if let named = model as? any TraceNaming { return named.traceName }
        let type = String(describing: Model.self)
        guard let described = model as? any CustomStringConvertible else { return type }
        return described.description.hasPrefix(type) ? described.description : "\(type)(\(described.description))"
    }

    func respond(to request: LanguageModelExecutorGenerationRequest, streamingInto channel: LanguageModelExecutorGenerationChannel) async throws {
        try await executor.respond(to: request, model: model, streamingInto: channel)
    }

    func prewarm(transcript: Transcript, endsWithPartialPrompt: Bool) {
        if let partial = executor as? any PartialPromptPrewarming {
            partial.prewarm(transcript: transcript, endsWithPartialPrompt: endsWithPartialPrompt)
        } else {
            executor.prewarm(model: model, transcript: transcript)
        }
    }
}

extension SessionBackend {
    /// Starts generating for the request as a child task of `group`, and returns the channel its
    /// events arrive on. The channel ends when the executor returns, or with the executor's error,
    /// which the group rethrows too.
    func start(
        _ request: LanguageModelExecutorGenerationRequest, in group: inout ThrowingTaskGroup<Void, any Error>
    ) -> LanguageModelExecutorGenerationChannel {
        let channel = LanguageModelExecutorGenerationChannel()
        group.addTask {
            do {
                try await respond(to: request, streamingInto: channel)
                channel.finish()
            } catch {
                channel.finish(throwing: error)
                throw error
            }
        }
        return channel
    }
}

/// Executors that can prewarm a transcript whose last prompt is only a prefix.
protocol PartialPromptPrewarming: Sendable {
    func prewarm(transcript: Transcript, endsWithPartialPrompt: Bool)
}
