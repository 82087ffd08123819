import JSONValues
import OpenAIWire
import Testing

/// The request body: what is encoded reads back the same, members in order (a schema's too), and
/// every malformed field is refused with its path.
@Suite struct ChatCompletionRequestWireTests {
    static let schema = JSONValue.object([
        JSONMember("type", .string("object")),
        JSONMember("properties", .object([JSONMember("zeta", .object([JSONMember("type", .string("number"))])), JSONMember("alpha", .object([]))])),
        JSONMember("multipleOf", .number("0.010"))
    ])

    static var full: ChatCompletionRequest {
        var request = ChatCompletionRequest(
            model: "m",
            messages: [
                ChatMessage(role: .system, text: "Be brief."),
                ChatMessage(role: .user, content: .parts([.text("Read"), .imageURL("data:image/png;base64,AA=="), .text("this")])),
                ChatMessage(role: .assistant, content: nil, toolCalls: [ChatToolCall(id: "c1", name: "f", arguments: #"{"a":1}"#)]),
                ChatMessage(role: .tool, content: .text("42"), toolCallID: "c1")
            ])
        request.stream = true
        request.streamOptions = .init(includeUsage: true)
        request.tools = [ChatTool(name: "f", description: "Finds.", parameters: schema)]
        request.toolChoice = .function("f")
        request.responseFormat = .jsonSchema(name: "r", schema: schema, strict: true)
        request.temperature = 0.5
        request.topK = 3
        request.topP = 0.9
        request.seed = 7
        request.maxTokens = 40
        request.maxCompletionTokens = 20
        request.stop = ["END"]
        request.n = 1
        request.frequencyPenalty = 0
        request.presencePenalty = 0
        request.logprobs = false
        request.reasoningEffort = "low"
        return request
    }

    @Test func aRequestRoundTripsThroughItsText() throws {
        let text = Self.full.jsonValue.jsonText()
        #expect(try ChatCompletionRequest(json: JSONReader.read(text)) == Self.full)
        // The schema's members keep their order and the number its text.
        #expect(text.contains(#""properties":{"zeta":{"type":"number"},"alpha":{}},"multipleOf":0.010"#))
        #expect(Self.full.maximumTokens == 20 && Self.full.includesUsage)
    }

    @Test func membersAreWrittenInTheOrderServersExpect() {
        var request = ChatCompletionRequest(
            model: "smol",
            messages: [
                ChatMessage(role: .assistant, content: nil, toolCalls: [ChatToolCall(id: "c1", name: "f", arguments: "{}")]),
                ChatMessage(role: .tool, content: .text("42"), toolCallID: "c1")
            ])
        request.stream = true
        request.temperature = 0
        request.topK = 1
        request.maxTokens = 40
        #expect(
            request.jsonValue.jsonText()
                == #"{"model":"smol","messages":[{"role":"assistant","content":null,"tool_calls":[{"id":"c1","type":"function","#
                + #""function":{"name":"f","arguments":"{}"}}]},{"role":"tool","tool_call_id":"c1","content":"42"}],"stream":true,"#
                + #""temperature":0,"top_k":1,"max_tokens":40}"#)
    }

    @Test func readsWhatClientsSend() throws {
        let request = try ChatCompletionRequest(
            json: JSONReader.read(
                #"{"messages": [{"role": "user", "content": [{"type": "text", "text": "Hi"}, {"type": "text", "text": "there"}]}], "stop": "\n", "#
                    + #""seed": -1, "tool_choice": null, "unknown": {"x": 1}}"#))
        #expect(request.messages[0].text == "Hi\nthere" && !request.messages[0].hasImages)
        #expect(request.stop == ["\n"])
        #expect(request.seed == UInt64.max)
        #expect(request.toolChoice == nil && request.model == nil && request.stream == nil)
    }

    @Test(arguments: [
        (#"[]"#, nil, "the request body must be a JSON object"),
        (#"{}"#, "messages", "'messages' is required: a list of at least one message"),
        (#"{"messages": []}"#, "messages", "'messages' must hold at least one message"),
        (#"{"messages": "hi"}"#, "messages", "messages must be a list"),
        (#"{"messages": [3]}"#, "messages[0]", "messages[0] must be an object"),
        (#"{"messages": [{"role": "robot"}]}"#, "messages[0].role", "messages[0].role: unknown role 'robot' (system, developer, user, assistant or tool)"),
        (#"{"messages": [{"content": "x"}]}"#, "messages[0].role", "messages[0].role is required"),
        (#"{"messages": [{"role": "user", "content": 5}]}"#, "messages[0].content", "messages[0].content must be a string or a list of content parts"),
        (#"{"messages": [{"role": "user", "content": [{"type": "text"}]}]}"#, "messages[0].content[0].text", "messages[0].content[0].text is required"),
        (
            #"{"messages": [{"role": "user", "content": [{"type": "audio"}]}]}"#, "messages[0].content[0].type",
            "messages[0].content[0].type: unsupported content part 'audio' (text or image_url)"
        ),
        (
            #"{"messages": [{"role": "assistant", "content": [{"type": "image_url"}]}]}"#, "messages[0].content",
            "messages[0]: only user messages may hold images"
        ),
        (#"{"messages": [{"role": "tool", "content": "x"}]}"#, "messages[0].tool_call_id", "messages[0].tool_call_id is required for a tool message"),
        (
            #"{"messages": [{"role": "assistant", "tool_calls": [{"function": {}}]}]}"#, "messages[0].tool_calls[0].function.name",
            "messages[0].tool_calls[0].function.name is required"
        ),
        (#"{"model": 3, "messages": [{"role": "user"}]}"#, "model", "model must be a string"),
        (#"{"messages": [{"role": "user"}], "stream": "yes"}"#, "stream", "stream must be true or false"),
        (#"{"messages": [{"role": "user"}], "stream_options": {"include_usage": 1}}"#, "stream_options.include_usage", "stream_options.include_usage must be true or false"),
        (#"{"messages": [{"role": "user"}], "temperature": "hot"}"#, "temperature", "temperature must be a number"),
        (#"{"messages": [{"role": "user"}], "temperature": 3}"#, "temperature", "temperature must be a number from 0.0 to 2.0, got 3"),
        (#"{"messages": [{"role": "user"}], "max_tokens": 0}"#, "max_tokens", "max_tokens must be at least 1, got 0"),
        (#"{"messages": [{"role": "user"}], "max_tokens": 1.5}"#, "max_tokens", "max_tokens must be an integer, got 1.5"),
        (#"{"messages": [{"role": "user"}], "n": "two"}"#, "n", "n must be an integer"),
        (#"{"messages": [{"role": "user"}], "tools": {}}"#, "tools", "tools must be a list"),
        (#"{"messages": [{"role": "user"}], "stop": [1]}"#, "stop", "stop must be a string or a list of strings"),
        (#"{"messages": [{"role": "user"}], "stop": ["a", "b", "c", "d", "e"]}"#, "stop", "stop holds 5 sequences; at most 4 are allowed"),
        (#"{"messages": [{"role": "user"}], "tools": [{"type": "retrieval"}]}"#, "tools[0].type", "tools[0].type: unsupported tool type 'retrieval' (function)"),
        (#"{"messages": [{"role": "user"}], "tools": [{"function": {"name": ""}}]}"#, "tools[0].function.name", "tools[0].function.name is required"),
        (
            #"{"messages": [{"role": "user"}], "tools": [{"function": {"name": "f", "parameters": []}}]}"#, "tools[0].function.parameters",
            "tools[0].function.parameters must be a JSON Schema object"
        ),
        (#"{"messages": [{"role": "user"}], "tool_choice": "required"}"#, "tool_choice", "tool_choice 'required' needs at least one tool in 'tools'"),
        (#"{"messages": [{"role": "user"}], "tool_choice": 1}"#, "tool_choice", "tool_choice must be 'auto', 'none', 'required' or a named function"),
        (
            #"{"messages": [{"role": "user"}], "tools": [{"function": {"name": "f"}}], "tool_choice": {"function": {"name": "g"}}}"#, "tool_choice",
            "tool_choice names 'g', which is not in 'tools'"
        ),
        (#"{"messages": [{"role": "user"}], "response_format": "json"}"#, "response_format", "response_format must be an object"),
        (
            #"{"messages": [{"role": "user"}], "response_format": {"type": "xml"}}"#, "response_format.type",
            "response_format.type: unsupported 'xml' (text, json_object or json_schema)"
        ),
        (
            #"{"messages": [{"role": "user"}], "response_format": {"type": "json_schema"}}"#, "response_format.json_schema",
            "response_format.json_schema is required for type json_schema"
        ),
        (
            #"{"messages": [{"role": "user"}], "response_format": {"type": "json_schema", "json_schema": {"schema": 1}}}"#,
            "response_format.json_schema.schema", "response_format.json_schema.schema must be a JSON Schema object"
        )
    ])
    func malformedFieldsAreNamed(body: String, param: String?, message: String) throws {
        #expect(throws: WireError(message, param: param)) { try ChatCompletionRequest(json: JSONReader.read(body)) }
    }

    @Test func decodableGoesThroughTheStrictReader() throws {
        let decoded = try JSONDecoderBox.decode(ChatCompletionRequest.self, #"{"messages": [{"role": "user", "content": "Hi"}], "top_k": 2}"#)
        #expect(decoded.messages == [ChatMessage(role: .user, text: "Hi")] && decoded.topK == 2)
        #expect(throws: WireError("top_k must be at least 1, got 0", param: "top_k")) {
            try JSONDecoderBox.decode(ChatCompletionRequest.self, #"{"messages": [{"role": "user"}], "top_k": 0}"#)
        }
    }
}
