import Foundation
import Synchronization
import Testing
@testable import FoundationModelsCore
@testable import OpenAICompatibleBackend
import TestSupport

extension SessionPropertyValues {
    @SessionPropertyEntry var usesSecondModel: Bool = false
    @SessionPropertyEntry var profileLookups: Int = 0
}

/// A log that hooks write to.
final class HookLog: Sendable {
    let lines = Mutex<[String]>([])
    func add(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
}

/// Apple's example: look the tag up exactly once, then answer.
struct OneLookupProfile: LanguageModelSession.DynamicProfile {
    @SessionProperty(\.profileLookups) var lookups
    let model: EventScriptModel

    var body: some DynamicProfile {
        Profile {
            Instructions("Look the tag up once, then answer.")
            TagLookupTool()
        }
        .toolCallingMode(lookups < 1 ? .required : .allowed)
        .onToolCall { _ in lookups += 1 }
        .model(model)
    }
}

/// Two models, chosen by a session property.
struct SwitchingProfile: LanguageModelSession.DynamicProfile {
    @SessionProperty(\.usesSecondModel) var second
    let first: EventScriptModel
    let other: EventScriptModel
    let log: HookLog

    var body: some DynamicProfile {
        if second {
            Profile { Instructions("You are the second model.") }
                .model(other)
                .onActivate { log.add("second on") }
                .onDeactivate { log.add("second off") }
        } else {
            Profile { Instructions("You are the first model.") }
                .model(first)
                .onActivate { log.add("first on") }
                .onDeactivate { log.add("first off") }
        }
    }
}

/// Dynamic profiles (OS 27): the body is evaluated before every model request.
@Suite struct DynamicProfileTests {
    typealias Event = LanguageModelExecutorGenerationChannel.Event

    @Test func theForcedLookupRunsExactlyOnceThenTheModelAnswers() async throws {
        let model = EventScriptModel([.init(events: [SessionPropertyTests.call("work")]), .init(events: [SessionOS27Tests.text("3 notes.")])])
        let session = LanguageModelSession(profile: OneLookupProfile(model: model))
        let response = try await session.respond(to: "How many notes are tagged work?")
        #expect(response.content == "3 notes.")
        let requests = model.recorder.requests.withLock { $0 }
        #expect(requests.map(\.generationOptions.toolCallingMode) == [.required, .allowed])
        #expect(session.properties.profileLookups == 1)
        #expect(session.properties.tagLookups == 1)
        #expect(session.transcript.filter { if case .toolCalls = $0 { true } else { false } }.count == 1)
        // Instructions and tools come from the profile, at the head of every request.
        guard case .instructions(let instructions) = requests[0].transcript.first else { throw TranscriptOS27Tests.Failure("no instructions") }
        #expect(instructions.segments.joinedText == "Look the tag up once, then answer.")
        #expect(instructions.toolDefinitions.map(\.name) == ["lookupTag"])
        #expect(requests[0].enabledToolDefinitions.map(\.name) == ["lookupTag"])
    }

    @Test func switchingTheModelCarriesTheTranscriptAcross() async throws {
        let log = HookLog()
        let first = EventScriptModel([.init(events: [SessionOS27Tests.text("One.")])])
        let other = EventScriptModel([.init(events: [SessionOS27Tests.text("Two.")])])
        let session = LanguageModelSession(profile: SwitchingProfile(first: first, other: other, log: log))
        #expect(try await session.respond(to: "First question").content == "One.")
        session.properties.usesSecondModel = true
        #expect(try await session.respond(to: "Second question").content == "Two.")
        let request = try #require(other.recorder.requests.withLock { $0.first })
        let seen = request.transcript.map(\.description).joined(separator: "\n")
        #expect(seen.contains("First question") && seen.contains("One.") && seen.contains("You are the second model."))
        #expect(!seen.contains("You are the first model."))
        #expect(log.all == ["first on", "first off", "second on"])
        #expect(session.transcript.count == 4)
    }

    @Test func everyModifierReachesTheExecutor() async throws {
        let model = EventScriptModel([.init(events: [SessionOS27Tests.text("Ok.")])], capabilities: [.reasoning])
        let profile = LanguageModelSession.Profile { Instructions("Be brief.") }
            .temperature(0.3)
            .samplingMode(.greedy)
            .maximumResponseTokens(42)
            .reasoningLevel(.light)
            .toolCallingMode(.disallowed)
            .model(model)
        let session = LanguageModelSession(profile: profile)
        _ = try await session.respond(to: "Hi")
        let request = try #require(model.recorder.requests.withLock { $0.first })
        #expect(request.generationOptions.temperature == 0.3)
        #expect(request.generationOptions.samplingMode == .greedy)
        #expect(request.generationOptions.maximumResponseTokens == 42)
        #expect(request.generationOptions.toolCallingMode == .disallowed)
        #expect(request.contextOptions.reasoningLevel == .light)
    }

    @Test func optionsPassedToRespondWinOverTheProfiles() async throws {
        let model = EventScriptModel([.init(events: [SessionOS27Tests.text("Ok.")])])
        let session = LanguageModelSession(profile: LanguageModelSession.Profile { Instructions("Be brief.") }.temperature(0.3).model(model))
        _ = try await session.respond(to: "Hi", options: GenerationOptions(temperature: 0.9))
        #expect(model.recorder.requests.withLock { $0.first?.generationOptions.temperature } == 0.9)
    }

    @Test func aHistoryTransformChangesWhatTheModelSeesNotTheTranscript() async throws {
        let model = EventScriptModel((0..<4).map { .init(events: [SessionOS27Tests.text("Answer \($0).")]) })
        let profile = LanguageModelSession.Profile { Instructions("Be brief.") }
            .historyTransform { Array($0.suffix(3)) }
            .model(model)
        let session = LanguageModelSession(profile: profile)
        for turn in 0..<4 { _ = try await session.respond(to: "Question \(turn)") }
        let last = try #require(model.recorder.requests.withLock { $0.last })
        // Exactly what the transform returned: the newest three of the instructions and the
        // seven entries of the conversation (answer 2, question 3... no instructions).
        #expect(last.transcript.count == 3)
        #expect(last.transcript.contains { if case .instructions = $0 { true } else { false } } == false)
        #expect(last.transcript.last?.description.contains("Question 3") == true)
        #expect(session.transcript.count == 8)
    }

    @Test func everyHookFiresOnceWithItsPayload() async throws {
        let log = HookLog()
        let model = EventScriptModel(
            [
                .init(events: [.reasoning(action: .appendText("Plan.", tokenCount: 1)), SessionPropertyTests.call("work")]),
                .init(events: [SessionOS27Tests.text("Done.")])
            ], capabilities: [.reasoning, .toolCalling])
        let profile = LanguageModelSession.Profile {
            Instructions("Use the tool.")
            TagLookupTool()
        }
        .onPrompt { prompt in log.add("prompt: " + prompt.segments.joinedText) }
        .onReasoning { reasoning in log.add("reasoning: " + reasoning.segments.joinedText) }
        .onToolCall { call in log.add("call: " + call.toolName) }
        .onToolOutput { call, output in log.add("output: \(call.toolName) " + output.segments.joinedText) }
        .onResponse { response in log.add("response: " + response.segments.joinedText) }
        .onActivate { log.add("activate") }
        .model(model)
        let session = LanguageModelSession(profile: profile)
        _ = try await session.respond(to: "Go")
        #expect(
            log.all == [
                "activate", "prompt: Go", "reasoning: Plan.", "call: lookupTag", "output: lookupTag Tag work has 3 notes.", "response: Done."
            ])
    }

    struct HookFailure: Error {}

    @Test func aThrowingHookIsTheRequestsErrorAndTheTranscriptIsRestored() async throws {
        let model = EventScriptModel([.init(events: [SessionOS27Tests.text("Done.")]), .init(events: [SessionOS27Tests.text("Again.")])])
        let fail = Mutex(true)
        let profile = LanguageModelSession.Profile { Instructions("Be brief.") }
            .onResponse { _ in if fail.withLock({ $0 }) { throw HookFailure() } }
            .model(model)
        let session = LanguageModelSession(profile: profile)
        await #expect(throws: HookFailure.self) { try await session.respond(to: "Go") }
        #expect(session.transcript.isEmpty)
        fail.withLock { $0 = false }
        #expect(try await session.respond(to: "Go").content == "Again.")
    }

    @Test func dynamicInstructionsFollowSessionProperties() async throws {
        struct Notes: DynamicInstructions {
            @SessionProperty(\.tagLookups) var lookups
            var body: some DynamicInstructions {
                Instructions("You organise notes.")
                if lookups == 0 {
                    TagLookupTool()
                } else {
                    Instructions("Do not look tags up again.")
                }
            }
        }
        let model = EventScriptModel([
            .init(events: [SessionPropertyTests.call("work")]), .init(events: [SessionOS27Tests.text("Done.")])
        ])
        let session = LanguageModelSession(model: model, dynamicInstructions: Notes())
        _ = try await session.respond(to: "Tag work?")
        let requests = model.recorder.requests.withLock { $0 }
        #expect(requests.map { $0.enabledToolDefinitions.map(\.name) } == [["lookupTag"], []])
        guard case .instructions(let second) = requests[1].transcript.first else { throw TranscriptOS27Tests.Failure("no instructions") }
        #expect(second.segments.joinedText == "You organise notes.\nDo not look tags up again.")
    }

    @Test func twoProfileSessionsKeepTheirOwnValues() async throws {
        let first = LanguageModelSession(
            profile: OneLookupProfile(model: EventScriptModel([.init(events: [SessionPropertyTests.call("a")]), .init(events: [SessionOS27Tests.text("A.")])])))
        let second = LanguageModelSession(profile: OneLookupProfile(model: EventScriptModel([.init(events: [SessionOS27Tests.text("B.")])])))
        second.properties.profileLookups = 5
        _ = try await first.respond(to: "a?")
        _ = try await second.respond(to: "b?")
        #expect(first.properties.profileLookups == 1)
        #expect(second.properties.profileLookups == 5)
    }

    @Test func aModifierOfYourOwnWrapsTheProfile() async throws {
        struct Careful: LanguageModelSession.DynamicProfileModifier {
            func body(content: Content) -> some LanguageModelSession.DynamicProfile {
                content.temperature(0.1).maximumResponseTokens(7)
            }
        }
        let model = EventScriptModel([.init(events: [SessionOS27Tests.text("Ok.")])])
        let session = LanguageModelSession(profile: LanguageModelSession.Profile { Instructions("Hi.") }.modifier(Careful()).model(model))
        _ = try await session.respond(to: "Hi")
        let request = try #require(model.recorder.requests.withLock { $0.first })
        #expect(request.generationOptions.temperature == 0.1)
        #expect(request.generationOptions.maximumResponseTokens == 7)
    }
}

/// Apple's forced-lookup profile on the real model.
struct LocalOneLookupProfile: LanguageModelSession.DynamicProfile {
    @SessionProperty(\.profileLookups) var lookups

    var body: some DynamicProfile {
        Profile {
            Instructions("You answer questions about notes. Look the tag up with the tool, then answer in one sentence.")
            TagLookupTool()
        }
        .toolCallingMode(lookups < 1 ? .required : .disallowed)
        .onToolCall { _ in lookups += 1 }
        .samplingMode(.greedy)
        .maximumResponseTokens(120)
        .model(SessionFixtures.smolLM2)
    }
}

@Suite(.requiresSmolLM2) struct DynamicProfileModelTests {
    @Test func theForcedLookupProfileOnSmolLM2() async throws {
        let session = LanguageModelSession(profile: LocalOneLookupProfile())
        let response = try await session.respond(to: "How many notes are tagged work?")
        #expect(!response.content.isEmpty)
        let calls = session.transcript.compactMap { entry -> Transcript.ToolCalls? in
            if case .toolCalls(let calls) = entry { return calls }
            return nil
        }
        // One round of lookups (the tool-call constraint lets a turn hold up to four calls), each
        // counted by the hook, then the answer.
        #expect(calls.count == 1)
        #expect(calls.first?.first?.toolName == "lookupTag")
        let lookups = calls.first?.count ?? 0
        #expect(lookups >= 1 && session.properties.profileLookups == lookups)
        guard case .response? = session.transcript.last else { throw TranscriptOS27Tests.Failure("no answer") }
        // A second question: the profile now forbids tools, and the conversation goes on.
        _ = try await session.respond(to: "Thanks. Which tag did you look up?")
        #expect(session.properties.profileLookups == lookups)
    }

    /// Starts on SmolLM2, then moves to a server: the conversation goes along.
    struct LocalThenServer: LanguageModelSession.DynamicProfile {
        @SessionProperty(\.usesSecondModel) var onServer
        let server: OpenAICompatibleLanguageModel

        var body: some DynamicProfile {
            if onServer {
                Profile { Instructions("You are a helpful assistant.") }.model(server)
            } else {
                Profile { Instructions("You are a helpful assistant.") }
                    .samplingMode(.greedy).maximumResponseTokens(16).model(SessionFixtures.smolLM2)
            }
        }
    }

    @Test func aConversationMovesFromTheLocalModelToAServer() async throws {
        let reply = OpenAICompatibleScriptedServerTests.sse([
            #"{"choices":[{"index":0,"delta":{"content":"From the server."}}]}"#, #"{"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}"#, "[DONE]"
        ])
        let server = try ScriptedHTTPServer(replies: [.init(body: reply)])
        defer { server.stop() }
        let session = LanguageModelSession(profile: LocalThenServer(server: OpenAICompatibleScriptedServerTests.model(server)))
        let local = try await session.respond(to: "What is the capital of France?")
        session.properties.usesSecondModel = true
        let remote = try await session.respond(to: "And of Italy?")
        #expect(remote.content == "From the server.")
        let body = try #require(server.jsonBody(of: 0))
        let messages = try #require(body["messages"] as? [[String: Any]])
        #expect(messages.map { $0["role"] as? String } == ["system", "user", "assistant", "user"])
        #expect(messages[2]["content"] as? String == local.content)
        #expect(session.transcript.count == 4)
    }

    @Test func aProfileKeepsTheCacheBetweenRequests() async throws {
        let model = SessionFixtures.isolatedSmolLM2(71)
        let profile = LanguageModelSession.Profile { Instructions("You are a helpful assistant.") }
            .samplingMode(.greedy).maximumResponseTokens(16).model(model)
        let session = LanguageModelSession(profile: profile)
        let first = try await session.respond(to: "Name a fruit.")
        let second = try await session.respond(to: "Name a vegetable.")
        #expect(first.usage.input.totalTokenCount > 0)
        // The second request's prompt starts with the whole first exchange, held in the cache.
        #expect(second.usage.input.cachedTokenCount >= first.usage.input.totalTokenCount)
    }
}
