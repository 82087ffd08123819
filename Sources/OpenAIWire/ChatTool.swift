package import JSONValues

/// A function the model may call, as a request's `tools` lists it:
/// `{"type": "function", "function": {"name", "description", "parameters"}}`.
package struct ChatTool: Encodable, Sendable, Equatable {
    /// The function's name.
    package var name: String
    /// What it does, for the model.
    package var description: String
    /// Its parameters' JSON Schema, members in their order.
    package var parameters: JSONValue

    /// The parameters of a function that declares none: an object with no properties.
    package static let noParameters = JSONValue.object([JSONMember("type", .string("object")), JSONMember("properties", .object([]))])

    /// Creates a tool.
    package init(name: String, description: String, parameters: JSONValue) {
        self.name = name
        self.description = description
        self.parameters = parameters
    }

    private enum CodingKeys: String, CodingKey {
        case type, function
    }

    private enum FunctionKeys: String, CodingKey {
        case name, description, parameters
    }

    /// Writes the tool as OpenAI's function definition.
    ///
    /// - Throws: The encoder's errors.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode("function", forKey: .type)
        var function = container.nestedContainer(keyedBy: FunctionKeys.self, forKey: .function)
        try function.encode(name, forKey: .name)
        try function.encode(description, forKey: .description)
        try function.encode(parameters, forKey: .parameters)
    }

    /// Reads a tool at `path` (`tools[0]`): the type, when given, must be `function`; the name is
    /// required; the description defaults to empty and the parameters to ``noParameters``.
    ///
    /// - Throws: ``WireError`` naming the field at fault.
    package init(json value: JSONValue, path: String) throws(WireError) {
        guard let members = value.objectMembers else { throw WireError("\(path) must be an object", param: path) }
        let reader = FieldReader(members: members, path: path + ".")
        if let type = try reader.string("type"), type != "function" {
            throw WireError("\(path).type: unsupported tool type '\(type)' (function)", param: path + ".type")
        }
        guard let function = try reader.nested("function") else { throw WireError("\(path).function is required", param: path + ".function") }
        guard let name = try function.string("name"), !name.isEmpty else {
            throw WireError("\(path).function.name is required", param: path + ".function.name")
        }
        let parameters = function.value("parameters") ?? Self.noParameters
        guard parameters.objectMembers != nil else {
            throw WireError("\(path).function.parameters must be a JSON Schema object", param: path + ".function.parameters")
        }
        self.init(name: name, description: try function.string("description") ?? "", parameters: parameters)
    }
}
