package import JSONValues

/// The error body of an OpenAI-compatible server: `{"error": {"message", "type", "param", "code"}}`
/// (OpenAI, llama-server, `fm serve`) or `{"object": "error", "message": …}` (vLLM).
package struct ErrorResponse: Codable, Sendable, Equatable {
    /// What went wrong.
    package struct Detail: Codable, Sendable, Equatable {
        /// One sentence for people.
        package var message: String?
        /// The kind of error (`invalid_request_error`, llama-server's `exceed_context_size_error`).
        package var type: String?
        /// The request field at fault, as a path.
        package var param: String?
        /// A stable code: a string (`model_not_found`), or a number where a server sends its HTTP
        /// status (llama-server), kept as its digits.
        package var code: String?
        /// llama-server's prompt length, for a prompt that does not fit its context.
        package var promptTokenCount: Int?
        /// llama-server's context size, with ``promptTokenCount``.
        package var contextSize: Int?

        /// Creates a detail.
        package init(
            message: String?, type: String?, param: String? = nil, code: String? = nil, promptTokenCount: Int? = nil, contextSize: Int? = nil
        ) {
            self.message = message
            self.type = type
            self.param = param
            self.code = code
            self.promptTokenCount = promptTokenCount
            self.contextSize = contextSize
        }

        enum CodingKeys: String, CodingKey {
            case message, type, param, code
            case promptTokenCount = "n_prompt_tokens"
            case contextSize = "n_ctx"
        }

        /// Reads a detail leniently: a field of another type than expected reads as `nil`, and a
        /// numeric `code` as its digits.
        ///
        /// - Throws: `DecodingError` when the detail is not an object.
        package init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            message = try? container.decodeIfPresent(String.self, forKey: .message)
            type = try? container.decodeIfPresent(String.self, forKey: .type)
            param = try? container.decodeIfPresent(String.self, forKey: .param)
            code = (try? container.decodeIfPresent(String.self, forKey: .code)) ?? (try? container.decodeIfPresent(Int.self, forKey: .code)).flatMap { $0.map(String.init) }
            promptTokenCount = try? container.decodeIfPresent(Int.self, forKey: .promptTokenCount)
            contextSize = try? container.decodeIfPresent(Int.self, forKey: .contextSize)
        }

        /// Writes `message`, `type`, `param` and `code` (these two `null` when absent), then
        /// llama-server's counts when present.
        ///
        /// - Throws: The encoder's errors.
        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(message, forKey: .message)
            try container.encodeIfPresent(type, forKey: .type)
            try container.encode(param, forKey: .param)
            try container.encode(code, forKey: .code)
            try container.encodeIfPresent(promptTokenCount, forKey: .promptTokenCount)
            try container.encodeIfPresent(contextSize, forKey: .contextSize)
        }
    }

    /// The detail, in OpenAI's and llama-server's shape.
    package var error: Detail?
    /// The message, in vLLM's shape.
    package var message: String?
    /// The type, in vLLM's shape.
    package var type: String?

    /// Creates an error body in OpenAI's shape.
    package init(error: Detail) {
        self.error = error
    }

    /// The error's detail, whichever shape the server used.
    package var detail: Detail {
        error ?? Detail(message: message, type: type)
    }

    /// The body as JSON.
    package var jsonValue: JSONValue { JSONValueEncoder.value(of: self) }
}
