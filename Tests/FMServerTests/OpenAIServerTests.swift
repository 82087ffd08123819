import FMServer
import Foundation
import FoundationModels
import Testing
import TestSupport

/// The server on the real SmolLM2, called over loopback: answers, streams, schemas, tools,
/// errors, overload, disconnects and metrics.
@Suite(.serialized, .requiresSmolLM2) struct OpenAIServerTests {
    @Test func answersAndStreamsTheSameGreedyText() async throws {
        let plain = try await LiveServer.post("/v1/chat/completions", body: LiveServer.chat(LiveServer.capitalQuestion))
        #expect(plain.status == 200)
        let response = LiveServer.json(plain.body)
        let choice = (response["choices"] as? [[String: Any]])?.first
        let message = choice?["message"] as? [String: Any]
        let text = message?["content"] as? String ?? ""
        #expect(text.contains("Paris"))
        let finishReason = (choice?["finish_reason"] as? String) ?? ""
        #expect(["stop", "length"].contains(finishReason))
        let usage = response["usage"] as? [String: Any]
        let promptTokens = (usage?["prompt_tokens"] as? Int) ?? 0
        #expect(promptTokens > 0)

        let streamed = try await LiveServer.post("/v1/chat/completions", body: LiveServer.chat(LiveServer.capitalQuestion, extra: #", "stream": true"#))
        #expect(streamed.status == 200)
        #expect(streamed.headers["content-type"] == "text/event-stream")
        let events = streamed.body.components(separatedBy: "\n\n").filter { $0.hasPrefix("data: ") }.map { String($0.dropFirst(6)) }
        #expect(events.last == "[DONE]")
        let chunks = events.dropLast().map(LiveServer.json)
        let deltas = chunks.compactMap { (($0["choices"] as? [[String: Any]])?.first?["delta"] as? [String: Any])?["content"] as? String }
        #expect(deltas.joined() == text)
        #expect(chunks.allSatisfy { $0["usage"] == nil }, "usage only when stream_options.include_usage asks")
        // The second identical request found its prompt in the cache.
        let again = LiveServer.json(try await LiveServer.post("/v1/chat/completions", body: LiveServer.chat(LiveServer.capitalQuestion)).body)
        let details = (again["usage"] as? [String: Any])?["prompt_tokens_details"] as? [String: Any]
        let cachedTokens = (details?["cached_tokens"] as? Int) ?? 0
        #expect(cachedTokens > 0)
    }

    @Test func stopSequencesAndTheTokenLimitEndTheAnswer() async throws {
        let limited = LiveServer.json(try await LiveServer.post("/v1/chat/completions", body: LiveServer.chat("Tell me a long story.", extra: #", "max_tokens": 3"#)).body)
        let choice = (limited["choices"] as? [[String: Any]])?.first
        #expect(choice?["finish_reason"] as? String == "length")
        #expect((limited["usage"] as? [String: Any])?["completion_tokens"] as? Int == 3)

        let stopped = LiveServer.json(
            try await LiveServer.post("/v1/chat/completions", body: LiveServer.chat(LiveServer.capitalQuestion, extra: #", "stop": ["Paris"]"#)).body)
        let stoppedChoice = (stopped["choices"] as? [[String: Any]])?.first
        let text = (stoppedChoice?["message"] as? [String: Any])?["content"] as? String ?? "?"
        #expect(!text.contains("Paris") && !text.isEmpty)
        #expect(stoppedChoice?["finish_reason"] as? String == "stop")
        // The tokens generated up to the stop are counted.
        let completionTokens = ((stopped["usage"] as? [String: Any])?["completion_tokens"] as? Int) ?? 0
        #expect(completionTokens > 0)
    }

    @Test func aJSONSchemaIsEnforcedAndToolCallsHaveValidArguments() async throws {
        let schema =
            #"{"type": "object", "properties": {"city": {"type": "string"}, "population": {"type": "integer", "minimum": 0}}, "required": ["city", "population"], "additionalProperties": false}"#
        let guided = try await LiveServer.post(
            "/v1/chat/completions",
            body: LiveServer.chat(
                "Name a big city.", extra: #", "max_tokens": 64, "response_format": {"type": "json_schema", "json_schema": {"name": "city", "strict": true, "schema": \#(schema)}}"#
            ))
        let content = ((LiveServer.json(guided.body)["choices"] as? [[String: Any]])?.first?["message"] as? [String: Any])?["content"] as? String ?? ""
        let value = LiveServer.json(content)
        #expect(value["city"] is String)
        let population = (value["population"] as? Int) ?? -1
        #expect(population >= 0)
        #expect(value.count == 2)

        let tools =
            #", "max_tokens": 128, "tools": [{"type": "function", "function": {"name": "get_weather", "description": "The weather in a city", "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}}], "tool_choice": "required""#
        let called = LiveServer.json(try await LiveServer.post("/v1/chat/completions", body: LiveServer.chat("What is the weather in Paris?", extra: tools)).body)
        let choice = (called["choices"] as? [[String: Any]])?.first
        #expect(choice?["finish_reason"] as? String == "tool_calls")
        let calls = (choice?["message"] as? [String: Any])?["tool_calls"] as? [[String: Any]] ?? []
        #expect(!calls.isEmpty)
        for call in calls {
            let function = call["function"] as? [String: Any]
            #expect(function?["name"] as? String == "get_weather")
            let arguments = LiveServer.json((function?["arguments"] as? String) ?? "")
            #expect(arguments["city"] is String)
        }
    }

    @Test func badRequestsGetAClear4xxAndTheServerAnswersTheNext() async throws {
        let cases: [(String, Int, String)] = [
            ("{not json", 400, "invalid_json"),
            (#"{"messages": "x"}"#, 400, ""),
            (#"{"messages": []}"#, 400, ""),
            (#"{"messages": [{"role": "robot", "content": "x"}]}"#, 400, ""),
            (#"{"model": "no-such-model", "messages": [{"role": "user", "content": "x"}]}"#, 404, "model_not_found"),
            (
                #"{"messages": [{"role": "user", "content": "x"}], "response_format": {"type": "json_schema", "json_schema": {"schema": {"type": "object", "properties": {"a": {"$ref": "http://example.com/x"}}}}}}"#,
                400, "unsupported_schema"
            ),
            // Refused before generating, so a stream too gets a real 400 rather than an SSE error.
            (
                #"{"messages": [{"role": "user", "content": "x"}], "stream": true, "max_tokens": 2, "response_format": {"type": "json_schema", "json_schema": {"schema": {"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"]}}}}"#,
                400, "response_budget_too_small"
            )
        ]
        for (body, status, code) in cases {
            let answer = try await LiveServer.post("/v1/chat/completions", body: body)
            #expect(answer.status == status, "\(body)")
            let error = LiveServer.json(answer.body)["error"] as? [String: Any]
            let message = (error?["message"] as? String) ?? ""
            #expect(!message.isEmpty, "\(body)")
            if !code.isEmpty { #expect(error?["code"] as? String == code, "\(body)") }
        }
        #expect(try await LiveServer.send("GET", "/nowhere").status == 404)
        #expect(try await LiveServer.send("DELETE", "/v1/models").status == 405)
        let port = LiveServer.shared.port
        let (oversized, unfinished) = try await offPool {
            let big = try LoopbackClient(port: port)
            try big.send("POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nContent-Length: \(10 * 1024 * 1024)\r\n\r\n")
            let oversized = try big.readResponse().status
            let slow = try LoopbackClient(port: port, timeout: 20)
            try slow.send("POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{\"mess")
            return (oversized, try slow.readResponse().status)
        }
        #expect(oversized == 413)
        #expect(unfinished == 408)
        #expect(try await LiveServer.send("GET", "/v1/models").status == 200)
    }

    @Test func anAPIKeyIsRequiredWhenSet() async throws {
        let server = LiveServer.make { $0.apiKey = "sesame" }
        defer { Task { await server.stop(gracePeriod: .seconds(1)) } }
        let refused = try await LiveServer.send("GET", "/v1/models", to: server)
        #expect(refused.status == 401)
        #expect((LiveServer.json(refused.body)["error"] as? [String: Any])?["code"] as? String == "invalid_api_key")
        #expect(try await LiveServer.send("GET", "/v1/models", headers: ["Authorization": "Bearer wrong"], to: server).status == 401)
        #expect(try await LiveServer.send("GET", "/v1/models", headers: ["Authorization": "Bearer sesame"], to: server).status == 200)
        #expect(try await LiveServer.send("GET", "/health", to: server).status == 200)
        #expect(try await LiveServer.send("GET", "/", to: server).body.contains("<title>"))
    }

    @Test func overloadIsAnswered429AndADisconnectCancelsTheGeneration() async throws {
        let server = LiveServer.make {
            $0.parallel = 1
            $0.queueLimit = 0
        }
        let port = server.port
        // A long generation holds the only slot: its client reads the first tokens and stays
        // connected until the second request has been turned away, then hangs up.
        let streaming = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let first = Task {
            try await offPool {
                let client = try LoopbackClient(port: port)
                try client.post(
                    "/v1/chat/completions", json: #"{"messages": [{"role": "user", "content": "Write a very long story."}], "temperature": 0, "max_tokens": 2000, "stream": true}"#)
                defer { streaming.signal() }
                _ = try client.readStream(until: "\"content\":\"")
                streaming.signal()
                _ = release.wait(timeout: .now() + 300)
                client.close()
            }
        }
        try await offPool { _ = streaming.wait(timeout: .now() + 300) }
        let busy = try await LiveServer.post("/v1/chat/completions", body: LiveServer.chat("Hi"), to: server)
        release.signal()
        try await first.value
        #expect(busy.status == 429)
        #expect(busy.headers["retry-after"] == "1")
        // The first client has hung up: the slot frees within moments, not after 2000 tokens.
        let deadline = ContinuousClock.now + .seconds(20)
        var status = 429
        while status == 429, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(100))
            status = try await LiveServer.post("/v1/chat/completions", body: LiveServer.chat("Hi"), to: server).status
        }
        #expect(status == 200)
        let metrics = try await LiveServer.send("GET", "/metrics", to: server).body
        #expect(metrics.contains("fm_generations_cancelled_total 1"))
        #expect(metrics.contains(#"fm_errors_total{type="rate_limit_error",code="server_overloaded"}"#))
        await server.stop(gracePeriod: .seconds(1))
    }

    @Test func metricsCountRequestsTokensAndLatency() async throws {
        _ = try await LiveServer.post("/v1/chat/completions", body: LiveServer.chat("Hello"))
        _ = try await LiveServer.post(
            "/v1/chat/completions", body: LiveServer.chat("Hello", extra: #", "max_tokens": 40, "response_format": {"type": "json_object"}"#))
        let metrics = try await LiveServer.send("GET", "/metrics")
        #expect(metrics.status == 200)
        for name in [
            #"fm_http_requests_total{route="/v1/chat/completions",status="200"}"#, "fm_prompt_tokens_total", "fm_generated_tokens_total",
            "fm_prompt_tokens_cached_total", "fm_time_to_first_token_seconds_bucket", "fm_time_per_output_token_seconds_count",
            "fm_queue_depth 0", "fm_active_generations", "fm_mask_seconds_total", "fm_forced_tokens_total",
            "fm_host_cache_saved_total", "fm_host_cache_restored_tokens_total", "fm_host_cache_bytes", "fm_moved_generations_total"
        ] {
            #expect(metrics.body.contains(name), "\(name)")
        }
        let generated = metrics.body.split(separator: "\n").first { $0.hasPrefix("fm_generated_tokens_total ") }
        #expect((generated.flatMap { Int($0.split(separator: " ")[1]) } ?? 0) > 0)
        let masked = metrics.body.split(separator: "\n").first { $0.hasPrefix("fm_masked_steps_total ") }
        #expect((masked.flatMap { Int($0.split(separator: " ")[1]) } ?? 0) > 0, "the JSON answer was masked step by step")
    }

    @Test func ourOwnClientBackendRunsASessionOnTheServer() async throws {
        let model = OpenAICompatibleLanguageModel(
            baseURL: URL(string: "http://127.0.0.1:\(LiveServer.shared.port)/v1")!, model: LiveServer.modelID)
        let session = LanguageModelSession(model: model, instructions: "You are a helpful assistant.")
        let options = GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 24)
        let answer = try await session.respond(to: LiveServer.capitalQuestion, options: options)
        #expect(answer.content.contains("Paris"))
        var last = ""
        for try await snapshot in session.streamResponse(to: "And of Italy?", options: options) { last = snapshot.content }
        #expect(!last.isEmpty)
        #expect(session.transcript.count == 5)

        let guided = try await LanguageModelSession(model: model).respond(
            to: "Name a city.", generating: CityFact.self, options: GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 64))
        #expect(!guided.content.name.isEmpty)
        #expect(guided.content.population >= 0)

        let toolSession = LanguageModelSession(model: model, tools: [WeatherTool()])
        let withTool = try await toolSession.respond(
            to: "What is the weather in Paris?",
            options: GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 128, toolCallingMode: .required))
        #expect(toolSession.transcript.contains { if case .toolOutput = $0 { true } else { false } })
        _ = withTool
    }
}

@Generable
struct CityFact {
    var name: String
    @Guide(.range(0...100_000_000))
    var population: Int
}

struct WeatherTool: Tool {
    let name = "get_weather"
    let description = "The weather in a city"

    @Generable
    struct Arguments {
        var city: String
    }

    func call(arguments: Arguments) async throws -> String {
        "Sunny, 21 °C in \(arguments.city)"
    }
}
