import JSONValues
import OpenAIWire
import Testing

/// Completions and chunks: what `fm serve` writes is what the client reads back, with the members
/// and explicit nulls OpenAI's clients expect; servers' own shapes (llama-server, vLLM) read too.
@Suite struct ChatCompletionWireTests {
    @Test func aStreamedChunkRoundTrips() throws {
        let chunk = ChatCompletion(
            id: "chatcmpl-1", object: "chat.completion.chunk", created: 1_700_000_000, model: "m", systemFingerprint: "fm",
            choices: [.init(delta: .init(toolCalls: [ChatToolCall(index: 0, id: "c1", name: "f", arguments: "{}")]))])
        let text = chunk.jsonValue.jsonText()
        #expect(
            text
                == #"{"id":"chatcmpl-1","object":"chat.completion.chunk","created":1700000000,"model":"m","system_fingerprint":"fm","#
                + #""choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"c1","type":"function","function":{"name":"f","arguments":"{}"}}]},"#
                + #""logprobs":null,"finish_reason":null}]}"#)
        #expect(try JSONDecoderBox.decode(ChatCompletion.self, text) == chunk)
    }

    @Test func aWholeCompletionRoundTrips() throws {
        let completion = ChatCompletion(
            id: "chatcmpl-2", object: "chat.completion", created: 1, model: "m",
            choices: [.init(message: ChatMessage(role: .assistant, text: "Hello"), finishReason: "stop")],
            usage: .init(promptTokens: 10, cachedTokens: 4, completionTokens: 2))
        let text = completion.jsonValue.jsonText()
        #expect(text.contains(#""message":{"role":"assistant","content":"Hello"},"logprobs":null,"finish_reason":"stop""#))
        #expect(text.contains(#""usage":{"prompt_tokens":10,"completion_tokens":2,"total_tokens":12,"prompt_tokens_details":{"cached_tokens":4}}"#))
        #expect(try JSONDecoderBox.decode(ChatCompletion.self, text) == completion)
        // A tool-calling answer has an explicit null content; as a delta it is the calls alone.
        let calling = ChatMessage(role: .assistant, content: nil, toolCalls: [ChatToolCall(id: "c", name: "f", arguments: "{}")])
        #expect(JSONValueEncoder.valueForTests(calling)["content"] == .null)
        #expect(ChatCompletion.Delta(calling) == .init(role: "assistant", toolCalls: calling.toolCalls))
    }

    @Test func readsServersOwnChunks() throws {
        let llama = try JSONDecoderBox.decode(
            ChatCompletion.self,
            #"{"choices":[{"finish_reason":null,"index":0,"delta":{"reasoning_content":"hm","tool_calls":[{"index":0,"function":{"arguments":"{\"a"}}]}}],"#
                + #""created":1,"id":"x","model":"q","object":"chat.completion.chunk","timings":{"predicted_n":3}}"#)
        #expect(llama.choices?.first?.delta == .init(reasoningContent: "hm", toolCalls: [ChatToolCall(index: 0, id: nil, name: nil, arguments: #"{"a"#)]))
        let usageOnly = try JSONDecoderBox.decode(
            ChatCompletion.self, #"{"choices":[],"usage":{"prompt_tokens":5,"completion_tokens":1,"completion_tokens_details":{"reasoning_tokens":1}}}"#)
        #expect(usageOnly.usage?.completionTokensDetails?.reasoningTokens == 1 && usageOnly.choices == [])
        let failed = try JSONDecoderBox.decode(ChatCompletion.self, #"{"error":{"message":"boom","type":"server_error"}}"#)
        #expect(failed.error?.message == "boom")
    }

    @Test func errorBodiesInEachServersShape() throws {
        let ours = ErrorResponse(error: .init(message: "bad", type: "invalid_request_error", param: "messages"))
        let text = ours.jsonValue.jsonText()
        #expect(text == #"{"error":{"message":"bad","type":"invalid_request_error","param":"messages","code":null}}"#)
        #expect(try JSONDecoderBox.decode(ErrorResponse.self, text) == ours)
        let llama = try JSONDecoderBox.decode(
            ErrorResponse.self, #"{"error":{"code":400,"message":"too long","type":"exceed_context_size_error","n_prompt_tokens":3000,"n_ctx":2048}}"#)
        #expect(llama.detail == .init(message: "too long", type: "exceed_context_size_error", code: "400", promptTokenCount: 3000, contextSize: 2048))
        let vllm = try JSONDecoderBox.decode(ErrorResponse.self, #"{"object":"error","message":"too long","type":"BadRequestError","code":400}"#)
        #expect(vllm.detail == .init(message: "too long", type: "BadRequestError"))
    }
}

extension JSONValueEncoder {
    /// The JSON of a value whose encoding cannot fail.
    static func valueForTests(_ value: some Encodable) -> JSONValue {
        (try? JSONValueEncoder().encode(value)) ?? .null
    }
}
