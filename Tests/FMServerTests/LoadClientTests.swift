@testable import FMBench
import FMServer
import Foundation
import Testing
import TestSupport

/// The load client of `fm bench --only serve`: it must read the same answer from `fm serve` and
/// from `llama-server` (which sends its events in chunked transfer coding), since the bench counts
/// both servers' tokens from that text.
@Suite struct LoadClientTests {
    /// A response whose chunks end inside event lines, and events without content.
    @Test func chunkedEventStreamsGiveTheirContent() {
        let events =
            #"data: {"choices":[{"index":0,"delta":{"role":"assistant","content":null}}]}"# + "\n\n"
            + #"data: {"choices":[{"index":0,"delta":{"content":"Hel"}}]}"# + "\n\n"
            + #"data: {"choices":[{"index":0,"delta":{"content":"lo, \"wörld\" 🌍"}}]}"# + "\n\n"
            + #"data: {"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}"# + "\n\n"
            + #"data: {"choices":[],"usage":{"completion_tokens":9}}"# + "\n\n" + "data: [DONE]\n\n"
        let body = Array(events.utf8)
        var chunked = Array("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n".utf8)
        var start = 0
        for size in [7, 61, 13, 200, body.count] where start < body.count {
            let end = min(body.count, start + size)
            chunked += Array(String(end - start, radix: 16).utf8) + Array("\r\n".utf8) + body[start..<end] + Array("\r\n".utf8)
            start = end
        }
        chunked += Array("0\r\n\r\n".utf8)
        #expect(LoadClient.body(ofResponse: chunked) == body)
        #expect(LoadClient.streamedContent(ofEventStream: LoadClient.body(ofResponse: chunked)) == "Hello, \"wörld\" 🌍")

        let plain = Array("HTTP/1.1 200 OK\r\nContent-Length: \(body.count)\r\n\r\n".utf8) + body
        #expect(LoadClient.streamedContent(ofEventStream: LoadClient.body(ofResponse: plain)) == "Hello, \"wörld\" 🌍")
        #expect(LoadClient.body(ofResponse: Array("HTTP/1.1 200 OK\r\nContent-".utf8)).isEmpty)
    }

    static func streamedBody(_ question: String) -> String {
        #"{"messages": [{"role": "system", "content": "You are a helpful assistant."}, {"role": "user", "content": "\#(question)"}], "#
            + #""temperature": 0, "max_tokens": 24, "stream": true, "#
            + #""stream_options": {"include_usage": true}}"#
    }

    /// Each server's streamed answer, as the load client reads it, is its own non-streamed answer.
    @Test(.requiresSmolLM2) func theStreamedAnswerOfEitherServerIsItsWholeAnswer() async throws {
        let question = LiveServer.capitalQuestion
        let reference = try await ReferenceServer(modelPath: TestModels.smolLM2Path)
        defer { reference.stop() }
        let referencePort = reference.port
        let theirs = try await offPool { LoadClient.send(body: Self.streamedBody(question), port: referencePort) }
        #expect(theirs.status == 200)
        #expect(theirs.reportedTokens > 0)
        let theirWhole = try await reference.greedyChat(messages: [("system", "You are a helpful assistant."), ("user", question)], maximumTokens: 24)
        #expect(!theirs.content.isEmpty && theirs.content == theirWhole)

        let port = LiveServer.shared.port
        let ours = try await offPool { LoadClient.send(body: Self.streamedBody(question), port: port) }
        #expect(ours.status == 200)
        #expect(ours.reportedTokens > 0)
        let whole = try await LiveServer.post("/v1/chat/completions", body: LiveServer.chat(question))
        let message = (LiveServer.json(whole.body)["choices"] as? [[String: Any]])?.first?["message"] as? [String: Any]
        #expect(!ours.content.isEmpty && ours.content == message?["content"] as? String)
    }
}
