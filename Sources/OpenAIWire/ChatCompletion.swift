package import JSONValues

/// A chat completion: the whole answer (`object` `chat.completion`, each choice with a
/// `message`) or one streamed chunk of it (`chat.completion.chunk`, each choice with a `delta`;
/// the last may carry only `usage`).
///
/// `fm serve` writes it; the OpenAI-compatible backend and `fm bench` read it with `JSONDecoder`.
/// Every field is optional because servers differ in what they send; fields this package does not
/// use (llama-server's `timings`) are ignored. Encoded in declaration order, leaving out `nil`.
package struct ChatCompletion: Codable, Sendable, Equatable {
    /// `chatcmpl-…`, shared by every chunk of one completion.
    package var id: String?
    /// `chat.completion` or `chat.completion.chunk`.
    package var object: String?
    /// Seconds since 1970.
    package var created: Int?
    /// The model that answered.
    package var model: String?
    /// The server's configuration, as OpenAI names it.
    package var systemFingerprint: String?
    /// The answers (one: this package never asks for more).
    package var choices: [Choice]?
    /// Token counts, in a whole answer and in a stream's last chunk.
    package var usage: Usage?
    /// An error reported inside a stream (the server failed after it began answering).
    package var error: ErrorResponse.Detail?

    /// Creates a completion or chunk.
    package init(
        id: String? = nil, object: String? = nil, created: Int? = nil, model: String? = nil, systemFingerprint: String? = nil,
        choices: [Choice]? = nil, usage: Usage? = nil, error: ErrorResponse.Detail? = nil
    ) {
        self.id = id
        self.object = object
        self.created = created
        self.model = model
        self.systemFingerprint = systemFingerprint
        self.choices = choices
        self.usage = usage
        self.error = error
    }

    /// The completion as JSON, members in declaration order.
    package var jsonValue: JSONValue { JSONValueEncoder.value(of: self) }

    enum CodingKeys: String, CodingKey {
        case id, object, created, model
        case systemFingerprint = "system_fingerprint"
        case choices, usage, error
    }
}
