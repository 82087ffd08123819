import Testing
@testable import FoundationModelsCore
@testable import OpenAICompatibleBackend

/// The chunk decoder on recorded streams: text deltas, tool calls split by index, usage, errors.
@Suite struct ChatCompletionStreamDecoderTests {
    /// What the events of a stream add up to.
    struct Outcome: Equatable {
        var text = ""
        var reasoning = ""
        var calls: [String] = []
        var usage: [Int] = []
    }

    func run(_ payloads: [String], callsWrittenAsText: Bool = false) throws(OpenAICompatibleError) -> (Outcome, ChatCompletionStreamDecoder) {
        var decoder = ChatCompletionStreamDecoder(callsWrittenAsText: callsWrittenAsText)
        var events: [LanguageModelExecutorGenerationChannel.Event] = []
        for payload in payloads {
            events += try decoder.events(for: ServerSentEvent(name: nil, data: payload))
        }
        events += decoder.finalEvents()
        var outcome = Outcome()
        for event in events {
            switch event.payload {
            case .response(let response):
                switch response.action.kind {
                case .appendText(let fragment): outcome.text += fragment.content
                case .updateUsage(let usage):
                    outcome.usage = [usage.input.totalTokenCount, usage.input.cachedTokenCount, usage.output.totalTokenCount]
                default: break
                }
            case .reasoning(let reasoning):
                if case .appendText(let fragment) = reasoning.action.kind { outcome.reasoning += fragment.content }
            case .toolCalls(let calls):
                if case .toolCall(let call) = calls.action.kind, case .appendArguments(let fragment) = call.action.kind {
                    outcome.calls.append("\(call.id) \(call.name) \(fragment.content)")
                }
            }
        }
        return (outcome, decoder)
    }

    @Test func textDeltasAndUsage() throws {
        // Recorded from llama-server (trimmed): role first, content deltas, finish, then usage.
        let (outcome, decoder) = try run([
            #"{"choices":[{"finish_reason":null,"index":0,"delta":{"role":"assistant","content":null}}],"object":"chat.completion.chunk"}"#,
            #"{"choices":[{"finish_reason":null,"index":0,"delta":{"content":"Par"}}],"object":"chat.completion.chunk"}"#,
            #"{"choices":[{"finish_reason":null,"index":0,"delta":{"content":"is."}}],"object":"chat.completion.chunk"}"#,
            #"{"choices":[{"finish_reason":"stop","index":0,"delta":{}}],"object":"chat.completion.chunk"}"#,
            #"{"choices":[],"usage":{"completion_tokens":3,"prompt_tokens":20,"total_tokens":23,"prompt_tokens_details":{"cached_tokens":12}},"timings":{"cache_n":12}}"#,
            "[DONE]"
        ])
        #expect(outcome == Outcome(text: "Paris.", usage: [20, 12, 3]))
        #expect(decoder.isComplete)
        #expect(decoder.finishReason == "stop")
    }

    @Test func toolCallPiecesAccumulateByIndex() throws {
        // Two calls streamed interleaved, as vLLM may; ids and names arrive in the first piece only.
        let (outcome, _) = try run([
            #"{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_a","type":"function","function":{"name":"lookup","arguments":""}}]}}]}"#,
            #"{"choices":[{"index":0,"delta":{"tool_calls":[{"index":1,"id":"call_b","type":"function","function":{"name":"weather","arguments":"{\"ci"}}]}}]}"#,
            #"{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"{\"query\":"}}]}}]}"#,
            #"{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":" \"Sara\"}"}}]}}]}"#,
            #"{"choices":[{"index":0,"delta":{"tool_calls":[{"index":1,"function":{"arguments":"ty\":\"Tunis\"}"}}]}}]}"#,
            #"{"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}"#,
            "[DONE]"
        ])
        #expect(outcome.calls == [#"call_a lookup {"query": "Sara"}"#, #"call_b weather {"city":"Tunis"}"#])
        #expect(outcome.text.isEmpty)
        #expect(outcome.usage.isEmpty)
    }

    /// A call asked for as the response's JSON (llama-server's way of enforcing a required call)
    /// comes back as text and is decoded as the call; other text stays text, and a call the server
    /// sent as `tool_calls` is taken as sent.
    @Test func aCallWrittenAsTheResponseIsTheCall() throws {
        let written = [
            #"{"choices":[{"index":0,"delta":{"content":"{\"name\": \"lookup\", "}}]}"#,
            #"{"choices":[{"index":0,"delta":{"content":"\"arguments\": {\"query\": \"Sara\"}}"},"finish_reason":"stop"}]}"#
        ]
        let (call, _) = try run(written, callsWrittenAsText: true)
        #expect(call.text.isEmpty)
        #expect(call.calls.count == 1)
        #expect(call.calls.first?.hasSuffix(#" lookup {"query":"Sara"}"#) == true)
        #expect(call.calls.first?.hasPrefix("call-") == true)

        let (unasked, _) = try run(written)
        #expect(unasked.calls.isEmpty)
        #expect(unasked.text == #"{"name": "lookup", "arguments": {"query": "Sara"}}"#)

        for text in [#"Sara is the product lead."#, #"{\"name\": \"lookup\"}"#, #"{\"name\": \"lookup\", \"arguments\": \"Sara\"}"#] {
            let (prose, _) = try run([#"{"choices":[{"index":0,"delta":{"content":"\#(text)"},"finish_reason":"stop"}]}"#], callsWrittenAsText: true)
            #expect(prose.calls.isEmpty, "\(text)")
            #expect(!prose.text.isEmpty, "\(text)")
        }

        let (sent, _) = try run(
            [
                #"{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_a","function":{"name":"lookup","arguments":"{}"}}]}}]}"#,
                #"{"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}"#
            ], callsWrittenAsText: true)
        #expect(sent.calls == ["call_a lookup {}"])
    }

    @Test func reasoningIsReportedApart() throws {
        let (outcome, _) = try run([
            #"{"choices":[{"index":0,"delta":{"reasoning_content":"Think."}}]}"#,
            #"{"choices":[{"index":0,"delta":{"content":"Answer."},"finish_reason":"stop"}]}"#
        ])
        #expect(outcome.reasoning == "Think.")
        #expect(outcome.text == "Answer.")
    }

    @Test func malformedJSONIsATypedError() {
        #expect(throws: OpenAICompatibleError.self) {
            _ = try run([#"{"choices":[{"index":0,"delta":{"content":"x"#])
        }
    }

    @Test func anErrorInTheStreamIsReported() {
        var decoder = ChatCompletionStreamDecoder()
        for event in [
            ServerSentEvent(name: nil, data: #"{"error":{"code":500,"message":"slot failed","type":"server_error"}}"#),
            ServerSentEvent(name: "error", data: #"{"message":"boom"}"#)
        ] {
            do {
                _ = try decoder.events(for: event)
                Issue.record("no error for \(event)")
            } catch {
                guard case .streamedError(let text) = error else { Issue.record("\(error)"); continue }
                #expect(text == event.data)
            }
        }
    }

    @Test func aStreamWithoutFinishIsIncomplete() throws {
        let (_, decoder) = try run([#"{"choices":[{"index":0,"delta":{"content":"Par"}}]}"#])
        #expect(!decoder.isComplete)
    }
}
