extension ChatCompletion {
    /// Token counts of a completion. Encoded in declaration order, leaving out `nil`.
    package struct Usage: Codable, Sendable, Equatable {
        /// `prompt_tokens_details`: how much of the prompt came from the server's cache.
        package struct PromptDetails: Codable, Sendable, Equatable {
            /// Prompt tokens read from the cache rather than computed.
            package var cachedTokens: Int?

            /// Creates details.
            package init(cachedTokens: Int?) { self.cachedTokens = cachedTokens }

            enum CodingKeys: String, CodingKey {
                case cachedTokens = "cached_tokens"
            }
        }

        /// `completion_tokens_details`: how much of the answer was reasoning.
        package struct CompletionDetails: Codable, Sendable, Equatable {
            /// Generated tokens spent on reasoning.
            package var reasoningTokens: Int?

            /// Creates details.
            package init(reasoningTokens: Int?) { self.reasoningTokens = reasoningTokens }

            enum CodingKeys: String, CodingKey {
                case reasoningTokens = "reasoning_tokens"
            }
        }

        /// Tokens of the prompt.
        package var promptTokens: Int?
        /// Tokens generated.
        package var completionTokens: Int?
        /// Both together.
        package var totalTokens: Int?
        /// The prompt's cached part.
        package var promptTokensDetails: PromptDetails?
        /// The answer's reasoning part.
        package var completionTokensDetails: CompletionDetails?

        /// Creates usage with every count given: the total is their sum.
        package init(promptTokens: Int, cachedTokens: Int, completionTokens: Int) {
            self.promptTokens = promptTokens
            self.completionTokens = completionTokens
            self.totalTokens = promptTokens + completionTokens
            self.promptTokensDetails = PromptDetails(cachedTokens: cachedTokens)
        }

        enum CodingKeys: String, CodingKey {
            case promptTokens = "prompt_tokens"
            case completionTokens = "completion_tokens"
            case totalTokens = "total_tokens"
            case promptTokensDetails = "prompt_tokens_details"
            case completionTokensDetails = "completion_tokens_details"
        }
    }
}
