extension LanguageModelSession {
    /// Tokens a response (or a session) used (OS 27).
    public struct Usage: Sendable {
        /// Tokens read by the model.
        public struct Input: Sendable {
            /// Every input token, cached or not.
            public var totalTokenCount: Int
            /// Input tokens found in the model's cache and not recomputed.
            public var cachedTokenCount: Int

            /// Creates input usage.
            public init(totalTokenCount: Int, cachedTokenCount: Int = 0) {
                self.totalTokenCount = totalTokenCount
                self.cachedTokenCount = cachedTokenCount
            }
        }

        /// Tokens written by the model.
        public struct Output: Sendable {
            /// Every output token.
            public var totalTokenCount: Int
            /// Output tokens spent reasoning.
            public var reasoningTokenCount: Int

            /// Creates output usage.
            public init(totalTokenCount: Int, reasoningTokenCount: Int = 0) {
                self.totalTokenCount = totalTokenCount
                self.reasoningTokenCount = reasoningTokenCount
            }
        }

        /// Tokens read.
        public var input: Input
        /// Tokens written.
        public var output: Output
        /// Executor-specific details.
        public var metadata: [String: any Sendable]

        /// Creates usage.
        ///
        /// - Parameters:
        ///   - input: Tokens read.
        ///   - output: Tokens written.
        ///   - metadata: Executor-specific details.
        public init(
            input: Input = Input(totalTokenCount: 0), output: Output = Output(totalTokenCount: 0),
            metadata: [String: any Sendable & Codable & Equatable] = [:]
        ) {
            self.input = input
            self.output = output
            self.metadata = metadata
        }

        /// Input and output tokens together.
        public var totalTokenCount: Int { input.totalTokenCount + output.totalTokenCount }

        /// Adds another exchange's usage (a session's usage over its requests).
        mutating func add(_ other: Usage) {
            input.totalTokenCount += other.input.totalTokenCount
            input.cachedTokenCount += other.input.cachedTokenCount
            output.totalTokenCount += other.output.totalTokenCount
            output.reasoningTokenCount += other.output.reasoningTokenCount
            metadata.merge(other.metadata) { _, new in new }
        }

        /// The session's usage for what an executor reported.
        init(_ usage: LanguageModelExecutorGenerationChannel.Usage) {
            self.init(
                input: Input(totalTokenCount: usage.input.totalTokenCount, cachedTokenCount: usage.input.cachedTokenCount),
                output: Output(totalTokenCount: usage.output.totalTokenCount, reasoningTokenCount: usage.output.reasoningTokenCount),
                metadata: usage.metadata)
        }
    }
}
