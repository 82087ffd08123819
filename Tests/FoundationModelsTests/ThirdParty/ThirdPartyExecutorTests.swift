import Foundation
import FoundationModels
import Testing
import SmartNotes

/// The executor in `Examples/Sources/ChatCompletionsExecutor` (compiled here from the same file,
/// through a link), written only against Apple's OS 27 protocol, runs a session with text,
/// streaming, a tool and a `@Generable` value against a scripted chat-completions server.
@Suite struct ThirdPartyExecutorTests {
    static func reply(_ message: String, usage: String = #"{"prompt_tokens":10,"completion_tokens":3}"#) -> ScriptedHTTPServer.Reply {
        .init(contentType: "application/json", body: #"{"choices":[{"index":0,"message":"# + message + #"}],"usage":"# + usage + "}")
    }

    @Test func aSessionRunsTextStreamingToolsAndGenerableValues() async throws {
        let server = try ScriptedHTTPServer(replies: [
            Self.reply(#"{"role":"assistant","content":"Paris."}"#),
            Self.reply(#"{"role":"assistant","content":"Red."}"#),
            Self.reply(
                #"{"role":"assistant","content":null,"tool_calls":[{"id":"call_1","type":"function","function":{"name":"lookupTeamMember","arguments":"{\"query\":\"Sara\"}"}}]}"#
            ),
            Self.reply(#"{"role":"assistant","content":"Sara leads product."}"#),
            Self.reply(#"{"role":"assistant","content":"{\"total\": 42}"}"#)
        ])
        defer { server.stop() }
        let model = ChatCompletionsModel(baseURL: URL(string: "http://127.0.0.1:\(server.port)/v1")!, model: "scripted")
        let session = LanguageModelSession(model: model, tools: [TeamDirectoryTool()], instructions: "Be brief.")

        #expect(try await session.respond(to: "Capital of France?").content == "Paris.")
        var streamed = ""
        for try await snapshot in session.streamResponse(to: "A color?") { streamed = snapshot.content }
        #expect(streamed == "Red.")
        #expect(try await session.respond(to: "Who is Sara?").content == "Sara leads product.")
        guard case .toolOutput(let output) = session.transcript[7] else { throw TranscriptOS27Tests.Failure("no tool output at 7") }
        #expect(output.segments.joinedText == "Sara Ben Ali — Product Lead")
        let receipt = try await session.respond(to: "The total?", generating: Receipt.self)
        #expect(receipt.content.total == 42)
        #expect(session.usage.input.totalTokenCount == 50)

        // What the server received: tools, their call and output, and the schema by name.
        let fourth = try #require(server.jsonBody(of: 3))
        let messages = try #require(fourth["messages"] as? [[String: Any]])
        #expect(messages.suffix(2).map { $0["role"] as? String } == ["assistant", "tool"])
        let fifth = try #require(server.jsonBody(of: 4))
        let format = try #require(fifth["response_format"] as? [String: Any])
        #expect((format["json_schema"] as? [String: Any])?["name"] as? String == "Receipt")
    }
}
