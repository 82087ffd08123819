package import JSONValues

/// A call of a function: whole in an assistant message, or a piece of one in a streamed delta
/// (pieces with the same ``index`` belong to the same call, their names and arguments appended).
///
/// Every field is optional because a streamed piece may carry any of them; a call read from a
/// request (``init(json:path:)``) always has its function's name. Encoded with
/// `"type": "function"` after the id, as OpenAI writes it.
package struct ChatToolCall: Codable, Sendable, Equatable {
    /// The function called and its arguments.
    package struct Function: Codable, Sendable, Equatable {
        /// The function's name (or a piece of it).
        package var name: String?
        /// The arguments as JSON text (or a piece of it).
        package var arguments: String?

        /// Creates a function call.
        package init(name: String?, arguments: String?) {
            self.name = name
            self.arguments = arguments
        }
    }

    /// The call's position among the message's calls, in a streamed delta.
    package var index: Int?
    /// The call's id, which a tool message answers.
    package var id: String?
    /// The function and arguments.
    package var function: Function?

    /// Creates a call.
    package init(index: Int? = nil, id: String?, name: String?, arguments: String?) {
        self.index = index
        self.id = id
        self.function = Function(name: name, arguments: arguments)
    }

    enum CodingKeys: String, CodingKey {
        case index, id, type, function
    }

    /// Reads a call leniently, as servers stream its pieces (the `type` is not checked).
    ///
    /// - Throws: `DecodingError` for a field of the wrong type.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        index = try container.decodeIfPresent(Int.self, forKey: .index)
        id = try container.decodeIfPresent(String.self, forKey: .id)
        function = try container.decodeIfPresent(Function.self, forKey: .function)
    }

    /// Writes `index` (in a delta), `id`, `"type": "function"` and the function.
    ///
    /// - Throws: The encoder's errors.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(index, forKey: .index)
        try container.encodeIfPresent(id, forKey: .id)
        try container.encode("function", forKey: .type)
        try container.encodeIfPresent(function, forKey: .function)
    }

    /// Reads a call of an assistant message in a request at `path`: the function and its name
    /// are required; the id and arguments may be left out.
    ///
    /// - Throws: ``WireError`` naming the field at fault.
    package init(json value: JSONValue, path: String) throws(WireError) {
        guard let members = value.objectMembers else { throw WireError("\(path) must be an object", param: path) }
        let reader = FieldReader(members: members, path: path + ".")
        guard let function = try reader.nested("function") else { throw WireError("\(path).function is required", param: path + ".function") }
        guard let name = try function.string("name") else {
            throw WireError("\(path).function.name is required", param: path + ".function.name")
        }
        self.init(id: try reader.string("id"), name: name, arguments: try function.string("arguments"))
    }
}
