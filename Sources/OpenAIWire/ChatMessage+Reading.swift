package import JSONValues

extension ChatMessage {
    /// Reads a message, refusing a field of the wrong type or value with a ``WireError`` that
    /// names it under `path` (`messages[2]`).
    ///
    /// A tool message must give `tool_call_id`; only user messages may hold images; `tool_calls`
    /// is read on assistant messages only.
    ///
    /// - Throws: ``WireError`` naming the field at fault.
    package init(json value: JSONValue, path: String) throws(WireError) {
        guard let members = value.objectMembers else { throw WireError("\(path) must be an object", param: path) }
        let reader = FieldReader(members: members, path: path + ".")
        guard let roleName = try reader.string("role") else { throw WireError("\(path).role is required", param: path + ".role") }
        guard let role = Role(rawValue: roleName) else {
            throw WireError("\(path).role: unknown role '\(roleName)' (system, developer, user, assistant or tool)", param: path + ".role")
        }
        self.init(role: role, content: try Content(json: reader.value("content"), path: path + ".content"))
        if role == .assistant, let calls = try reader.array("tool_calls") {
            toolCalls = try calls.enumerated().map { (index, call) throws(WireError) in
                try ChatToolCall(json: call, path: "\(path).tool_calls[\(index)]")
            }
        }
        if role == .tool {
            guard let id = try reader.string("tool_call_id") else {
                throw WireError("\(path).tool_call_id is required for a tool message", param: path + ".tool_call_id")
            }
            toolCallID = id
        }
        if hasImages, role != .user {
            throw WireError("\(path): only user messages may hold images", param: path + ".content")
        }
        reasoningContent = reader.value("reasoning_content")?.stringValue
    }
}
