public import Foundation

extension LanguageModelSession {
    /// A tool threw while the session ran it.
    public struct ToolCallError: Swift.Error, LocalizedError {
        /// The tool that threw.
        public var tool: any Tool
        /// The error it threw.
        public var underlyingError: any Swift.Error

        /// Creates a tool-call error.
        ///
        /// - Parameters:
        ///   - tool: The tool that threw.
        ///   - underlyingError: The error it threw.
        public init(tool: any Tool, underlyingError: any Swift.Error) {
            self.tool = tool
            self.underlyingError = underlyingError
        }

        /// The tool's name and its error.
        public var errorDescription: String? {
            "The tool \"\(tool.name)\" failed: \(underlyingError.localizedDescription)"
        }
    }
}
