public import Foundation

extension LanguageModelSession {
    /// Why a session could not generate a response.
    ///
    /// This package throws these errors, as Apple's framework does on OS 26, so that code written
    /// for it catches them unchanged. Code written for OS 27's taxonomy converts them with
    /// ``os27Equivalent`` (or the failable initializers of ``LanguageModelError``,
    /// ``SystemLanguageModel/Error``, ``LanguageModelSession/Error`` and
    /// ``GeneratedContent/ParsingError``).
    public enum GenerationError: Swift.Error, LocalizedError {
        /// Details about a generation error.
        public struct Context: Sendable {
            /// A description of what went wrong, for developers.
            public let debugDescription: String
            /// The structured facts behind the error, for the OS 27 conversion.
            package let details: Details?

            /// Creates a context.
            ///
            /// - Parameter debugDescription: A description of what went wrong.
            public init(debugDescription: String) {
                self.init(debugDescription: debugDescription, details: nil)
            }

            package init(debugDescription: String, details: Details?) {
                self.debugDescription = debugDescription
                self.details = details
            }

            /// Facts an error carries besides its description.
            package enum Details: Sendable {
                /// The context's size and the tokens the request needed.
                case contextSize(contextSize: Int, tokenCount: Int)
                /// The language the prompt was detected to be in.
                case language(Locale.LanguageCode)
                /// The schema whose guide cannot be enforced.
                case schemaName(String?)
                /// The tokens a guided answer needs at least, and the response's limit.
                case responseBudget(neededTokens: Int, maximumResponseTokens: Int)
                /// The text that could not be parsed, and why.
                case rawContent(String, underlyingError: (any Swift.Error)?)
            }
        }

        /// The prompt, transcript and response need more tokens than the model's context holds.
        ///
        /// Nothing is truncated silently: a request that does not fit fails with this error and
        /// leaves the transcript as it was.
        case exceededContextWindowSize(LanguageModelSession.GenerationError.Context)
        /// The model's assets (its weights file) are missing, disappeared, or could not be loaded.
        case assetsUnavailable(LanguageModelSession.GenerationError.Context)
        /// A guardrail flagged the prompt or the response.
        ///
        /// Never thrown for local models: they have no separate guardrail model. Other backends
        /// (``LanguageModel`` conformances) may throw it.
        case guardrailViolation(LanguageModelSession.GenerationError.Context)
        /// A generation guide in the schema cannot be enforced.
        case unsupportedGuide(LanguageModelSession.GenerationError.Context)
        /// The prompt's language or locale is not supported by the model.
        ///
        /// Local models throw it when the prompt is clearly written in a script that none of the
        /// model's declared languages uses (see ``SystemLanguageModel/supportedLanguages``).
        case unsupportedLanguageOrLocale(LanguageModelSession.GenerationError.Context)
        /// The response could not be decoded into the requested type.
        case decodingFailure(LanguageModelSession.GenerationError.Context)
        /// Too many requests were made in a short time.
        ///
        /// Never thrown for local models: requests beyond the engine's concurrent sessions wait
        /// for a free one instead. Other backends may throw it.
        case rateLimited(LanguageModelSession.GenerationError.Context)
        /// A request started while the session was still responding to another.
        case concurrentRequests(LanguageModelSession.GenerationError.Context)
        /// The model refused to answer.
        ///
        /// Local models throw it when a text response is a short, clear refusal ("I'm sorry, but
        /// I can't help with that."), detected conservatively; see ``LocalModelSettings/detectsRefusals``.
        case refusal(LanguageModelSession.GenerationError.Refusal, LanguageModelSession.GenerationError.Context)

        /// The context of the error.
        var context: Context {
            switch self {
            case .exceededContextWindowSize(let context), .assetsUnavailable(let context),
                .guardrailViolation(let context), .unsupportedGuide(let context),
                .unsupportedLanguageOrLocale(let context), .decodingFailure(let context),
                .rateLimited(let context), .concurrentRequests(let context), .refusal(_, let context):
                context
            }
        }

        /// A short description of the error.
        public var errorDescription: String? {
            switch self {
            case .exceededContextWindowSize: "The conversation is too long for the model's context window."
            case .assetsUnavailable: "The language model is not available."
            case .guardrailViolation: "The request was blocked by a safety guardrail."
            case .unsupportedGuide: "The response format uses a generation guide that cannot be enforced."
            case .unsupportedLanguageOrLocale: "The model does not support this language."
            case .decodingFailure: "The model's response could not be decoded into the requested type."
            case .rateLimited: "Too many requests were made; try again later."
            case .concurrentRequests: "The session is already responding to another request."
            case .refusal: "The model refused to respond to the request."
            }
        }

        /// What caused the error, from its context.
        public var failureReason: String? {
            context.debugDescription
        }

        /// What to do about the error.
        public var recoverySuggestion: String? {
            switch self {
            case .exceededContextWindowSize:
                "Start a new session with a shorter prompt or a condensed transcript, or configure a larger context size."
            case .assetsUnavailable:
                "Run scripts/setup.sh to install the model, or point FM_MODEL at a valid GGUF file."
            case .guardrailViolation:
                "Rephrase the request, or use the permissiveContentTransformations guardrails for content the user provided."
            case .unsupportedGuide:
                "Simplify the schema's guides."
            case .unsupportedLanguageOrLocale:
                "Check SystemLanguageModel.supportedLanguages before prompting, or use a multilingual model."
            case .decodingFailure:
                "Allow more response tokens or simplify the requested type."
            case .rateLimited:
                "Wait before making more requests, or use a local model, which is not rate limited."
            case .concurrentRequests:
                "Wait for the current response (check isResponding), or use another session."
            case .refusal:
                "Read the refusal's explanation, then rephrase the request (or turn off refusal detection in LocalModelSettings)."
            }
        }
    }
}

extension LanguageModelSession.GenerationError: CustomStringConvertible {
    /// The error's description and context.
    public var description: String {
        "\(errorDescription ?? "Generation error") (\(context.debugDescription))"
    }
}
