import Foundation
import Testing
@testable import FoundationModelsCore
@testable import OpenAICompatibleBackend
import TestSupport
import SmartNotes

/// Sessions on ``OpenAICompatibleLanguageModel`` against a real llama-server (SmolLM2, `--jinja`).
///
/// References come from direct HTTP calls to the same server, not through the package's client.
@Suite(.requiresSmolLM2, .serialized) struct OpenAICompatibleServerTests {
    static let greedy = GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 40)

    func model(_ server: ReferenceServer) -> OpenAICompatibleLanguageModel {
        OpenAICompatibleLanguageModel(baseURL: URL(string: "http://127.0.0.1:\(server.port)/v1")!, model: "smollm2")
    }

    @Test func greedyTextEqualsTheServersOwnNonStreamedAnswer() async throws {
        let server = try await ReferenceServer(modelPath: TestModels.smolLM2Path)
        defer { server.stop() }
        let conversations: [(instructions: String?, prompt: String)] = [
            ("You are a concise meeting assistant.", "Summarize: Sara to finalize pricing by Friday. Youssef fixes the login bug."),
            (nil, "What is the capital of France?"),
            ("Answer in one short sentence.", "Why is the sky blue? Use \"quotes\" and a backslash \\ in your answer. Ünïcödé 🌍.")
        ]
        for (instructions, prompt) in conversations {
            var messages: [(role: String, content: String)] = []
            if let instructions { messages.append(("system", instructions)) }
            messages.append(("user", prompt))
            let reference = try await server.greedyChat(messages: messages, maximumTokens: 40)
            let session = LanguageModelSession(model: model(server), instructions: instructions)
            let ours = try await session.respond(to: prompt, options: Self.greedy)
            #expect(ours.content == reference, "prompt: \(prompt)")
            #expect(ours.usage.input.totalTokenCount > 0)
            #expect(ours.usage.output.totalTokenCount > 0 && ours.usage.output.totalTokenCount <= 40)
        }
    }

    @Test func streamingSnapshotsGrowToTheResponse() async throws {
        let server = try await ReferenceServer(modelPath: TestModels.smolLM2Path)
        defer { server.stop() }
        let prompt = "Describe the sea in two sentences."
        let whole = try await LanguageModelSession(model: model(server)).respond(to: prompt, options: Self.greedy)
        let session = LanguageModelSession(model: model(server))
        var snapshots: [String] = []
        for try await snapshot in session.streamResponse(to: prompt, options: Self.greedy) {
            snapshots.append(snapshot.content)
        }
        #expect(snapshots.count > 2)
        for (earlier, later) in zip(snapshots, snapshots.dropFirst()) {
            #expect(later.hasPrefix(earlier))
        }
        #expect(snapshots.last == whole.content)
        guard case .response(let response)? = session.transcript.last else { Issue.record("no response entry"); return }
        #expect(response.segments.joinedText == whole.content)
    }

    @Test func generableTypesDecodeThroughTheServersSchema() async throws {
        let server = try await ReferenceServer(modelPath: TestModels.smolLM2Path)
        defer { server.stop() }
        let session = LanguageModelSession(model: model(server), instructions: "You answer with facts about cities.")
        let options = GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 80)
        let fact = try await session.respond(to: "Give a fact about Paris.", generating: RemoteCityFact.self, options: options)
        #expect(!fact.content.city.isEmpty)
        // The raw content is the server's JSON, with the schema's keys.
        #expect(fact.rawContent.jsonString.contains("\"population\""))
    }

    /// llama-server accepts our `tools` (Apple's schema dialect) and `tool_choice`. Its templates for
    /// the test models produce no parsed `tool_calls` (the models answer in text), so the tool-call
    /// round trip is covered by `OpenAICompatibleScriptedServerTests` instead.
    @Test func theServerAcceptsToolDefinitions() async throws {
        let server = try await ReferenceServer(modelPath: TestModels.smolLM2Path)
        defer { server.stop() }
        let session = LanguageModelSession(
            model: model(server), tools: [TeamDirectoryTool()],
            instructions: "Assign action items to real team members. Use the lookup tool to resolve names.")
        let options = GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 30, toolCallingMode: .allowed)
        let response = try await session.respond(to: "Who is Sara?", options: options)
        #expect(!response.content.isEmpty || session.transcript.count > 3)
        #expect(response.usage.input.totalTokenCount > 0)
    }

    /// A turn that must call a tool, with the call asked for as the response format
    /// (`RequiredToolCalls.responseFormat`): llama-server's grammar holds SmolLM2 to a call of the
    /// tool with arguments by its schema, which the session runs once before answering. (With
    /// `tool_choice` alone this server lets the model answer in text: the default mode is not
    /// asserted here, as whether SmolLM2 then calls is the model's.)
    @Test func aRequiredCallAskedForAsTheResponseFormatIsMade() async throws {
        let server = try await ReferenceServer(modelPath: TestModels.smolLM2Path)
        defer { server.stop() }
        let configuration = OpenAICompatibleLanguageModel.Configuration(
            baseURL: URL(string: "http://127.0.0.1:\(server.port)/v1")!, model: "smollm2", requiredToolCalls: .responseFormat)
        let session = LanguageModelSession(
            model: OpenAICompatibleLanguageModel(configuration: configuration), tools: [TeamDirectoryTool()],
            instructions: "Assign action items to real team members. Use the lookup tool to resolve names.")
        let options = GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 60, toolCallingMode: .required)
        let response = try await session.respond(to: "Who is Sara?", options: options)
        let calls = session.transcript.flatMap { entry -> [Transcript.ToolCall] in
            if case .toolCalls(let calls) = entry { return Array(calls) }
            return []
        }
        #expect(calls.map(\.toolName) == ["lookupTeamMember"])
        #expect(calls.first.map { (try? TeamDirectoryTool.Arguments($0.arguments)) != nil } == true)
        #expect(session.transcript.contains { if case .toolOutput = $0 { true } else { false } })
        #expect(response.usage.input.totalTokenCount > 0)
    }

    @Test func aPromptLongerThanTheServersContextIsExceededContextWindowSize() async throws {
        let server = try await ReferenceServer(modelPath: TestModels.smolLM2Path, contextLength: 256)
        defer { server.stop() }
        let session = LanguageModelSession(model: model(server))
        let longPrompt = String(repeating: "The quick brown fox jumps over the lazy dog. ", count: 60)
        await #expect {
            try await session.respond(to: longPrompt, options: Self.greedy)
        } throws: { error in
            guard case LanguageModelSession.GenerationError.exceededContextWindowSize(let context) = error else { return false }
            return context.debugDescription.contains("HTTP 400")
        }
        #expect(session.transcript.count == 0)
    }

    @Test func cancellingStopsTheRequestPromptly() async throws {
        let server = try await ReferenceServer(modelPath: TestModels.smolLM2Path)
        defer { server.stop() }
        let session = LanguageModelSession(model: model(server))
        let options = GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 1500)
        let task = Task {
            var count = 0
            for try await _ in session.streamResponse(to: "Count from 1 to 1000, separated by commas.", options: options) {
                count += 1
            }
            return count
        }
        while !session.isResponding { try await Task.sleep(for: .milliseconds(5)) }
        try await Task.sleep(for: .milliseconds(500))
        let cancelled = ContinuousClock.now
        task.cancel()
        let result = await task.result
        #expect(ContinuousClock.now - cancelled < .seconds(5))
        switch result {
        case .success(let count): Issue.record("the stream finished after \(count) snapshots instead of stopping")
        case .failure(let error): #expect(error is CancellationError, "\(error)")
        }
        #expect(!session.isResponding)
        // The server stopped generating too: with one slot, the next request is answered at once.
        let started = ContinuousClock.now
        let next = try await session.respond(to: "Say hi.", options: GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 5))
        #expect(!next.content.isEmpty)
        #expect(ContinuousClock.now - started < .seconds(30))
    }
}

/// Failures that need no model: nothing listens on the port.
@Suite struct OpenAICompatibleUnreachableTests {
    @Test func connectionRefusedIsAssetsUnavailableNamingTheURL() async throws {
        // Port 9 (discard) has no listener on loopback here.
        let url = try #require(URL(string: "http://127.0.0.1:9/v1"))
        let session = LanguageModelSession(model: OpenAICompatibleLanguageModel(baseURL: url, model: "none"))
        await #expect {
            try await session.respond(to: "Hi")
        } throws: { error in
            guard case LanguageModelSession.GenerationError.assetsUnavailable(let context) = error else { return false }
            return context.debugDescription.contains("http://127.0.0.1:9/v1/chat/completions")
        }
        #expect(!session.isResponding)
    }

    @Test func aBaseURLThatIsNotHTTPIsAssetsUnavailable() async throws {
        let url = try #require(URL(string: "file:///tmp/v1"))
        let session = LanguageModelSession(model: OpenAICompatibleLanguageModel(baseURL: url, model: "none"))
        await #expect {
            try await session.respond(to: "Hi")
        } throws: { error in
            guard case LanguageModelSession.GenerationError.assetsUnavailable(let context) = error else { return false }
            return context.debugDescription.contains("file:///tmp/v1")
        }
    }
}
