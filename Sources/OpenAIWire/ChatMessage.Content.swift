import JSONValues

extension ChatMessage {
    /// What a message says: one string, or a list of text and image parts.
    package enum Content: Encodable, Sendable, Equatable {
        /// Plain text.
        case text(String)
        /// Text and image parts, in order.
        case parts([ContentPart])

        /// Writes the string or the list of parts.
        ///
        /// - Throws: The encoder's errors.
        package func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .text(let text): try container.encode(text)
            case .parts(let parts): try container.encode(parts)
            }
        }

        /// Reads a message's `content` at `path`: absent or `null` is `nil`.
        ///
        /// - Throws: ``WireError`` for content that is neither a string nor a list of parts, and
        ///   for a part of an unknown type or without its text.
        init?(json value: JSONValue?, path: String) throws(WireError) {
            switch value {
            case nil, .null?: return nil
            case .string(let text)?: self = .text(text)
            case .array(let items)?:
                self = .parts(
                    try items.enumerated().map { (index, item) throws(WireError) in
                        try ContentPart(json: item, path: "\(path)[\(index)]")
                    })
            default:
                throw WireError("\(path) must be a string or a list of content parts", param: path)
            }
        }
    }
}
