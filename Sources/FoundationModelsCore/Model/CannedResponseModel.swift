/// A model that answers every request with the same text: a known refusal explanation
/// delivered through the ordinary response types.
struct CannedResponseModel: LanguageModel {
    let text: String

    var capabilities: LanguageModelCapabilities { LanguageModelCapabilities([]) }

    var executorConfiguration: String { text }

    struct Executor: LanguageModelExecutor {
        typealias Model = CannedResponseModel
        let text: String

        init(configuration: String) {
            text = configuration
        }

        func respond(
            to request: LanguageModelExecutorGenerationRequest,
            model: CannedResponseModel,
            streamingInto channel: LanguageModelExecutorGenerationChannel
        ) async throws {
            await channel.send(.response(action: .appendText(text, tokenCount: 0)))
        }
    }
}
