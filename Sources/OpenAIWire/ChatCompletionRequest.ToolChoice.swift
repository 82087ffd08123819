import JSONValues

extension ChatCompletionRequest {
    /// What `tool_choice` asks for: `"auto"`, `"none"`, `"required"` or one named function.
    package enum ToolChoice: Encodable, Sendable, Equatable {
        /// The model decides whether to call a tool.
        case auto
        /// The model answers without calling a tool.
        case none
        /// The model calls at least one tool.
        case required
        /// The model calls this function.
        case function(String)

        private enum CodingKeys: String, CodingKey {
            case type, function
        }

        private enum FunctionKeys: String, CodingKey {
            case name
        }

        /// Writes the choice: a string, or `{"type": "function", "function": {"name": …}}`.
        ///
        /// - Throws: The encoder's errors.
        package func encode(to encoder: any Encoder) throws {
            switch self {
            case .auto, .none, .required:
                var container = encoder.singleValueContainer()
                try container.encode(self == .auto ? "auto" : self == .none ? "none" : "required")
            case .function(let name):
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode("function", forKey: .type)
                var function = container.nestedContainer(keyedBy: FunctionKeys.self, forKey: .function)
                try function.encode(name, forKey: .name)
            }
        }

        /// Reads `tool_choice` against the request's tools: absent or `null` is `nil`;
        /// `required` needs a tool, and a named function must be one of `tools`.
        ///
        /// - Throws: ``WireError`` with `param` `tool_choice`.
        init?(json value: JSONValue?, tools: [ChatTool]) throws(WireError) {
            switch value {
            case nil, .null?: return nil
            case .string("auto")?: self = .auto
            case .string("none")?: self = .none
            case .string("required")?:
                guard !tools.isEmpty else { throw WireError("tool_choice 'required' needs at least one tool in 'tools'", param: "tool_choice") }
                self = .required
            case .object(let members)?:
                let reader = FieldReader(members: members, path: "tool_choice.")
                guard let function = try reader.nested("function"), let name = try function.string("name") else {
                    throw WireError("tool_choice must name a function: {\"type\": \"function\", \"function\": {\"name\": …}}", param: "tool_choice")
                }
                guard tools.contains(where: { $0.name == name }) else {
                    throw WireError("tool_choice names '\(name)', which is not in 'tools'", param: "tool_choice")
                }
                self = .function(name)
            default:
                throw WireError("tool_choice must be 'auto', 'none', 'required' or a named function", param: "tool_choice")
            }
        }
    }
}
