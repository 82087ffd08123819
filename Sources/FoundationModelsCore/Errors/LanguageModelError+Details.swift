public import Foundation

extension LanguageModelError {
    /// The request needs more tokens than the model's context holds.
    public struct ContextSizeExceeded: Sendable {
        /// The tokens the model's context holds.
        public var contextSize: Int
        /// The tokens the request needed.
        public var tokenCount: Int
        /// A description of what went wrong, for developers.
        public var debugDescription: String
        /// Backend-specific details.
        public var metadata: [String: any Sendable]

        /// Creates the details of a context overflow.
        public init(contextSize: Int, tokenCount: Int, debugDescription: String, metadata: [String: any Sendable] = [:]) {
            self.contextSize = contextSize
            self.tokenCount = tokenCount
            self.debugDescription = debugDescription
            self.metadata = metadata
        }
    }

    /// Too many requests were made.
    public struct RateLimited: Sendable {
        /// When requests are accepted again, if known.
        public var resetDate: Date?
        /// A description of what went wrong, for developers.
        public var debugDescription: String
        /// Backend-specific details.
        public var metadata: [String: any Sendable]

        /// Creates the details of a rate limit.
        public init(resetDate: Date?, debugDescription: String, metadata: [String: any Sendable] = [:]) {
            self.resetDate = resetDate
            self.debugDescription = debugDescription
            self.metadata = metadata
        }
    }

    /// A guardrail flagged the prompt or the response.
    public struct GuardrailViolation: Sendable {
        /// A description of what went wrong, for developers.
        public var debugDescription: String
        /// Backend-specific details.
        public var metadata: [String: any Sendable]

        /// Creates the details of a guardrail violation.
        public init(debugDescription: String, metadata: [String: any Sendable] = [:]) {
            self.debugDescription = debugDescription
            self.metadata = metadata
        }
    }

    /// The request needs a capability the model lacks.
    public struct UnsupportedCapability: Sendable {
        /// The missing capability.
        public var capability: LanguageModelCapabilities.Capability
        /// A description of what went wrong, for developers.
        public var debugDescription: String
        /// Backend-specific details.
        public var metadata: [String: any Sendable]

        /// Creates the details of a missing capability.
        public init(capability: LanguageModelCapabilities.Capability, debugDescription: String, metadata: [String: any Sendable] = [:]) {
            self.capability = capability
            self.debugDescription = debugDescription
            self.metadata = metadata
        }
    }

    /// The transcript holds content the model cannot read.
    public struct UnsupportedTranscriptContent: Sendable {
        /// The entries the model cannot read.
        public var unsupportedContent: [Transcript.Entry]
        /// A description of what went wrong, for developers.
        public var debugDescription: String
        /// Backend-specific details.
        public var metadata: [String: any Sendable]

        /// Creates the details of unreadable transcript content.
        public init(unsupportedContent: [Transcript.Entry], debugDescription: String, metadata: [String: any Sendable] = [:]) {
            self.unsupportedContent = unsupportedContent
            self.debugDescription = debugDescription
            self.metadata = metadata
        }
    }

    /// A generation guide in the schema cannot be enforced.
    public struct UnsupportedGenerationGuide: Sendable {
        /// The schema with the guide, if known.
        public var schemaName: String?
        /// A description of what went wrong, for developers.
        public var debugDescription: String
        /// Backend-specific details.
        public var metadata: [String: any Sendable]

        /// Creates the details of an unenforceable guide.
        public init(schemaName: String?, debugDescription: String, metadata: [String: any Sendable] = [:]) {
            self.schemaName = schemaName
            self.debugDescription = debugDescription
            self.metadata = metadata
        }
    }

    /// The prompt's language or locale is not supported by the model.
    public struct UnsupportedLanguageOrLocale: Sendable {
        /// The language the prompt is in.
        public var languageCode: Locale.LanguageCode
        /// A description of what went wrong, for developers.
        public var debugDescription: String
        /// Backend-specific details.
        public var metadata: [String: any Sendable]

        /// Creates the details of an unsupported language.
        public init(languageCode: Locale.LanguageCode, debugDescription: String, metadata: [String: any Sendable] = [:]) {
            self.languageCode = languageCode
            self.debugDescription = debugDescription
            self.metadata = metadata
        }
    }

    /// The model did not respond in time.
    public struct Timeout: Sendable {
        /// A description of what went wrong, for developers.
        public var debugDescription: String
        /// Backend-specific details.
        public var metadata: [String: any Sendable]

        /// Creates the details of a timeout.
        public init(debugDescription: String, metadata: [String: any Sendable] = [:]) {
            self.debugDescription = debugDescription
            self.metadata = metadata
        }
    }
}
