import OpenAIWire

/// The tokens one chat completion exchange used, for callers that meter usage (the daily quota of
/// ``PrivateCloudComputeLanguageModel``).
///
/// Servers that honour `stream_options.include_usage` report the counts; for the others the count
/// is estimated at four characters a token, over the request body (prompt, tools and schema, with
/// their JSON) and the generated text, which errs on the high side, as a quota should.
struct ExchangeTokenCount: Sendable, Equatable {
    /// Prompt and completion tokens together.
    var total: Int
    /// Whether ``total`` is an estimate because the server reported no usage.
    var isEstimated: Bool

    /// Characters per token in the estimate.
    static let charactersPerToken = 4

    init(total: Int, isEstimated: Bool) {
        self.total = total
        self.isEstimated = isEstimated
    }

    /// The count of a finished stream.
    ///
    /// - Parameters:
    ///   - decoder: The stream's decoder, which holds the reported usage and the generated text's size.
    ///   - requestBodySize: Bytes of the request body.
    init(_ decoder: ChatCompletionStreamDecoder, requestBodySize: Int) {
        if let usage = decoder.usage, usage.promptTokens != nil || usage.completionTokens != nil {
            self.init(total: (usage.promptTokens ?? 0) + (usage.completionTokens ?? 0), isEstimated: false)
        } else {
            self.init(
                total: Self.estimate(characters: requestBodySize) + Self.estimate(characters: decoder.generatedCharacterCount),
                isEstimated: true)
        }
    }

    /// Tokens for a number of characters, rounded up.
    static func estimate(characters: Int) -> Int {
        (characters + charactersPerToken - 1) / charactersPerToken
    }
}
