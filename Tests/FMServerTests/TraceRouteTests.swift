import FMServer
import Foundation
import FoundationModels
import Testing
import TestSupport

/// `GET /v1/traces`: the server keeps its last requests' traces, with the numbers it answered, and
/// the page's Requests view shows them (headless Chromium, Tests/Serve/requests_page_check.py).
@Suite(.serialized, .requiresSmolLM2) struct TraceRouteTests {
    @Test func aCompletionIsKeptWithTheUsageItAnswered() async throws {
        let server = LiveServer.make()
        let other = LiveServer.make()
        let plain = try await LiveServer.post("/v1/chat/completions", body: LiveServer.chat(LiveServer.capitalQuestion), to: server)
        #expect(plain.status == 200)
        let usage = try #require(LiveServer.json(plain.body)["usage"] as? [String: Any])
        let streamed = try await LiveServer.post(
            "/v1/chat/completions", body: LiveServer.chat("Say hi.", extra: #", "stream": true, "stream_options": {"include_usage": true}"#), to: server)
        #expect(streamed.status == 200)

        let list = try await LiveServer.send("GET", "/v1/traces", to: server)
        #expect(list.status == 200)
        let body = LiveServer.json(list.body)
        #expect(body["object"] as? String == "list")
        let traces = try #require(body["data"] as? [[String: Any]])
        #expect(traces.count == 2)
        // Newest first: the streamed one, then the plain one with the usage it answered.
        let kept = try #require(traces.last)
        let keptUsage = try #require(kept["usage"] as? [String: Any])
        #expect(keptUsage["input_tokens"] as? Int == usage["prompt_tokens"] as? Int)
        #expect(keptUsage["output_tokens"] as? Int == usage["completion_tokens"] as? Int)
        let cached = (usage["prompt_tokens_details"] as? [String: Any])?["cached_tokens"] as? Int ?? 0
        #expect(keptUsage["cached_input_tokens"] as? Int == cached)
        #expect((kept["model"] as? String)?.contains(URL(fileURLWithPath: TestModels.smolLM2Path).lastPathComponent) == true)
        let rounds = try #require(kept["rounds"] as? [[String: Any]])
        #expect(rounds.count == 1)
        #expect(rounds.first?["prefill_us"] != nil && rounds.first?["ttft_us"] != nil)
        #expect((kept["options"] as? [String: Any])?["maximumResponseTokens"] as? String == "24")
        let first = try #require(traces.first?["start_unix_us"] as? Int)
        let second = try #require(kept["start_unix_us"] as? Int)
        #expect(first > second)

        let id = try #require(kept["id"] as? String)
        let one = try await LiveServer.send("GET", "/v1/traces/\(id)", to: server)
        #expect(one.status == 200)
        #expect(LiveServer.json(one.body)["id"] as? String == id)
        let limited = LiveServer.json(try await LiveServer.send("GET", "/v1/traces?limit=1", to: server).body)
        #expect((limited["data"] as? [[String: Any]])?.count == 1)
        #expect(try await LiveServer.send("GET", "/v1/traces?limit=0", to: server).status == 400)
        let missing = try await LiveServer.send("GET", "/v1/traces/\(UUID().uuidString)", to: server)
        #expect(missing.status == 404)
        #expect(missing.body.contains("trace_not_found"))
        #expect(try await LiveServer.send("POST", "/v1/traces", body: "{}", to: server).status == 405)

        // Another server in the process keeps only its own requests.
        let elsewhere = LiveServer.json(try await LiveServer.send("GET", "/v1/traces", to: other).body)
        #expect((elsewhere["data"] as? [[String: Any]])?.isEmpty == true)

        await server.stop(gracePeriod: .seconds(1))
        await other.stop(gracePeriod: .seconds(1))
    }

    @Test func aServerThatKeepsNoTracesSaysSo() async throws {
        let server = LiveServer.make { $0.traceCapacity = 0 }
        let list = try await LiveServer.send("GET", "/v1/traces", to: server)
        #expect(list.status == 404)
        #expect(list.body.contains("traces_off"))
        await server.stop(gracePeriod: .seconds(1))
    }

    @Test(.enabled(if: RealClientTests.hasChromium || TestModels.modelsRequired, "chromium is not installed: run scripts/test.sh"))
    func headlessChromiumShowsTheRequestInTheRequestsView() async throws {
        let server = LiveServer.make()
        let answer = try await LiveServer.post("/v1/chat/completions", body: LiveServer.chat(LiveServer.capitalQuestion), to: server)
        let usage = try #require(LiveServer.json(answer.body)["usage"] as? [String: Any])
        let cached = (usage["prompt_tokens_details"] as? [String: Any])?["cached_tokens"] as? Int ?? 0
        let list = LiveServer.json(try await LiveServer.send("GET", "/v1/traces", to: server).body)
        let id = try #require((list["data"] as? [[String: Any]])?.first?["id"] as? String)
        let expected = "\(usage["prompt_tokens"] as? Int ?? -1),\(cached),\(usage["completion_tokens"] as? Int ?? -1)"
        let screenshot = try ScratchFolder.file("requests-view.png")
        let port = server.port
        let result = try await offPool {
            try RealClientTests.python([
                RealClientTests.script("requests_page_check.py"), "--base-url", "http://127.0.0.1:\(port)", "--id", id, "--usage", expected,
                "--screenshot", screenshot.path, "--timeout", "600"
            ])
        }
        await server.stop(gracePeriod: .seconds(1))
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
    }
}
