import Foundation
import Testing
@testable import FoundationModelsCore
import TestSupport

/// Sessions on the real SmolLM2 model with greedy decoding.
@Suite(.requiresSmolLM2) struct LanguageModelSessionTests {
    @Test func respondRecordsTheExchangeInTheTranscript() async throws {
        let model = SessionFixtures.isolatedSmolLM2(1)
        let session = LanguageModelSession(model: model, instructions: "You are a helpful assistant.")
        let response = try await SessionFixtures.freshRespond(session, model: model, to: "What is the capital of France?", options: SessionFixtures.greedy)
        #expect(response.content.contains("Paris"))
        #expect(response.rawContent == GeneratedContent(response.content))
        let entries = Array(session.transcript)
        #expect(entries.count == 3)
        guard case .instructions(let instructions) = entries[0], case .prompt(let prompt) = entries[1],
            case .response(let answer) = entries[2]
        else {
            Issue.record("unexpected entries: \(entries)")
            return
        }
        #expect(instructions.segments.joinedText == "You are a helpful assistant.")
        #expect(prompt.segments.joinedText == "What is the capital of France?")
        #expect(prompt.options == SessionFixtures.greedy)
        #expect(answer.segments.joinedText == response.content)
        #expect(Array(response.transcriptEntries) == Array(entries[1...]))
        #expect(response.usage.output.totalTokenCount > 0)
        #expect(!session.isResponding)
    }

    @Test func greedyResponsesAreDeterministic() async throws {
        let model = SessionFixtures.isolatedSmolLM2(2)
        func answer() async throws -> String {
            let session = LanguageModelSession(model: model, instructions: "You are a helpful assistant.")
            return try await SessionFixtures.freshRespond(session, model: model, to: "Name three animals.", options: SessionFixtures.greedy).content
        }
        let first = try await answer()
        let second = try await answer()
        #expect(first == second)
    }

    @Test func seededSamplingIsReproducible() async throws {
        let model = SessionFixtures.isolatedSmolLM2(3)
        func respond(_ prompt: String, _ options: GenerationOptions) async throws -> String {
            let session = LanguageModelSession(model: model, instructions: "You are a helpful assistant.")
            return try await SessionFixtures.freshRespond(session, model: model, to: prompt, options: options).content
        }
        func sample(seed: UInt64) async throws -> String {
            try await respond("Invent a name for a cat.", GenerationOptions(samplingMode: .random(top: 40, seed: seed), temperature: 1.2, maximumResponseTokens: 24))
        }
        #expect(try await sample(seed: 7) == sample(seed: 7))
        let nucleus = GenerationOptions(samplingMode: .random(probabilityThreshold: 0.9, seed: 11), maximumResponseTokens: 24)
        let a = try await respond("Invent a name for a dog.", nucleus)
        let b = try await respond("Invent a name for a dog.", nucleus)
        #expect(a == b)
        // Different seeds explore: over a few seeds, more than one answer comes up.
        var answers = Set<String>()
        for seed in 1...4 { answers.insert(try await sample(seed: UInt64(seed))) }
        #expect(answers.count > 1)
    }

    @Test func maximumResponseTokensHolds() async throws {
        let options = GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 5)
        let response = try await SessionFixtures.session().respond(to: "Write a long story about a dragon.", options: options)
        #expect(response.usage.output.totalTokenCount == 5)
    }

    @Test func snapshotsAreCumulativeAndEndWithTheResponse() async throws {
        let model = SessionFixtures.isolatedSmolLM2(4)
        let session = LanguageModelSession(model: model, instructions: "You are a helpful assistant.")
        await model.settings.discardCachedPrompts()
        var snapshots: [String] = []
        for try await snapshot in session.streamResponse(to: "Describe the sea in two sentences.", options: SessionFixtures.greedy) {
            snapshots.append(snapshot.content)
        }
        #expect(snapshots.count > 3)
        for (previous, next) in zip(snapshots, snapshots.dropFirst()) {
            #expect(next.hasPrefix(previous) && next.count > previous.count)
        }
        guard case .response(let response) = session.transcript.last else {
            Issue.record("no response entry")
            return
        }
        #expect(snapshots.last == response.segments.joinedText)
        // The streamed answer is the one `respond` gives.
        let direct = try await SessionFixtures.freshRespond(
            LanguageModelSession(model: model, instructions: "You are a helpful assistant."),
            model: model, to: "Describe the sea in two sentences.", options: SessionFixtures.greedy)
        #expect(snapshots.last == direct.content)
    }

    @Test func collectReturnsTheWholeResponse() async throws {
        let session = SessionFixtures.session()
        let response = try await session.streamResponse(to: "Say hello.", options: SessionFixtures.greedy).collect()
        #expect(!response.content.isEmpty)
        #expect(session.transcript.count == 3)
    }

    @Test func aSecondRequestWhileRespondingFails() async throws {
        let session = SessionFixtures.session()
        let options = GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 200)
        let first = Task { try await session.respond(to: "Count from 1 to 100.", options: options) }
        while !session.isResponding { try await Task.sleep(for: .milliseconds(5)) }
        await #expect {
            try await session.respond(to: "Hello?", options: SessionFixtures.greedy)
        } throws: { error in
            guard case LanguageModelSession.GenerationError.concurrentRequests = error else { return false }
            return true
        }
        _ = try await first.value
        #expect(session.transcript.count == 3)
    }

    @Test func cancellingLeavesTheSessionUsableAndItsTranscriptUnchanged() async throws {
        let session = SessionFixtures.session()
        let before = session.transcript
        let options = GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 400)
        let task = Task {
            var count = 0
            for try await _ in session.streamResponse(to: "Count from 1 to 1000, separated by commas.", options: options) {
                count += 1
            }
            return count
        }
        while !session.isResponding { try await Task.sleep(for: .milliseconds(5)) }
        try await Task.sleep(for: .milliseconds(200))
        task.cancel()
        let result = await task.result
        if case .success(let count) = result { Issue.record("the stream finished after \(count) snapshots instead of stopping") }
        #expect(!session.isResponding)
        #expect(session.transcript == before)
        let response = try await session.respond(to: "Say hi.", options: SessionFixtures.greedy)
        #expect(!response.content.isEmpty)
        #expect(session.transcript.count == before.count + 2)
    }

    @Test func overflowingTheContextFailsAndLeavesTheTranscript() async throws {
        let model = LlamaLanguageModel(path: TestModels.smolLM2Path, contextSize: 128, concurrentSessions: 1)
        let session = LanguageModelSession(model: model, instructions: "You are a helpful assistant.")
        let longPrompt = String(repeating: "The quick brown fox jumps over the lazy dog. ", count: 40)
        await #expect {
            try await session.respond(to: longPrompt)
        } throws: { error in
            guard case LanguageModelSession.GenerationError.exceededContextWindowSize(let context) = error else { return false }
            return context.debugDescription.contains("128")
        }
        #expect(session.transcript.count == 1)
    }

    @Test func aMissingModelFileFailsWithAssetsUnavailable() async throws {
        let session = LanguageModelSession(model: LlamaLanguageModel(path: "/nonexistent/model.gguf"))
        await #expect {
            try await session.respond(to: "Hello")
        } throws: { error in
            guard case LanguageModelSession.GenerationError.assetsUnavailable = error else { return false }
            return true
        }
        #expect(session.transcript.isEmpty)
    }

    @Test func multiTurnConversationsReuseTheCache() async throws {
        // An engine of its own, so that the other tests' sessions cannot take its cache.
        let model = LlamaLanguageModel(path: TestModels.smolLM2Path, contextSize: 1000, concurrentSessions: 2)
        let session = LanguageModelSession(model: model, instructions: "You are a helpful assistant.")
        _ = try await session.respond(to: "My name is Ada.", options: SessionFixtures.greedy)
        let second = try await session.respond(to: "What is my name?", options: SessionFixtures.greedy)
        #expect(second.usage.input.cachedTokenCount > 20)
        // A session restored from the transcript answers the same.
        let restored = LanguageModelSession(model: model, transcript: Transcript(entries: session.transcript.prefix(3)))
        let again = try await restored.respond(to: "What is my name?", options: SessionFixtures.greedy)
        #expect(again.content == second.content)
    }
}
