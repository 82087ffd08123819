import Foundation
import Testing
@testable import FoundationModelsCore
@testable import OpenAICompatibleBackend
import SmartNotes

/// The whole client (HTTP, event stream, decoding, session tool loop) against scripted replies:
/// what llama-server with the test models cannot be made to produce on demand.
@Suite struct OpenAICompatibleScriptedServerTests {
    static func sse(_ payloads: [String]) -> String {
        payloads.map { "data: \($0)\n\n" }.joined()
    }

    static func model(_ server: ScriptedHTTPServer, apiKey: String? = nil) -> OpenAICompatibleLanguageModel {
        OpenAICompatibleLanguageModel(baseURL: URL(string: "http://127.0.0.1:\(server.port)/v1")!, model: "scripted", apiKey: apiKey)
    }

    @Test func aToolCallRoundTrip() async throws {
        let call = Self.sse([
            #"{"choices":[{"index":0,"delta":{"role":"assistant","content":null}}]}"#,
            #"{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"lookupTeamMember","arguments":""}}]}}]}"#,
            #"{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"{\"query\": "}}]}}]}"#,
            #"{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"\"Sara\"}"}}]}}]}"#,
            #"{"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}"#,
            #"{"choices":[],"usage":{"prompt_tokens":90,"completion_tokens":12,"prompt_tokens_details":{"cached_tokens":0}}}"#,
            "[DONE]"
        ])
        let answer = Self.sse([
            #"{"choices":[{"index":0,"delta":{"content":"Sara Ben Ali "}}]}"#,
            #"{"choices":[{"index":0,"delta":{"content":"leads product — é 🌍."}}]}"#,
            #"{"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}"#,
            #"{"choices":[],"usage":{"prompt_tokens":120,"completion_tokens":9,"prompt_tokens_details":{"cached_tokens":100}}}"#,
            "[DONE]"
        ])
        // Pieces of 5 bytes cut `data:` lines, JSON and the multi-byte characters apart.
        let server = try ScriptedHTTPServer(replies: [.init(body: call, pieceSize: 5), .init(body: answer, pieceSize: 5)])
        defer { server.stop() }
        let session = LanguageModelSession(
            model: Self.model(server, apiKey: "sk-test"), tools: [TeamDirectoryTool()], instructions: "Use the lookup tool.")
        let options = GenerationOptions(samplingMode: .greedy, toolCallingMode: .required)
        let response = try await session.respond(to: "Who is Sara?", options: options)

        #expect(response.content == "Sara Ben Ali leads product — é 🌍.")
        let transcript = Array(session.transcript)
        #expect(transcript.count == 5)
        guard transcript.count == 5, case .toolCalls(let calls) = transcript[2], case .toolOutput(let output) = transcript[3] else { return }
        #expect(calls.map(\.id) == ["call_1"])
        #expect(try TeamDirectoryTool.Arguments(calls[0].arguments).query == "Sara")
        #expect(output.id == "call_1")
        #expect(output.segments.joinedText == "Sara Ben Ali — Product Lead")
        // Usage adds up over the two turns.
        #expect(response.usage.input.totalTokenCount == 210)
        #expect(response.usage.input.cachedTokenCount == 100)
        #expect(response.usage.output.totalTokenCount == 21)

        // What the server received.
        let requests = server.requests
        #expect(requests.count == 2)
        #expect(requests.first?.head.hasPrefix("POST /v1/chat/completions HTTP/1.1") == true)
        #expect(requests.first?.head.lowercased().contains("authorization: bearer sk-test") == true)
        let first = try #require(server.jsonBody(of: 0))
        #expect(first["tool_choice"] as? String == "required")
        #expect(first["stream"] as? Bool == true)
        let tools = try #require(first["tools"] as? [[String: Any]])
        #expect((tools.first?["function"] as? [String: Any])?["name"] as? String == "lookupTeamMember")
        let second = try #require(server.jsonBody(of: 1))
        let messages = try #require(second["messages"] as? [[String: Any]])
        #expect(messages.map { $0["role"] as? String } == ["system", "user", "assistant", "tool"])
        let toolCalls = try #require(messages[2]["tool_calls"] as? [[String: Any]])
        #expect(toolCalls.first?["id"] as? String == "call_1")
        #expect((toolCalls.first?["function"] as? [String: Any])?["arguments"] as? String == #"{"query": "Sara"}"#)
        #expect(messages[3]["tool_call_id"] as? String == "call_1")
        #expect(messages[3]["content"] as? String == "Sara Ben Ali — Product Lead")
    }

    @Test func http429IsRateLimited() async throws {
        let server = try ScriptedHTTPServer(replies: [
            .init(status: 429, contentType: "application/json", body: #"{"error":{"message":"Too many requests, slow down","type":"rate_limit"}}"#)
        ])
        defer { server.stop() }
        let session = LanguageModelSession(model: Self.model(server))
        await #expect {
            try await session.respond(to: "Hi")
        } throws: { error in
            guard case LanguageModelSession.GenerationError.rateLimited(let context) = error else { return false }
            return context.debugDescription.contains("slow down")
        }
    }

    @Test func aMalformedChunkIsADecodingFailure() async throws {
        let server = try ScriptedHTTPServer(replies: [
            .init(body: "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"Hi\"}}]}\n\ndata: {not json}\n\n")
        ])
        defer { server.stop() }
        let session = LanguageModelSession(model: Self.model(server))
        await #expect {
            try await session.respond(to: "Hi")
        } throws: { error in
            guard case LanguageModelSession.GenerationError.decodingFailure(let context) = error else { return false }
            return context.debugDescription.contains("{not json}")
        }
        #expect(session.transcript.count == 0)
    }

    @Test func aStreamCutBeforeTheEndIsADecodingFailure() async throws {
        let server = try ScriptedHTTPServer(replies: [
            .init(body: Self.sse([#"{"choices":[{"index":0,"delta":{"content":"Half an ans"}}]}"#]))
        ])
        defer { server.stop() }
        let session = LanguageModelSession(model: Self.model(server))
        await #expect {
            try await session.respond(to: "Hi")
        } throws: { error in
            guard case LanguageModelSession.GenerationError.decodingFailure(let context) = error else { return false }
            return context.debugDescription.contains("ended before")
        }
    }

    @Test func anErrorStreamedMidwayIsReported() async throws {
        let server = try ScriptedHTTPServer(replies: [
            .init(
                body: Self.sse([#"{"choices":[{"index":0,"delta":{"content":"Hi"}}]}"#])
                    + "error: {\"code\":500,\"message\":\"slot crashed\",\"type\":\"server_error\"}\n\n")
        ])
        defer { server.stop() }
        let session = LanguageModelSession(model: Self.model(server))
        await #expect {
            try await session.respond(to: "Hi")
        } throws: { error in
            guard case LanguageModelSession.GenerationError.assetsUnavailable(let context) = error else { return false }
            return context.debugDescription.contains("slot crashed")
        }
    }

    @Test func aServerThatDoesNotStreamIsUnderstood() async throws {
        let body =
            #"{"choices":[{"index":0,"finish_reason":"stop","message":{"role":"assistant","content":"Whole answer."}}],"#
            + #""usage":{"prompt_tokens":11,"completion_tokens":3}}"#
        let server = try ScriptedHTTPServer(replies: [.init(contentType: "application/json", body: body)])
        defer { server.stop() }
        let session = LanguageModelSession(model: Self.model(server))
        let response = try await session.respond(to: "Hi")
        #expect(response.content == "Whole answer.")
        #expect(response.usage.input.totalTokenCount == 11)
        #expect(response.usage.output.totalTokenCount == 3)
    }
}
