import JSONValues

extension ChatRequest {
    /// The most stop sequences a request may give, as OpenAI allows.
    static let maximumStopSequences = 4

    /// Reads a request body, refusing every field of the wrong type or value with a 400 that
    /// names it. Fields this server does not know are ignored, as OpenAI's own API ignores them;
    /// fields it knows but cannot honour (`n` > 1, penalties, log probabilities) are refused.
    init(json body: JSONValue) throws(APIError) {
        guard let fields = body.objectMembers else { throw .invalid("the request body must be a JSON object") }
        let reader = FieldReader(members: fields, path: "")
        model = try reader.string("model")
        guard let messageValues = try reader.array("messages") else {
            throw .invalid("'messages' is required: a list of at least one message", param: "messages")
        }
        guard !messageValues.isEmpty else { throw .invalid("'messages' must hold at least one message", param: "messages") }
        messages = try messageValues.enumerated().map { (index, value) throws(APIError) in
            try Self.message(value, path: "messages[\(index)]")
        }
        stream = try reader.bool("stream") ?? false
        if let options = try reader.object("stream_options") {
            includeUsage = try FieldReader(members: options, path: "stream_options.").bool("include_usage") ?? false
        }
        temperature = try reader.number("temperature", in: 0...2)
        topP = try reader.number("top_p", in: 0...1)
        topK = try reader.integer("top_k", in: 1...Int(Int32.max))
        if let seed = try reader.integer("seed", in: Int.min...Int.max) { self.seed = UInt64(bitPattern: Int64(seed)) }
        let legacyMaximum = try reader.integer("max_tokens", in: 1...Int(Int32.max))
        maximumTokens = try reader.integer("max_completion_tokens", in: 1...Int(Int32.max)) ?? legacyMaximum
        if let n = try reader.integer("n", in: 1...Int.max), n != 1 {
            throw .invalid("n = \(n) is not supported: this server returns one choice (n = 1)", param: "n", code: "unsupported_value")
        }
        for penalty in ["frequency_penalty", "presence_penalty"] {
            if let value = try reader.number(penalty, in: -2...2), value != 0 {
                throw .invalid("\(penalty) is not supported by this server (leave it out or 0)", param: penalty, code: "unsupported_parameter")
            }
        }
        if try reader.bool("logprobs") == true {
            throw .invalid("logprobs is not supported by this server", param: "logprobs", code: "unsupported_parameter")
        }
        stop = try Self.stop(reader.value("stop"))
        tools = try (reader.array("tools") ?? []).enumerated().map { (index, value) throws(APIError) in
            try Self.function(value, path: "tools[\(index)]")
        }
        toolChoice = try Self.toolChoice(reader.value("tool_choice"), tools: tools)
        responseFormat = try Self.responseFormat(reader.value("response_format"))
    }

    private static func message(_ value: JSONValue, path: String) throws(APIError) -> Message {
        guard let members = value.objectMembers else { throw .invalid("\(path) must be an object", param: path) }
        let reader = FieldReader(members: members, path: path + ".")
        guard let roleName = try reader.string("role") else { throw .invalid("\(path).role is required", param: path + ".role") }
        guard let role = Message.Role(rawValue: roleName) else {
            throw .invalid(
                "\(path).role: unknown role '\(roleName)' (system, developer, user, assistant or tool)", param: path + ".role")
        }
        var message = Message(role: role, text: "")
        (message.text, message.hasImages) = try content(reader.value("content"), path: path + ".content")
        if role == .assistant, let calls = try reader.array("tool_calls") {
            message.toolCalls = try calls.enumerated().map { (index, call) throws(APIError) in
                try toolCall(call, path: "\(path).tool_calls[\(index)]")
            }
        }
        if role == .tool {
            guard let id = try reader.string("tool_call_id") else {
                throw .invalid("\(path).tool_call_id is required for a tool message", param: path + ".tool_call_id")
            }
            message.toolCallID = id
        }
        if message.hasImages, role != .user {
            throw .invalid("\(path): only user messages may hold images", param: path + ".content")
        }
        return message
    }

    /// The text of a message's content (a string, or a list of text and image parts), and whether
    /// it held images.
    private static func content(_ value: JSONValue?, path: String) throws(APIError) -> (String, Bool) {
        switch value {
        case nil, .null?: return ("", false)
        case .string(let text)?: return (text, false)
        case .array(let parts)?:
            var texts: [String] = []
            var hasImages = false
            for (index, part) in parts.enumerated() {
                let partPath = "\(path)[\(index)]"
                guard let members = part.objectMembers else { throw .invalid("\(partPath) must be an object", param: partPath) }
                let reader = FieldReader(members: members, path: partPath + ".")
                switch try reader.string("type") {
                case "text":
                    guard let text = try reader.string("text") else { throw .invalid("\(partPath).text is required", param: partPath + ".text") }
                    texts.append(text)
                case "image_url": hasImages = true
                case let other:
                    throw .invalid("\(partPath).type: unsupported content part '\(other ?? "")' (text or image_url)", param: partPath + ".type")
                }
            }
            return (texts.joined(separator: "\n"), hasImages)
        default:
            throw .invalid("\(path) must be a string or a list of content parts", param: path)
        }
    }

    private static func toolCall(_ value: JSONValue, path: String) throws(APIError) -> ToolCall {
        guard let members = value.objectMembers else { throw .invalid("\(path) must be an object", param: path) }
        let reader = FieldReader(members: members, path: path + ".")
        guard let function = try reader.object("function") else { throw .invalid("\(path).function is required", param: path + ".function") }
        let functionReader = FieldReader(members: function, path: path + ".function.")
        guard let name = try functionReader.string("name") else {
            throw .invalid("\(path).function.name is required", param: path + ".function.name")
        }
        return ToolCall(id: try reader.string("id") ?? "", name: name, arguments: try functionReader.string("arguments") ?? "{}")
    }

    private static func function(_ value: JSONValue, path: String) throws(APIError) -> Function {
        guard let members = value.objectMembers else { throw .invalid("\(path) must be an object", param: path) }
        let reader = FieldReader(members: members, path: path + ".")
        if let type = try reader.string("type"), type != "function" {
            throw .invalid("\(path).type: unsupported tool type '\(type)' (function)", param: path + ".type")
        }
        guard let function = try reader.object("function") else { throw .invalid("\(path).function is required", param: path + ".function") }
        let functionReader = FieldReader(members: function, path: path + ".function.")
        guard let name = try functionReader.string("name"), !name.isEmpty else {
            throw .invalid("\(path).function.name is required", param: path + ".function.name")
        }
        let parameters = try functionReader.value("parameters") ?? .object([JSONMember("type", .string("object")), JSONMember("properties", .object([]))])
        guard parameters.objectMembers != nil else {
            throw .invalid("\(path).function.parameters must be a JSON Schema object", param: path + ".function.parameters")
        }
        return Function(name: name, description: try functionReader.string("description") ?? "", parameters: parameters)
    }

    private static func stop(_ value: JSONValue?) throws(APIError) -> [String] {
        switch value {
        case nil, .null?: return []
        case .string(let text)?: return text.isEmpty ? [] : [text]
        case .array(let items)?:
            var stops: [String] = []
            for item in items {
                guard let text = item.stringValue else { throw .invalid("stop must be a string or a list of strings", param: "stop") }
                if !text.isEmpty { stops.append(text) }
            }
            guard stops.count <= maximumStopSequences else {
                throw .invalid("stop holds \(stops.count) sequences; at most \(maximumStopSequences) are allowed", param: "stop")
            }
            return stops
        default: throw .invalid("stop must be a string or a list of strings", param: "stop")
        }
    }

    private static func toolChoice(_ value: JSONValue?, tools: [Function]) throws(APIError) -> ToolChoice {
        switch value {
        case nil, .null?: return .auto
        case .string("auto")?: return .auto
        case .string("none")?: return .none
        case .string("required")?:
            guard !tools.isEmpty else { throw .invalid("tool_choice 'required' needs at least one tool in 'tools'", param: "tool_choice") }
            return .required
        case .object(let members)?:
            let reader = FieldReader(members: members, path: "tool_choice.")
            guard let function = try reader.object("function"),
                let name = try FieldReader(members: function, path: "tool_choice.function.").string("name")
            else { throw .invalid("tool_choice must name a function: {\"type\": \"function\", \"function\": {\"name\": …}}", param: "tool_choice") }
            guard tools.contains(where: { $0.name == name }) else {
                throw .invalid("tool_choice names '\(name)', which is not in 'tools'", param: "tool_choice")
            }
            return .function(name)
        default:
            throw .invalid("tool_choice must be 'auto', 'none', 'required' or a named function", param: "tool_choice")
        }
    }

    private static func responseFormat(_ value: JSONValue?) throws(APIError) -> ResponseFormat {
        guard let value, value != .null else { return .text }
        guard let members = value.objectMembers else { throw .invalid("response_format must be an object", param: "response_format") }
        let reader = FieldReader(members: members, path: "response_format.")
        switch try reader.string("type") {
        case "text"?: return .text
        case "json_object"?: return .jsonObject
        case "json_schema"?:
            guard let format = try reader.object("json_schema") else {
                throw .invalid("response_format.json_schema is required for type json_schema", param: "response_format.json_schema")
            }
            let formatReader = FieldReader(members: format, path: "response_format.json_schema.")
            guard let schema = try formatReader.value("schema"), schema.objectMembers != nil || schema == .bool(true) else {
                throw .invalid("response_format.json_schema.schema must be a JSON Schema object", param: "response_format.json_schema.schema")
            }
            _ = try formatReader.bool("strict")
            return .jsonSchema(name: try formatReader.string("name") ?? "response", schema: schema)
        case let other:
            throw .invalid("response_format.type: unsupported '\(other ?? "")' (text, json_object or json_schema)", param: "response_format.type")
        }
    }
}

/// Reads the typed fields of one JSON object, naming the field in every error.
private struct FieldReader {
    let members: [JSONMember]
    let path: String

    func value(_ key: String) throws(APIError) -> JSONValue? {
        members.last { $0.key == key }?.value
    }

    func string(_ key: String) throws(APIError) -> String? {
        switch try value(key) {
        case nil, .null?: return nil
        case .string(let text)?: return text
        default: throw .invalid("\(path)\(key) must be a string", param: path + key)
        }
    }

    func bool(_ key: String) throws(APIError) -> Bool? {
        switch try value(key) {
        case nil, .null?: return nil
        case .bool(let flag)?: return flag
        default: throw .invalid("\(path)\(key) must be true or false", param: path + key)
        }
    }

    func number(_ key: String, in range: ClosedRange<Double>) throws(APIError) -> Double? {
        switch try value(key) {
        case nil, .null?: return nil
        case .number(let text)?:
            guard let number = Double(text), range.contains(number) else {
                throw .invalid("\(path)\(key) must be a number from \(range.lowerBound) to \(range.upperBound), got \(text)", param: path + key)
            }
            return number
        default: throw .invalid("\(path)\(key) must be a number", param: path + key)
        }
    }

    func integer(_ key: String, in range: ClosedRange<Int>) throws(APIError) -> Int? {
        switch try value(key) {
        case nil, .null?: return nil
        case .number(let text)?:
            guard let number = Int(text) ?? Double(text).flatMap({ $0.rounded() == $0 && abs($0) < 9e18 ? Int($0) : nil }) else {
                throw .invalid("\(path)\(key) must be an integer, got \(text)", param: path + key)
            }
            guard range.contains(number) else {
                throw .invalid("\(path)\(key) must be at least \(range.lowerBound), got \(text)", param: path + key)
            }
            return number
        default: throw .invalid("\(path)\(key) must be an integer", param: path + key)
        }
    }

    func array(_ key: String) throws(APIError) -> [JSONValue]? {
        switch try value(key) {
        case nil, .null?: return nil
        case .array(let items)?: return items
        default: throw .invalid("\(path)\(key) must be a list", param: path + key)
        }
    }

    func object(_ key: String) throws(APIError) -> [JSONMember]? {
        switch try value(key) {
        case nil, .null?: return nil
        case .object(let members)?: return members
        default: throw .invalid("\(path)\(key) must be an object", param: path + key)
        }
    }
}
