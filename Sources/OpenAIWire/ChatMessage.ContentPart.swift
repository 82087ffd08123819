import JSONValues

extension ChatMessage {
    /// One part of a message's content list.
    package enum ContentPart: Encodable, Sendable, Equatable {
        /// `{"type": "text", "text": …}`.
        case text(String)
        /// `{"type": "image_url", "image_url": {"url": …}}`: a `data:` URL or an address.
        case imageURL(String)

        /// The text of a text part; `nil` for an image.
        package var text: String? {
            if case .text(let text) = self { return text }
            return nil
        }

        private enum CodingKeys: String, CodingKey {
            case type, text
            case imageURL = "image_url"
        }

        private enum ImageKeys: String, CodingKey {
            case url
        }

        /// Writes the part with its `type`.
        ///
        /// - Throws: The encoder's errors.
        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            switch self {
            case .text(let text):
                try container.encode("text", forKey: .type)
                try container.encode(text, forKey: .text)
            case .imageURL(let url):
                try container.encode("image_url", forKey: .type)
                var image = container.nestedContainer(keyedBy: ImageKeys.self, forKey: .imageURL)
                try image.encode(url, forKey: .url)
            }
        }

        /// Reads a part at `path`. An image part's URL is taken as given (empty when missing).
        ///
        /// - Throws: ``WireError`` for a part that is not an object, of an unknown type, or a text
        ///   part without its text.
        init(json value: JSONValue, path: String) throws(WireError) {
            guard let members = value.objectMembers else { throw WireError("\(path) must be an object", param: path) }
            let reader = FieldReader(members: members, path: path + ".")
            switch try reader.string("type") {
            case "text":
                guard let text = try reader.string("text") else { throw WireError("\(path).text is required", param: path + ".text") }
                self = .text(text)
            case "image_url":
                self = .imageURL(reader.value("image_url")?["url"]?.stringValue ?? "")
            case let other:
                throw WireError("\(path).type: unsupported content part '\(other ?? "")' (text or image_url)", param: path + ".type")
            }
        }
    }
}
