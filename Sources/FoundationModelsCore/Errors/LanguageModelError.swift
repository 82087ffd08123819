public import Foundation

/// Why a language model could not generate a response: OS 27's error taxonomy.
///
/// This package throws ``LanguageModelSession/GenerationError``, which OS 26 code catches. Code
/// written for OS 27 converts what it catches:
///
/// ```swift
/// do {
///     try await session.respond(to: prompt)
/// } catch let error as LanguageModelSession.GenerationError {
///     switch LanguageModelError(error) {
///     case .contextSizeExceeded(let info)?: print("needs \(info.tokenCount) of \(info.contextSize) tokens")
///     default: throw error.os27Equivalent
///     }
/// }
/// ```
public enum LanguageModelError: LocalizedError {
    /// The request needs more tokens than the model's context holds.
    case contextSizeExceeded(LanguageModelError.ContextSizeExceeded)
    /// Too many requests were made; try again after the reset date.
    case rateLimited(LanguageModelError.RateLimited)
    /// A guardrail flagged the prompt or the response.
    case guardrailViolation(LanguageModelError.GuardrailViolation)
    /// The model declined to respond.
    case refusal(LanguageModelError.Refusal)
    /// The request needs a capability the model lacks.
    case unsupportedCapability(LanguageModelError.UnsupportedCapability)
    /// The transcript holds content the model cannot read.
    case unsupportedTranscriptContent(LanguageModelError.UnsupportedTranscriptContent)
    /// A generation guide in the schema cannot be enforced.
    case unsupportedGenerationGuide(LanguageModelError.UnsupportedGenerationGuide)
    /// The prompt's language or locale is not supported by the model.
    case unsupportedLanguageOrLocale(LanguageModelError.UnsupportedLanguageOrLocale)
    /// The model did not respond in time.
    case timeout(LanguageModelError.Timeout)

    /// The OS 27 error for an OS 26 error, or nil when OS 27 names it with another type
    /// (``SystemLanguageModel/Error``, ``LanguageModelSession/Error`` or
    /// ``GeneratedContent/ParsingError``).
    ///
    /// - Parameter error: The error this package threw.
    public init?(_ error: LanguageModelSession.GenerationError) {
        let context = error.context
        switch error {
        case .exceededContextWindowSize:
            guard case .contextSize(let size, let count)? = context.details else {
                self = .contextSizeExceeded(ContextSizeExceeded(contextSize: 0, tokenCount: 0, debugDescription: context.debugDescription))
                return
            }
            self = .contextSizeExceeded(ContextSizeExceeded(contextSize: size, tokenCount: count, debugDescription: context.debugDescription))
        case .guardrailViolation:
            self = .guardrailViolation(GuardrailViolation(debugDescription: context.debugDescription))
        case .unsupportedGuide:
            var schemaName: String?
            if case .schemaName(let name)? = context.details { schemaName = name }
            self = .unsupportedGenerationGuide(UnsupportedGenerationGuide(schemaName: schemaName, debugDescription: context.debugDescription))
        case .unsupportedLanguageOrLocale:
            var code = Locale.LanguageCode("und")
            if case .language(let detected)? = context.details { code = detected }
            self = .unsupportedLanguageOrLocale(UnsupportedLanguageOrLocale(languageCode: code, debugDescription: context.debugDescription))
        case .rateLimited:
            self = .rateLimited(RateLimited(resetDate: nil, debugDescription: context.debugDescription))
        case .refusal(let refusal, _):
            self = .refusal(Refusal(generatedBy: refusal, debugDescription: context.debugDescription))
        case .assetsUnavailable, .decodingFailure, .concurrentRequests:
            return nil
        }
    }

    /// A short description of the error.
    public var errorDescription: String? {
        switch self {
        case .contextSizeExceeded(let info):
            info.contextSize > 0
                ? "The request needs \(info.tokenCount) tokens, more than the model's context of \(info.contextSize) tokens."
                : "The request needs more tokens than the model's context holds."
        case .rateLimited: "Too many requests were made; try again later."
        case .guardrailViolation: "The request was blocked by a safety guardrail."
        case .refusal: "The model refused to respond to the request."
        case .unsupportedCapability(let info): "The model does not support \(info.capability.name)."
        case .unsupportedTranscriptContent: "The transcript holds content the model cannot read."
        case .unsupportedGenerationGuide: "The response format uses a generation guide that cannot be enforced."
        case .unsupportedLanguageOrLocale(let info): "The model does not support the language \(info.languageCode.identifier)."
        case .timeout: "The model did not respond in time."
        }
    }

    /// What caused the error.
    public var failureReason: String? {
        infoDescription
    }

    private var infoDescription: String {
        switch self {
        case .contextSizeExceeded(let info): info.debugDescription
        case .rateLimited(let info): info.debugDescription
        case .guardrailViolation(let info): info.debugDescription
        case .refusal(let info): info.debugDescription
        case .unsupportedCapability(let info): info.debugDescription
        case .unsupportedTranscriptContent(let info): info.debugDescription
        case .unsupportedGenerationGuide(let info): info.debugDescription
        case .unsupportedLanguageOrLocale(let info): info.debugDescription
        case .timeout(let info): info.debugDescription
        }
    }
}

extension LanguageModelError: CustomDebugStringConvertible {
    /// The error's description and its details.
    public var debugDescription: String {
        "\(errorDescription ?? "Language model error") (\(infoDescription))"
    }
}
