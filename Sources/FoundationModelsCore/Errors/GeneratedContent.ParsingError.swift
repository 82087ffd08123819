public import Foundation

extension GeneratedContent {
    /// Generated text that could not be parsed into the requested content (OS 27).
    public struct ParsingError: LocalizedError, Sendable {
        /// The text that was generated.
        public var rawContent: String
        /// What the parser reported, if anything.
        public var underlyingError: (any Swift.Error)?
        /// A description of what went wrong, for developers.
        public var debugDescription: String

        /// Creates a parsing error.
        ///
        /// - Parameters:
        ///   - rawContent: The text that was generated.
        ///   - underlyingError: What the parser reported.
        ///   - debugDescription: A description for developers.
        public init(rawContent: String, underlyingError: (any Swift.Error)? = nil, debugDescription: String) {
            self.rawContent = rawContent
            self.underlyingError = underlyingError
            self.debugDescription = debugDescription
        }

        /// The OS 27 error for an OS 26 decoding failure, or nil for other errors.
        ///
        /// - Parameter error: The error this package threw.
        public init?(_ error: LanguageModelSession.GenerationError) {
            guard case .decodingFailure(let context) = error else { return nil }
            if case .rawContent(let text, let underlying)? = context.details {
                self.init(rawContent: text, underlyingError: underlying, debugDescription: context.debugDescription)
            } else {
                self.init(rawContent: "", debugDescription: context.debugDescription)
            }
        }

        /// A short description of the error.
        public var errorDescription: String? {
            "The model's response could not be parsed into the requested content."
        }

        /// What caused the error.
        public var failureReason: String? {
            debugDescription
        }
    }
}

extension GeneratedContent.ParsingError: CustomDebugStringConvertible {}
