import Foundation
import Testing
import TestSupport
@testable import FoundationModelsCore
@testable import OpenAICompatibleBackend
import JSONValues
import OpenAIWire

/// OS 27 through an OpenAI-compatible server: images as `image_url` parts, reasoning from
/// `reasoning_content`, reasoning levels as `reasoning_effort`, the schema's name.
@Suite struct OpenAICompatibleOS27Tests {
    static let answer = OpenAICompatibleScriptedServerTests.sse([
        #"{"choices":[{"index":0,"delta":{"reasoning_content":"The picture shows "}}]}"#,
        #"{"choices":[{"index":0,"delta":{"reasoning_content":"a red square."}}]}"#,
        #"{"choices":[{"index":0,"delta":{"content":"A red square."}}]}"#,
        #"{"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}"#,
        #"{"choices":[],"usage":{"prompt_tokens":50,"completion_tokens":12,"completion_tokens_details":{"reasoning_tokens":8}}}"#,
        "[DONE]"
    ])

    /// The 8-byte PNG signature and a little more: enough to be recognised as a PNG.
    static func pngFile() throws -> URL {
        let url = try ScratchFolder.file("fm-os27.png")
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]).write(to: url)
        return url
    }

    static func model(_ server: ScriptedHTTPServer, images: Bool = true, reasoning: Bool = true) -> OpenAICompatibleLanguageModel {
        OpenAICompatibleLanguageModel(
            configuration: .init(
                baseURL: URL(string: "http://127.0.0.1:\(server.port)/v1")!, model: "vision", supportsImages: images, supportsReasoning: reasoning))
    }

    @Test func anImageGoesAsADataURLPartAndReasoningComesBackAsAnEntry() async throws {
        let server = try ScriptedHTTPServer(replies: [.init(body: Self.answer)])
        defer { server.stop() }
        let png = try Self.pngFile()
        defer { try? FileManager.default.removeItem(at: png) }
        let session = LanguageModelSession(model: Self.model(server))
        let response = try await session.respond(contextOptions: ContextOptions(reasoningLevel: .deep)) {
            "What is in this picture?"
            Attachment(imageURL: png).label("picture")
        }
        #expect(response.content == "A red square.")
        #expect(response.usage.output.reasoningTokenCount == 8)
        guard case .reasoning(let reasoning) = session.transcript[1] else { throw TranscriptOS27Tests.Failure("no reasoning entry") }
        #expect(reasoning.segments.joinedText == "The picture shows a red square.")

        let body = try #require(server.jsonBody(of: 0))
        #expect(body["reasoning_effort"] as? String == "high")
        let messages = try #require(body["messages"] as? [[String: Any]])
        let parts = try #require(messages.last?["content"] as? [[String: Any]])
        #expect(parts.map { $0["type"] as? String } == ["text", "image_url"])
        #expect((parts[0]["text"] as? String)?.hasSuffix("[image \"picture\"]") == true)
        let url = try #require((parts[1]["image_url"] as? [String: Any])?["url"] as? String)
        #expect(url.hasPrefix("data:image/png;base64,"))
        #expect(Data(base64Encoded: String(url.dropFirst("data:image/png;base64,".count))) == (try Data(contentsOf: png)))
    }

    @Test func httpImagesArePassedThrough() throws {
        let request = LanguageModelExecutorGenerationRequest(
            transcript: Transcript(entries: [
                .prompt(
                    Transcript.Prompt(segments: [
                        .attachment(Transcript.AttachmentSegment(content: .image(.init(imageURL: URL(string: "https://example.com/cat.jpg")!))))
                    ]))
            ]))
        let body = try ChatCompletionRequest(request, model: "m", extendedSampling: false).jsonValue
        #expect(body.serialized().contains(#""image_url":{"url":"https://example.com/cat.jpg"}"#))
    }

    /// A server model without vision, whose images a tool of the session reads: each image goes as
    /// its label in the text (llama-server without a vision projector refuses image parts with
    /// HTTP 500, "image input is not supported"), and the file is not read or sent.
    @Test func aTextOnlyServerGetsAnImageAsItsLabel() throws {
        let missing = URL(fileURLWithPath: "/nonexistent/folder/sign-38.jpg")
        let request = LanguageModelExecutorGenerationRequest(
            transcript: Transcript(entries: [
                .prompt(
                    Transcript.Prompt(segments: [
                        .text(.init(content: "Summarise the text on this sign.")),
                        .attachment(Transcript.AttachmentSegment(content: .image(.init(imageURL: missing)), label: "sign-photo"))
                    ]))
            ]))
        let body = try ChatCompletionRequest(request, model: "m", extendedSampling: false, sendsImages: false).jsonValue.serialized()
        #expect(body.contains(#""content":"Summarise the text on this sign.\n[image \"sign-photo\"]""#), "\(body)")
        #expect(!body.contains("image_url") && !body.contains("sign-38"))
        // With vision the same file is read (and here fails as missing).
        #expect(throws: LanguageModelError.self) { try ChatCompletionRequest(request, model: "m", extendedSampling: false, sendsImages: true) }
    }

    @Test func aMissingOrNonImageFileIsATypedErrorAndTheSessionGoesOn() async throws {
        let server = try ScriptedHTTPServer(replies: [.init(body: Self.answer)])
        defer { server.stop() }
        let session = LanguageModelSession(model: Self.model(server))
        let missing = URL(fileURLWithPath: "/nonexistent/\(UUID().uuidString).png")
        await #expect {
            try await session.respond { Attachment(imageURL: missing) }
        } throws: { error in
            guard case LanguageModelError.unsupportedTranscriptContent(let info) = error else { return false }
            return info.debugDescription.contains(missing.path)
        }
        let text = try ScratchFolder.file("fm-os27.png")
        try Data("not an image".utf8).write(to: text)
        await #expect {
            try await session.respond { Attachment(imageURL: text) }
        } throws: { error in
            guard case LanguageModelError.unsupportedTranscriptContent(let info) = error else { return false }
            return info.debugDescription.contains("is not a PNG")
        }
        #expect(session.transcript.isEmpty)
        #expect(server.requests.isEmpty)
        #expect(try await session.respond(to: "Hi").content == "A red square.")
    }

    @Test func aServerWithoutVisionOrReasoningRefusesBeforeSending() async throws {
        let server = try ScriptedHTTPServer(replies: [])
        defer { server.stop() }
        let session = LanguageModelSession(model: Self.model(server, images: false, reasoning: false))
        await #expect(throws: LanguageModelError.self) {
            try await session.respond { Attachment(imageURL: URL(string: "https://example.com/cat.jpg")!) }
        }
        await #expect(throws: LanguageModelError.self) {
            try await session.respond(to: "Hi", contextOptions: ContextOptions(reasoningLevel: .light))
        }
        #expect(server.requests.isEmpty)
    }

    @Test func reasoningLevelsMapToReasoningEffort() {
        #expect(ChatCompletionRequest.reasoningEffort(.light) == "low")
        #expect(ChatCompletionRequest.reasoningEffort(.moderate) == "medium")
        #expect(ChatCompletionRequest.reasoningEffort(.deep) == "high")
        #expect(ChatCompletionRequest.reasoningEffort(.custom("minimal")) == "minimal")
    }

    @Test func theResponseFormatIsNamedAfterTheSchema() throws {
        let request = LanguageModelExecutorGenerationRequest(
            transcript: Transcript(entries: [.prompt(Transcript.Prompt(segments: []))]), schema: TripPlan.generationSchema)
        let body = try ChatCompletionRequest(request, model: "m", extendedSampling: false).jsonValue
        #expect(body["response_format"]?["json_schema"]?["name"]?.stringValue == "trip_plan")
    }
}
