/// Why ``JSONReader`` could not read a text as a JSON document.
public struct JSONReadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The byte offset in the UTF-8 text where reading stopped (the text's length when it ended early).
    public var offset: Int
    /// What was wrong at that offset, for example `expected ',' or '}'`.
    public var reason: String

    /// Creates an error at a byte offset.
    public init(offset: Int, reason: String) {
        self.offset = offset
        self.reason = reason
    }

    /// A sentence naming the offset and the reason.
    public var description: String {
        "invalid JSON at byte \(offset): \(reason)"
    }
}
