extension ChatCompletion {
    /// One answer: a whole ``ChatMessage``, or the ``Delta`` a chunk adds to it, and why it ended.
    ///
    /// Encoded with `logprobs` and `finish_reason` always present (`null` until the end), as
    /// OpenAI writes them.
    package struct Choice: Codable, Sendable, Equatable {
        /// The answer's position (0: this package asks for one).
        package var index: Int?
        /// The whole message, in a whole answer.
        package var message: ChatMessage?
        /// What this chunk adds, in a stream.
        package var delta: Delta?
        /// Why generation ended (`stop`, `length`, `tool_calls`); `nil` until the last chunk.
        package var finishReason: String?

        /// Creates a choice.
        package init(index: Int? = 0, message: ChatMessage? = nil, delta: Delta? = nil, finishReason: String? = nil) {
            self.index = index
            self.message = message
            self.delta = delta
            self.finishReason = finishReason
        }

        enum CodingKeys: String, CodingKey {
            case index, message, delta, logprobs
            case finishReason = "finish_reason"
        }

        /// Reads a choice (log probabilities are not read).
        ///
        /// - Throws: `DecodingError` for a field of the wrong type; ``WireError`` for a message
        ///   the strict reader refuses.
        package init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            index = try container.decodeIfPresent(Int.self, forKey: .index)
            message = try container.decodeIfPresent(ChatMessage.self, forKey: .message)
            delta = try container.decodeIfPresent(Delta.self, forKey: .delta)
            finishReason = try container.decodeIfPresent(String.self, forKey: .finishReason)
        }

        /// Writes `index`, the message or delta, `"logprobs": null` and `finish_reason`.
        ///
        /// - Throws: The encoder's errors.
        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(index, forKey: .index)
            try container.encodeIfPresent(message, forKey: .message)
            try container.encodeIfPresent(delta, forKey: .delta)
            try container.encodeNil(forKey: .logprobs)
            try container.encode(finishReason, forKey: .finishReason)
        }
    }
}
