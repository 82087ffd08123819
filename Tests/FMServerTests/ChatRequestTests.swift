@testable import FMServer
import FoundationModels
import JSONValues
import OpenAIWire
import Testing

/// Request checking: each malformed field is a 400 that names it; what is valid reads as given.
@Suite struct ChatRequestTests {
    func parse(_ text: String) throws -> ChatCompletionRequest {
        try ChatCompletionRequest(checking: JSONReader.read(text))
    }

    func refusal(_ text: String) -> APIError? {
        do {
            _ = try parse(text)
            return nil
        } catch let error as APIError {
            return error
        } catch {
            return nil
        }
    }

    @Test func aFullRequestReadsAsGiven() throws {
        let request = try parse(
            """
            {"model": "m", "messages": [{"role": "system", "content": "Be brief."},
             {"role": "user", "content": [{"type": "text", "text": "Hi"}, {"type": "text", "text": "there"}]}],
             "stream": true, "stream_options": {"include_usage": true}, "temperature": 0.5, "top_p": 0.9, "seed": 7,
             "max_completion_tokens": 20, "max_tokens": 99, "stop": ["\\n\\n", "END"], "n": 1, "presence_penalty": 0,
             "tools": [{"type": "function", "function": {"name": "f", "parameters": {"type": "object"}}}],
             "tool_choice": {"type": "function", "function": {"name": "f"}},
             "response_format": {"type": "json_schema", "json_schema": {"name": "r", "schema": {"type": "object"}, "strict": true}},
             "logit_bias_unknown_field": 1}
            """)
        #expect(request.model == "m")
        #expect(request.messages.map(\.role) == [.system, .user])
        #expect(request.messages[1].text == "Hi\nthere")
        #expect(request.stream == true && request.includesUsage)
        #expect(request.temperature == 0.5 && request.topP == 0.9 && request.seed == 7)
        #expect(request.maximumTokens == 20)
        #expect(request.stop == ["\n\n", "END"])
        #expect(request.toolChoice == .function("f"))
        #expect(request.responseFormat == .jsonSchema(name: "r", schema: .object([JSONMember("type", .string("object"))]), strict: true))
    }

    @Test(arguments: [
        (#"[]"#, ""),
        (#"{}"#, "messages"),
        (#"{"messages": []}"#, "messages"),
        (#"{"messages": "hi"}"#, "messages"),
        (#"{"messages": [{"role": "robot", "content": "x"}]}"#, "messages[0].role"),
        (#"{"messages": [{"content": "x"}]}"#, "messages[0].role"),
        (#"{"messages": [{"role": "user", "content": 5}]}"#, "messages[0].content"),
        (#"{"messages": [{"role": "user", "content": [{"type": "audio"}]}]}"#, "messages[0].content[0].type"),
        (#"{"messages": [{"role": "tool", "content": "x"}]}"#, "messages[0].tool_call_id"),
        (#"{"model": 3, "messages": [{"role": "user", "content": "x"}]}"#, "model"),
        (#"{"messages": [{"role": "user", "content": "x"}], "temperature": "hot"}"#, "temperature"),
        (#"{"messages": [{"role": "user", "content": "x"}], "temperature": 3}"#, "temperature"),
        (#"{"messages": [{"role": "user", "content": "x"}], "max_tokens": 0}"#, "max_tokens"),
        (#"{"messages": [{"role": "user", "content": "x"}], "max_tokens": 1.5}"#, "max_tokens"),
        (#"{"messages": [{"role": "user", "content": "x"}], "n": 2}"#, "n"),
        (#"{"messages": [{"role": "user", "content": "x"}], "stream": "yes"}"#, "stream"),
        (#"{"messages": [{"role": "user", "content": "x"}], "stop": ["a", "b", "c", "d", "e"]}"#, "stop"),
        (#"{"messages": [{"role": "user", "content": "x"}], "frequency_penalty": 0.5}"#, "frequency_penalty"),
        (#"{"messages": [{"role": "user", "content": "x"}], "presence_penalty": -1}"#, "presence_penalty"),
        (#"{"messages": [{"role": "user", "content": "x"}], "logprobs": true}"#, "logprobs"),
        (#"{"messages": [{"role": "user", "content": "x"}], "tool_choice": "required"}"#, "tool_choice"),
        (
            #"{"messages": [{"role": "user", "content": "x"}], "tools": [{"type": "function", "function": {"name": "f"}}], "tool_choice": {"type": "function", "function": {"name": "g"}}}"#,
            "tool_choice"
        ),
        (#"{"messages": [{"role": "user", "content": "x"}], "tools": [{"type": "retrieval"}]}"#, "tools[0].type"),
        (#"{"messages": [{"role": "user", "content": "x"}], "response_format": {"type": "xml"}}"#, "response_format.type"),
        (#"{"messages": [{"role": "user", "content": "x"}], "response_format": {"type": "json_schema"}}"#, "response_format.json_schema")
    ])
    func malformedFieldsAreNamed(body: String, param: String) {
        let error = refusal(body)
        #expect(error?.status == 400, "\(body)")
        #expect((error?.param ?? "") == param, "\(body): \(error?.message ?? "accepted")")
        #expect(error?.message.isEmpty == false)
    }

    @Test func conversationsBecomeTranscriptsAndRefuseWhatTheyCannotHold() throws {
        let good = try parse(
            """
            {"messages": [{"role": "system", "content": "S"}, {"role": "user", "content": "Q"},
             {"role": "assistant", "content": null, "tool_calls": [{"id": "c1", "type": "function", "function": {"name": "f", "arguments": "{\\"a\\": 1}"}}]},
             {"role": "tool", "tool_call_id": "c1", "content": "42"}],
             "tools": [{"type": "function", "function": {"name": "f", "parameters": {"type": "object", "properties": {"a": {"type": "integer"}}}}}]}
            """)
        let executorRequest = try ConversationBuilder(request: good).executorRequest()
        #expect(executorRequest.transcript.count == 4)
        #expect(executorRequest.enabledToolDefinitions.map(\.name) == ["f"])
        #expect(executorRequest.generationOptions.toolCallingMode == .allowed)

        let cases: [(String, String)] = [
            (#"{"messages": [{"role": "user", "content": "Q"}, {"role": "system", "content": "late"}, {"role": "user", "content": "Q"}]}"#, "messages[1].role"),
            (#"{"messages": [{"role": "user", "content": "Q"}, {"role": "assistant", "content": "A"}]}"#, "messages"),
            (#"{"messages": [{"role": "user", "content": "Q"}, {"role": "tool", "tool_call_id": "nope", "content": "x"}]}"#, "messages[1].tool_call_id"),
            (#"{"messages": [{"role": "user", "content": [{"type": "image_url", "image_url": {"url": "data:image/png;base64,AA=="}}]}]}"#, "messages[0].content"),
            (
                #"{"messages": [{"role": "user", "content": "Q"}], "response_format": {"type": "json_schema", "json_schema": {"schema": {"type": "object", "properties": {"a": {"$ref": "http://example.com/x"}}}}}}"#,
                "response_format.json_schema.schema"
            ),
            (#"{"messages": [{"role": "user", "content": "Q"}], "top_k": 5, "top_p": 0.5}"#, "top_k")
        ]
        for (body, param) in cases {
            do {
                _ = try ConversationBuilder(request: try parse(body)).executorRequest()
                Issue.record("accepted: \(body)")
            } catch let error as APIError {
                #expect(error.status == 400)
                #expect(error.param == param, "\(body): \(error.message)")
            }
        }
    }

    @Test func temperatureZeroIsGreedyAndTopPOfOneIsNoLimit() throws {
        // The translation itself is `SamplingKnobs`' (`SamplingKnobsTests`); a seed alone samples as in `fm respond`.
        let seedOnly = try ConversationBuilder(request: parse(#"{"messages": [{"role": "user", "content": "x"}], "seed": 9}"#))
        #expect(try seedOnly.generationOptions().samplingMode == .random(probabilityThreshold: 0.95, seed: 9))
        let greedy = try ConversationBuilder(request: parse(#"{"messages": [{"role": "user", "content": "x"}], "temperature": 0, "top_p": 1}"#))
        #expect(try greedy.generationOptions().samplingMode == .greedy)
        let seeded = try ConversationBuilder(request: parse(#"{"messages": [{"role": "user", "content": "x"}], "top_k": 3, "seed": 9}"#))
        #expect(try seeded.generationOptions().samplingMode == .random(top: 3, seed: 9))
    }
}

/// Stop sequences: cut at the first, even across pieces; a partial match is held back, then
/// released when it turns out not to be one.
@Suite struct StopSequenceFilterTests {
    @Test func cutsAtTheFirstStopAcrossPieces() {
        var filter = StopSequenceFilter(stops: ["END", "\n\n"])
        var output = ""
        for piece in ["Hello E", "N", "ough", " wor", "ld E", "ND more"] { output += filter.append(piece) }
        #expect(output == "Hello ENough world ")
        #expect(filter.stopped)
        #expect(filter.append("later") == "")
    }

    @Test func releasesAHeldTailAtTheEnd() {
        var filter = StopSequenceFilter(stops: ["STOP"])
        #expect(filter.append("abc ST") == "abc ")
        #expect(filter.finish() == "ST")
        #expect(!filter.stopped)
    }
}

/// Admission: `capacity` run, `queueLimit` wait in order, the rest are refused at once.
@Suite struct AdmissionGateTests {
    @Test func refusesBeyondTheQueueAndAdmitsInOrder() async throws {
        let gate = AdmissionGate(capacity: 1, queueLimit: 1)
        try await gate.enter()
        let waiter = Task { try await gate.enter() }
        while gate.waiting == 0 { await Task.yield() }
        await #expect(throws: AdmissionGate.Overloaded.self) { try await gate.enter() }
        gate.leave()
        try await waiter.value
        #expect(gate.running == 1 && gate.waiting == 0)
        gate.leave()
        #expect(gate.running == 0)
    }

    @Test func aCancelledWaiterLeavesTheLine() async throws {
        let gate = AdmissionGate(capacity: 1, queueLimit: 4)
        try await gate.enter()
        let waiter = Task { try await gate.enter() }
        while gate.waiting == 0 { await Task.yield() }
        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await waiter.value }
        #expect(gate.waiting == 0)
        gate.leave()
        #expect(gate.running == 0)
    }
}
