public import Foundation

extension GeneratedContent {
    /// The error ``GeneratedContent/init(json:)`` throws for text that is not the beginning of a
    /// valid JSON document.
    ///
    /// This is an addition to Apple's API, which throws an undocumented error here.
    public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
        /// The offset, in UTF-8 bytes from the start of the text, where the text stopped being JSON.
        public var offset: Int

        /// What was wrong at that offset.
        public var reason: String

        /// Creates a syntax error.
        ///
        /// - Parameters:
        ///   - offset: The byte offset of the problem.
        ///   - reason: What was wrong there.
        public init(offset: Int, reason: String) {
            self.offset = offset
            self.reason = reason
        }

        /// A sentence describing the error.
        public var description: String { "invalid JSON at byte \(offset): \(reason)" }

        /// A sentence describing the error.
        public var errorDescription: String? { description }
    }
}
