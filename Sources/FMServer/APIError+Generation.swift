import FoundationModelsCore

extension APIError {
    /// The answer to a generation that failed: the framework's typed errors mapped to the HTTP
    /// status an OpenAI client expects.
    static func generation(_ error: any Error) -> APIError {
        if let error = error as? APIError { return error }
        guard let error = error as? LanguageModelSession.GenerationError else {
            return APIError(status: 500, message: "generation failed: \(error)", type: "server_error", param: nil, code: "generation_failed")
        }
        let message = [error.errorDescription, error.failureReason].compactMap { $0 }.joined(separator: " ")
        switch error {
        case .exceededContextWindowSize:
            return .invalid(message, param: "messages", code: "context_length_exceeded")
        case .unsupportedLanguageOrLocale:
            return .invalid(message, param: "messages", code: "unsupported_language")
        case .unsupportedGuide:
            return .invalid(message, param: "response_format", code: "unsupported_schema")
        case .decodingFailure(let context):
            if case .responseBudget? = context.details {
                return .invalid(message, param: "max_tokens", code: "response_budget_too_small")
            }
            return APIError(status: 500, message: message, type: "server_error", param: nil, code: "decoding_failure")
        case .assetsUnavailable:
            return APIError(status: 503, message: message, type: "server_error", param: nil, code: "model_unavailable")
        case .rateLimited, .concurrentRequests:
            return APIError(status: 429, message: message, type: "rate_limit_error", param: nil, code: "rate_limited")
        case .guardrailViolation, .refusal:
            return .invalid(message, param: "messages", code: "content_filter")
        @unknown default:
            return APIError(status: 500, message: message, type: "server_error", param: nil, code: "generation_failed")
        }
    }
}
