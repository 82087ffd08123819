import LlamaBackend

/// Maps backend errors to Apple's public error type, in one place.
enum GenerationErrorMapping {
    /// The public error for a backend error; public errors and cancellation pass through.
    static func map(_ error: any Error) -> any Error {
        if error is LanguageModelSession.GenerationError || error is CancellationError || error is LanguageModelSession.ToolCallError
            || error is LanguageModelSession.Error
        {
            return error
        }
        guard let error = error as? LlamaError else {
            return LanguageModelSession.GenerationError.assetsUnavailable(.init(debugDescription: "\(error)"))
        }
        typealias GenerationError = LanguageModelSession.GenerationError
        switch error {
        case .modelFileNotFound, .notAGGUFFile, .modelLoadFailed, .malformedVocabulary, .contextCreationFailed, .adapterLoadFailed,
            .draftModelIncompatible, .notAnEmbeddingModel:
            return GenerationError.assetsUnavailable(.init(debugDescription: error.description))
        case .contextOverflow(let tokenCount, let contextLength):
            return GenerationError.exceededContextWindowSize(
                .init(
                    debugDescription: "The conversation needs \(tokenCount) tokens but the context holds \(contextLength) "
                        + "(instructions, transcript, prompt and response together); nothing was truncated.",
                    details: .contextSize(contextSize: contextLength, tokenCount: tokenCount)))
        case .responseBudgetTooSmall(let needed, let available, let prompt, let contextLength):
            if let contextLength {
                return GenerationError.exceededContextWindowSize(
                    .init(
                        debugDescription: "The response format's shortest valid answer needs up to \(needed) tokens, but the context of "
                            + "\(contextLength) tokens has room for \(available) after the prompt's \(prompt); nothing was generated.",
                        details: .contextSize(contextSize: contextLength, tokenCount: prompt + needed)))
            }
            return GenerationError.decodingFailure(
                .init(
                    debugDescription: "The response format's shortest valid answer needs up to \(needed) tokens, but "
                        + "maximumResponseTokens allows \(available); nothing was generated. Raise maximumResponseTokens to at least \(needed).",
                    details: .responseBudget(neededTokens: needed, maximumResponseTokens: available)))
        case .emptyPrompt:
            // Only a chat template that renders the conversation as no text gets here (a
            // template's role markers always give tokens): the model's assets cannot serve it.
            return GenerationError.assetsUnavailable(
                .init(
                    debugDescription: "The prompt has no tokens: the model's chat template rendered the conversation as empty text, "
                        + "and a model needs at least one token to answer; nothing was generated."))
        case .constraintDeadEnd, .tokenizationFailed:
            return GenerationError.decodingFailure(.init(debugDescription: error.description))
        case .decodeFailed, .cacheEditFailed, .logitsMissing, .engineStopped:
            return GenerationError.assetsUnavailable(.init(debugDescription: error.description))
        }
    }
}
