import Foundation
import Synchronization
import Testing
@testable import FoundationModelsCore
import TestSupport
import SmartNotes

/// A model whose executor sends a fixed list of channel events, then optionally fails, and keeps
/// every request it was given: it drives the session's handling of each OS 27 event.
struct EventScriptModel: LanguageModel {
    struct Step: Sendable {
        var events: [LanguageModelExecutorGenerationChannel.Event]
        var failure: LanguageModelSession.GenerationError?
    }

    final class Recorder: Sendable {
        let requests = Mutex<[LanguageModelExecutorGenerationRequest]>([])
        let steps: Mutex<[Step]>
        init(_ steps: [Step]) { self.steps = Mutex(steps) }
    }

    let recorder: Recorder
    var capabilities: LanguageModelCapabilities

    init(_ steps: [Step], capabilities: [LanguageModelCapabilities.Capability] = [.guidedGeneration, .toolCalling]) {
        self.recorder = Recorder(steps)
        self.capabilities = LanguageModelCapabilities(capabilities)
    }

    struct Configuration: Hashable, Sendable {
        let recorder: Recorder
        static func == (lhs: Configuration, rhs: Configuration) -> Bool { lhs.recorder === rhs.recorder }
        func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(recorder)) }
    }

    var executorConfiguration: Configuration { Configuration(recorder: recorder) }

    struct Executor: LanguageModelExecutor {
        let recorder: Recorder
        init(configuration: Configuration) { recorder = configuration.recorder }

        func respond(
            to request: LanguageModelExecutorGenerationRequest, model: EventScriptModel,
            streamingInto channel: LanguageModelExecutorGenerationChannel
        ) async throws {
            recorder.requests.withLock { $0.append(request) }
            let step = recorder.steps.withLock { $0.isEmpty ? Step(events: [], failure: nil) : $0.removeFirst() }
            for event in step.events { await channel.send(event) }
            if let failure = step.failure { throw failure }
        }
    }
}

/// Sessions with OS 27's requests and events: context options and metadata per request, reasoning
/// entries, capability checks, the error-handling policy, and editing the transcript.
@Suite struct SessionOS27Tests {
    typealias Event = LanguageModelExecutorGenerationChannel.Event

    static func text(_ text: String) -> Event { .response(action: .appendText(text, tokenCount: 1)) }

    @Test func contextOptionsAndMetadataReachTheTranscriptAndTheExecutor() async throws {
        let model = EventScriptModel([.init(events: [Self.text("Done.")])])
        let session = LanguageModelSession(model: model, instructions: "Be brief.")
        let response = try await session.respond(
            to: "Summarise.", contextOptions: ContextOptions(includeSchemaInPrompt: false), metadata: ["trace": "abc", "attempt": 3])
        #expect(response.content == "Done.")
        guard case .prompt(let prompt) = session.transcript[1] else { throw TranscriptOS27Tests.Failure("no prompt entry") }
        #expect(prompt.metadata["trace"] as? String == "abc")
        #expect(prompt.contextOptions.includeSchemaInPrompt == false)
        let request = try #require(model.recorder.requests.withLock { $0.first })
        #expect(request.metadata["attempt"] as? Int == 3)
        #expect(request.contextOptions.includeSchemaInPrompt == false)
    }

    @Test func reasoningEventsBecomeAReasoningEntryBeforeTheResponse() async throws {
        let model = EventScriptModel(
            [
                .init(events: [
                    .reasoning(entryID: "think-1", action: .appendText("The user greets; ", tokenCount: 4)),
                    .reasoning(action: .appendText("answer politely.", tokenCount: 3)),
                    .reasoning(action: .updateSignature(Data("sig".utf8), tokenCount: 0)),
                    .reasoning(action: .updateMetadata(["effort": "light"])),
                    .response(entryID: "answer-1", action: .appendText("Hello!", tokenCount: 2)),
                    .response(action: .updateMetadata(["model": "scripted"])),
                    .response(action: .addAttachmentSegment(Transcript.AttachmentSegment(id: "img", content: .image(.init(imageURL: URL(fileURLWithPath: "/tmp/a.png")))))),
                    .response(action: .updateCustomSegment(MapPin(content: .init(latitude: 1, longitude: 2))))
                ])
            ], capabilities: [.reasoning])
        let session = LanguageModelSession(model: model)
        let response = try await session.respond(to: "Hi", contextOptions: ContextOptions(reasoningLevel: .light))
        #expect(response.content == "Hello!")
        let entries = Array(session.transcript)
        #expect(entries.count == 3)
        guard case .reasoning(let reasoning) = entries[1], case .response(let answer) = entries[2] else {
            throw TranscriptOS27Tests.Failure("expected reasoning then response, got \(entries)")
        }
        #expect(reasoning.id == "think-1")
        #expect(reasoning.segments.joinedText == "The user greets; answer politely.")
        #expect(reasoning.signature == Data("sig".utf8))
        #expect(reasoning.metadata["effort"] as? String == "light")
        #expect(answer.id == "answer-1")
        #expect(answer.metadata["model"] as? String == "scripted")
        #expect(answer.segments.map(\.id) == [answer.segments[0].id, "img", "pin-1"])
        #expect(response.usage.output.reasoningTokenCount == 7)
        #expect(response.usage.output.totalTokenCount == 9)
        #expect(Array(response.transcriptEntries).map(\.id) == entries.map(\.id))
    }

    @Test func streamingShowsReasoningBeforeTheAnswer() async throws {
        let model = EventScriptModel(
            [.init(events: [.reasoning(action: .appendText("Thinking.", tokenCount: 2)), Self.text("A"), Self.text("B")])], capabilities: [.reasoning])
        let session = LanguageModelSession(model: model)
        var sawReasoning = false
        for try await snapshot in session.streamResponse(to: "Go") {
            if snapshot.transcriptEntries.contains(where: { if case .reasoning = $0 { true } else { false } }) { sawReasoning = true }
        }
        #expect(sawReasoning)
        #expect(session.transcript.count == 3)
    }

    @Test func toolCallMetadataIsKept() async throws {
        let call = Event.toolCalls(
            entryID: "calls-1",
            action: .toolCall(id: "c1", name: "lookupTeamMember", action: .appendArguments(#"{"query":"Sara"}"#, tokenCount: 5)))
        let meta = Event.toolCalls(action: .toolCall(id: "c1", name: "lookupTeamMember", action: .updateMetadata(["cost": 0.25])))
        let model = EventScriptModel([.init(events: [call, meta]), .init(events: [Self.text("Sara leads product.")])])
        let session = LanguageModelSession(model: model, tools: [TeamDirectoryTool()])
        _ = try await session.respond(to: "Who is Sara?")
        guard case .toolCalls(let calls) = session.transcript[2] else { throw TranscriptOS27Tests.Failure("no tool calls") }
        #expect(calls.id == "calls-1")
        #expect(calls.first?.metadata["cost"] as? Double == 0.25)
    }

    @Test func aReasoningLevelOnAModelThatDoesNotReasonIsRefusedAndTheSessionGoesOn() async throws {
        let model = EventScriptModel([.init(events: [Self.text("Fine.")])])
        let session = LanguageModelSession(model: model)
        await #expect {
            try await session.respond(to: "Think hard.", contextOptions: ContextOptions(reasoningLevel: .deep))
        } throws: { error in
            guard case LanguageModelError.unsupportedCapability(let info) = error else { return false }
            return info.capability == .reasoning
        }
        #expect(session.transcript.isEmpty)
        #expect(model.recorder.requests.withLock { $0.isEmpty })
        #expect(try await session.respond(to: "Just answer.").content == "Fine.")
    }

    @Test func anImageForAModelWithoutVisionIsRefusedNotDropped() async throws {
        let model = EventScriptModel([.init(events: [Self.text("Fine.")])])
        let session = LanguageModelSession(model: model)
        await #expect {
            try await session.respond {
                "Describe this."
                Attachment(imageURL: URL(fileURLWithPath: "/tmp/photo.png")).label("photo")
            }
        } throws: { error in
            guard case LanguageModelError.unsupportedCapability(let info) = error else { return false }
            return info.capability == .vision
        }
        #expect(session.transcript.isEmpty)
        #expect(try await session.respond(to: "Just answer.").content == "Fine.")
    }

    @Test func anImageReachesAVisionModelWithItsLabel() async throws {
        let model = EventScriptModel([.init(events: [Self.text("A cat.")])], capabilities: [.vision])
        let session = LanguageModelSession(model: model)
        let photo = URL(fileURLWithPath: "/tmp/photo.png")
        _ = try await session.respond {
            "Describe this."
            Attachment(imageURL: photo).label("photo")
        }
        let request = try #require(model.recorder.requests.withLock { $0.first })
        guard case .prompt(let prompt) = request.transcript.last, case .attachment(let segment) = prompt.segments.last else {
            throw TranscriptOS27Tests.Failure("the executor did not receive the image")
        }
        #expect(segment.label == "photo")
        let reference = ImageReference(attachmentLabel: "photo")
        #expect(reference.resolve(in: session.transcript)?.url == photo)
        #expect(ImageReference(attachmentLabel: "other").resolve(in: session.transcript) == nil)
    }

    @Test func aFailedRequestRevertsTheTranscriptByDefault() async throws {
        let failure = LanguageModelSession.GenerationError.decodingFailure(.init(debugDescription: "scripted failure"))
        let model = EventScriptModel([.init(events: [Self.text("Half an ans")], failure: failure), .init(events: [Self.text("Whole.")])])
        let session = LanguageModelSession(model: model, instructions: "Be brief.")
        #expect(session.transcriptErrorHandlingPolicy == nil)
        await #expect(throws: LanguageModelSession.GenerationError.self) { try await session.respond(to: "Go") }
        #expect(session.transcript.count == 1)
        #expect(try await session.respond(to: "Again").content == "Whole.")
        #expect(session.transcript.count == 3)
    }

    @Test func preserveTranscriptKeepsWhatWasProduced() async throws {
        let failure = LanguageModelSession.GenerationError.decodingFailure(.init(debugDescription: "scripted failure"))
        let model = EventScriptModel(
            [
                .init(events: [.reasoning(action: .appendText("Plan.", tokenCount: 1)), Self.text("Half an ans")], failure: failure)
            ], capabilities: [.reasoning])
        let session = LanguageModelSession(model: model, instructions: "Be brief.")
        session.transcriptErrorHandlingPolicy = .preserveTranscript
        await #expect(throws: LanguageModelSession.GenerationError.self) { try await session.respond(to: "Go") }
        let kinds = session.transcript.map { entry -> String in
            switch entry {
            case .instructions: "instructions"
            case .prompt: "prompt"
            case .reasoning: "reasoning"
            case .response(let response): "response: " + response.segments.joinedText
            case .toolCalls, .toolOutput: "tools"
            }
        }
        #expect(kinds == ["instructions", "prompt", "reasoning", "response: Half an ans"])
        #expect(session.usage.output.totalTokenCount == 2)
    }

    @Test func anIdleTranscriptCanBeEditedInPlace() async throws {
        let model = EventScriptModel([.init(events: [Self.text("One.")]), .init(events: [Self.text("Two.")])])
        let session = LanguageModelSession(model: model, instructions: "Be brief.")
        _ = try await session.respond(to: "First")
        session.transcript.removeLast(2)
        session.transcript.append(.prompt(Transcript.Prompt(segments: [.text(.init(content: "Injected"))])))
        session.transcript.append(.response(Transcript.Response(segments: [.text(.init(content: "Noted."))])))
        _ = try await session.respond(to: "Second")
        let request = try #require(model.recorder.requests.withLock { $0.last })
        #expect(request.transcript.map(\.description).joined(separator: "|").contains("Injected"))
        #expect(!request.transcript.map(\.description).joined(separator: "|").contains("First"))
        #expect(session.transcript.count == 5)
    }

    @Test func theChannelEndsWithTheExecutorsError() async throws {
        let channel = LanguageModelExecutorGenerationChannel()
        await channel.send(Self.text("a"))
        channel.finish(throwing: CancellationError())
        var iterator = channel.makeAsyncIterator()
        let first = try await iterator.next(isolation: nil)
        #expect(first != nil)
        await #expect(throws: CancellationError.self) { _ = try await iterator.next(isolation: nil) }
    }

    @Test func moduleVersionGatesOS27Code() {
        #if canImport(FoundationModels, _version: 2)
            let gated = true
        #else
            let gated = false
        #endif
        #expect(gated)
    }
}

/// The same on the real SmolLM2 model.
@Suite(.requiresSmolLM2) struct SessionOS27ModelTests {
    @Test func perRequestMetadataAndContextOptionsOnTheLocalModel() async throws {
        let session = SessionFixtures.session()
        let response = try await session.respond(
            to: "Name a color.", options: SessionFixtures.greedy, contextOptions: ContextOptions(includeSchemaInPrompt: true), metadata: ["ticket": 7])
        #expect(!response.content.isEmpty)
        guard case .prompt(let prompt) = session.transcript[1] else { throw TranscriptOS27Tests.Failure("no prompt") }
        #expect(prompt.metadata["ticket"] as? Int == 7)
    }

    @Test func theLocalModelRefusesImagesAndReasoningLevelsWithTypedErrors() async throws {
        let session = SessionFixtures.session()
        await #expect {
            try await session.respond(options: SessionFixtures.greedy) {
                "What is in this picture?"
                Attachment(imageURL: URL(fileURLWithPath: "/tmp/picture.png"))
            }
        } throws: { error in
            if case LanguageModelError.unsupportedCapability(let info) = error { return info.capability == .vision }
            return false
        }
        await #expect {
            try await session.respond(to: "Why?", options: SessionFixtures.greedy, contextOptions: ContextOptions(reasoningLevel: .light))
        } throws: { error in
            if case LanguageModelError.unsupportedCapability(let info) = error { return info.capability == .reasoning }
            return false
        }
        #expect(session.transcript.count == 1)
        #expect(!(try await session.respond(to: "Say hi.", options: SessionFixtures.greedy).content.isEmpty))
    }

    @Test func editingAnIdleTranscriptReusesTheCacheUpToTheEdit() async throws {
        let model = SessionFixtures.isolatedSmolLM2(27)
        let session = LanguageModelSession(model: model, instructions: "You are a helpful assistant.")
        _ = try await session.respond(to: "Name a fruit.", options: SessionFixtures.greedy)
        let second = try await session.respond(to: "Name a vegetable.", options: SessionFixtures.greedy)
        // Replace the first answer: the prompt up to it is still in the cache.
        guard case .response(var first) = session.transcript[2] else { throw TranscriptOS27Tests.Failure("no first response") }
        first.segments = [.text(.init(content: "A banana."))]
        session.transcript[2] = .response(first)
        let third = try await session.respond(to: "Name a tree.", options: SessionFixtures.greedy)
        #expect(second.usage.input.cachedTokenCount > 0)
        #expect(third.usage.input.cachedTokenCount > 0)
        #expect(third.usage.input.cachedTokenCount < third.usage.input.totalTokenCount)
        // The edit lies inside the second request's prompt: the cache cannot cover all of it.
        #expect(third.usage.input.cachedTokenCount < second.usage.input.totalTokenCount)
    }

    @Test func aSecondGuidedTurnFindsTheWholeFirstTurnInTheCache() async throws {
        let model = SessionFixtures.isolatedSmolLM2(28)
        let session = LanguageModelSession(model: model, instructions: "You are a helpful assistant.")
        let first = try await session.respond(to: "Name a fruit.", generating: Fruit.self, options: SessionFixtures.greedy)
        let second = try await session.respond(to: "Name another one.", generating: Fruit.self, options: SessionFixtures.greedy)
        // The first prompt is written again with its schema, as the model saw it, so every token
        // of the first request's prompt is reused (before, the cache ended where its schema began).
        #expect(second.usage.input.cachedTokenCount >= first.usage.input.totalTokenCount)
        #expect(second.usage.input.cachedTokenCount < second.usage.input.totalTokenCount)
    }

    @Generable struct Fruit {
        @Guide(description: "A fruit's name.") var name: String
    }
}
