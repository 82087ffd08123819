extension ChatCompletionRequest {
    /// What a streamed answer includes: `{"include_usage": true}` adds a last chunk with usage.
    package struct StreamOptions: Codable, Sendable, Equatable {
        /// Whether the stream ends with a chunk that carries the token usage.
        package var includeUsage: Bool?

        /// Creates options.
        package init(includeUsage: Bool?) {
            self.includeUsage = includeUsage
        }

        enum CodingKeys: String, CodingKey {
            case includeUsage = "include_usage"
        }
    }
}
