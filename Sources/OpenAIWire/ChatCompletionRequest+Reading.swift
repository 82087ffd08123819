package import JSONValues

extension ChatCompletionRequest {
    /// Reads a request body, refusing every field of the wrong type or value with a ``WireError``
    /// that names it.
    ///
    /// Fields this reader does not know are ignored, as OpenAI's own API ignores them; what a
    /// server cannot honour (`n` > 1, penalties, log probabilities) is read for it to refuse.
    /// `reasoning_effort` is read only when it is a string.
    ///
    /// - Throws: ``WireError`` naming the field at fault.
    package init(json body: JSONValue) throws(WireError) {
        guard let fields = body.objectMembers else { throw WireError("the request body must be a JSON object") }
        let reader = FieldReader(members: fields, path: "")
        let model = try reader.string("model")
        guard let messageValues = try reader.array("messages") else {
            throw WireError("'messages' is required: a list of at least one message", param: "messages")
        }
        guard !messageValues.isEmpty else { throw WireError("'messages' must hold at least one message", param: "messages") }
        self.init(
            model: model,
            messages: try messageValues.enumerated().map { (index, value) throws(WireError) in
                try ChatMessage(json: value, path: "messages[\(index)]")
            })
        stream = try reader.bool("stream")
        if let options = try reader.nested("stream_options") {
            streamOptions = StreamOptions(includeUsage: try options.bool("include_usage"))
        }
        temperature = try reader.number("temperature", in: 0...2)
        topP = try reader.number("top_p", in: 0...1)
        topK = try reader.integer("top_k", in: 1...Int(Int32.max))
        seed = try reader.integer("seed", in: Int.min...Int.max).map { UInt64(bitPattern: Int64($0)) }
        maxTokens = try reader.integer("max_tokens", in: 1...Int(Int32.max))
        maxCompletionTokens = try reader.integer("max_completion_tokens", in: 1...Int(Int32.max))
        n = try reader.integer("n", in: 1...Int.max)
        frequencyPenalty = try reader.number("frequency_penalty", in: -2...2)
        presencePenalty = try reader.number("presence_penalty", in: -2...2)
        logprobs = try reader.bool("logprobs")
        stop = try Self.stop(reader.value("stop"))
        if let toolValues = try reader.array("tools") {
            tools = try toolValues.enumerated().map { (index, value) throws(WireError) in
                try ChatTool(json: value, path: "tools[\(index)]")
            }
        }
        toolChoice = try ToolChoice(json: reader.value("tool_choice"), tools: tools ?? [])
        responseFormat = try ResponseFormat(json: reader.value("response_format"))
        reasoningEffort = reader.value("reasoning_effort")?.stringValue
    }

    /// Reads `stop`: a string or a list of strings, empty ones left out; `nil` when none remain.
    private static func stop(_ value: JSONValue?) throws(WireError) -> [String]? {
        switch value {
        case nil, .null?: return nil
        case .string(let text)?: return text.isEmpty ? nil : [text]
        case .array(let items)?:
            var stops: [String] = []
            for item in items {
                guard let text = item.stringValue else { throw WireError("stop must be a string or a list of strings", param: "stop") }
                if !text.isEmpty { stops.append(text) }
            }
            guard stops.count <= maximumStopSequences else {
                throw WireError("stop holds \(stops.count) sequences; at most \(maximumStopSequences) are allowed", param: "stop")
            }
            return stops.isEmpty ? nil : stops
        default: throw WireError("stop must be a string or a list of strings", param: "stop")
        }
    }
}
