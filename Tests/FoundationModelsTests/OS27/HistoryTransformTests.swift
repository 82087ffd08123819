import Foundation
import Synchronization
import Testing
@testable import FoundationModelsCore
import TestSupport

/// History transforms (OS 27) as Apple defines them: a transform receives every entry the model
/// would be given, the profile's instructions entry first, and what it returns is exactly what the
/// executor receives. The session's own transcript never changes.
@Suite struct HistoryTransformTests {
    /// The newest `count` entries of whatever the transform receives, instructions included.
    static func window(_ count: Int) -> ([Transcript.Entry]) -> [Transcript.Entry] {
        { Array($0.suffix(count)) }
    }

    /// Drops the tool calls and outputs of turns that were already answered; the calls of the
    /// request being answered stay, each beside its output.
    static func droppingAnsweredToolCalls(_ entries: [Transcript.Entry]) -> [Transcript.Entry] {
        guard let lastResponse = entries.lastIndex(where: { if case .response = $0 { true } else { false } }) else { return entries }
        return entries.enumerated().compactMap { index, entry in
            switch entry {
            case .toolCalls, .toolOutput: index < lastResponse ? nil : entry
            default: entry
            }
        }
    }

    /// Each entry as a short label: its kind, and its text for prompts and responses.
    static func labels(_ entries: some Collection<Transcript.Entry>) -> [String] {
        entries.map { entry in
            switch entry {
            case .instructions(let instructions): "instructions:" + instructions.segments.joinedText
            case .prompt(let prompt): "prompt:" + prompt.segments.joinedText
            case .response(let response): "response:" + response.segments.joinedText
            case .toolCalls(let calls): "calls:" + calls.map(\.toolName).joined(separator: ",")
            case .toolOutput(let output): "output:" + output.toolName
            default: "other"
            }
        }
    }

    /// A model that answers "OK" to every request, `count` times.
    static func okModel(_ count: Int) -> EventScriptModel {
        EventScriptModel((0..<count).map { _ in .init(events: [SessionOS27Tests.text("OK")]) })
    }

    /// What the model was given in its last request.
    static func lastRequest(of model: EventScriptModel) throws -> [String] {
        labels(try #require(model.recorder.requests.withLock { $0.last }).transcript)
    }

    @Test func aWindowOfThreeAfterThreePromptsLeavesTheInstructionsOut() async throws {
        let model = Self.okModel(3)
        let profile = LanguageModelSession.Profile { Instructions("You are a helpful assistant.") }
            .historyTransform(Self.window(3)).model(model)
        let session = LanguageModelSession(profile: profile)
        for prompt in ["first", "second", "third"] { _ = try await session.respond(to: prompt) }
        #expect(try Self.lastRequest(of: model) == ["prompt:second", "response:OK", "prompt:third"])
        #expect(Self.labels(session.transcript).count == 6)
    }

    @Test func aWindowOfTwoAfterFourPromptsStartsWithAResponse() async throws {
        let model = Self.okModel(4)
        let profile = LanguageModelSession.Profile { Instructions("You are a helpful assistant.") }
            .historyTransform(Self.window(2)).model(model)
        let session = LanguageModelSession(profile: profile)
        for prompt in ["first", "second", "third", "fourth"] { _ = try await session.respond(to: prompt) }
        #expect(try Self.lastRequest(of: model) == ["response:OK", "prompt:fourth"])
    }

    @Test func aWindowThatReachesTheStartKeepsTheInstructionsUntilTheyAreTheOldestBeyondIt() async throws {
        let model = Self.okModel(3)
        let profile = LanguageModelSession.Profile { Instructions("Be brief.") }
            .historyTransform(Self.window(4)).model(model)
        let session = LanguageModelSession(profile: profile)
        _ = try await session.respond(to: "first")
        #expect(try Self.lastRequest(of: model) == ["instructions:Be brief.", "prompt:first"])
        _ = try await session.respond(to: "second")
        #expect(try Self.lastRequest(of: model) == ["instructions:Be brief.", "prompt:first", "response:OK", "prompt:second"])
        _ = try await session.respond(to: "third")
        #expect(try Self.lastRequest(of: model) == ["response:OK", "prompt:second", "response:OK", "prompt:third"])
    }

    @Test func aTransformMayDropOrRewriteTheInstructions() async throws {
        let dropping = Self.okModel(1)
        let session = LanguageModelSession(
            profile: LanguageModelSession.Profile { Instructions("A long persona the small model cannot afford.") }
                .historyTransform { $0.filter { if case .instructions = $0 { false } else { true } } }
                .model(dropping))
        _ = try await session.respond(to: "Hello")
        #expect(try Self.lastRequest(of: dropping) == ["prompt:Hello"])

        let rewriting = Self.okModel(1)
        let persona = LanguageModelSession(
            profile: LanguageModelSession.Profile { Instructions("You are a pirate.") }
                .historyTransform { entries in
                    entries.map { entry in
                        guard case .instructions(var instructions) = entry else { return entry }
                        instructions.segments = [.text(.init(content: "You are a librarian."))]
                        return .instructions(instructions)
                    }
                }
                .model(rewriting))
        _ = try await persona.respond(to: "Hello")
        #expect(try Self.lastRequest(of: rewriting) == ["instructions:You are a librarian.", "prompt:Hello"])
        // The stored conversation holds neither version of the instructions, only the exchange.
        #expect(Self.labels(persona.transcript) == ["prompt:Hello", "response:OK"])
    }

    @Test func theTransformSeesTheInstructionsWithTheToolsDefinitions() async throws {
        let seen = Mutex<[Transcript.ToolDefinition]>([])
        let model = Self.okModel(1)
        let profile = LanguageModelSession.Profile {
            Instructions("Use the tool when asked.")
            TagLookupTool()
        }
        .historyTransform { entries in
            if case .instructions(let instructions)? = entries.first { seen.withLock { $0 = instructions.toolDefinitions } }
            return entries
        }
        .model(model)
        _ = try await LanguageModelSession(profile: profile).respond(to: "Hi")
        #expect(seen.withLock { $0.map(\.name) } == ["lookupTag"])
        let request = try #require(model.recorder.requests.withLock { $0.last })
        #expect(request.enabledToolDefinitions.map(\.name) == ["lookupTag"])
    }

    @Test func composedTransformsApplyOutermostFirstEachToThePreviousResult() async throws {
        let order = Mutex<[String]>([])
        let model = Self.okModel(3)
        let profile = LanguageModelSession.Profile { Instructions("Be brief.") }
            .historyTransform { entries in
                order.withLock { $0.append("inner saw \(entries.count)") }
                return Array(entries.suffix(2))
            }
            .historyTransform { entries in
                order.withLock { $0.append("outer saw \(entries.count)") }
                return entries.filter { if case .instructions = $0 { false } else { true } }
            }
            .model(model)
        let session = LanguageModelSession(profile: profile)
        for prompt in ["one", "two", "three"] { _ = try await session.respond(to: prompt) }
        // Third request: 6 entries (instructions + 5); the outer one removes the instructions,
        // the inner one then keeps the newest two of the five.
        #expect(order.withLock { Array($0.suffix(2)) } == ["outer saw 6", "inner saw 5"])
        #expect(try Self.lastRequest(of: model) == ["response:OK", "prompt:three"])
    }

    @Test func answeredToolCallsAreDroppedWithTheirOutputsAndTheCurrentOnesKeptTogether() async throws {
        let model = EventScriptModel([
            .init(events: [SessionPropertyTests.call("birds")]), .init(events: [SessionOS27Tests.text("Three notes.")]),
            .init(events: [SessionPropertyTests.call("herons")]), .init(events: [SessionOS27Tests.text("Two notes.")])
        ])
        let profile = LanguageModelSession.Profile {
            Instructions("Look tags up.")
            TagLookupTool()
        }
        .historyTransform(Self.droppingAnsweredToolCalls)
        .model(model)
        let session = LanguageModelSession(profile: profile)
        _ = try await session.respond(to: "Birds?")
        _ = try await session.respond(to: "Herons?")
        let requests = model.recorder.requests.withLock { $0.map { Self.labels($0.transcript) } }
        #expect(requests.count == 4)
        // The answer round of the second request: the first request's call and output are gone,
        // this request's call stays beside its output.
        #expect(
            requests[3] == [
                "instructions:Look tags up.", "prompt:Birds?", "response:Three notes.", "prompt:Herons?", "calls:lookupTag",
                "output:lookupTag"
            ])
        // The stored transcript keeps everything.
        #expect(Self.labels(session.transcript).filter { $0.hasPrefix("calls:") }.count == 2)
    }

    @Test func theConversationBudgetKeepsTheInstructionsAUsersTransformWrote() async throws {
        let model = Self.okModel(3)
        let profile = LanguageModelSession.Profile { Instructions("A long persona.") }
            .historyTransform { entries in
                entries.map { entry in
                    guard case .instructions(var instructions) = entry else { return entry }
                    instructions.segments = [.text(.init(content: "Short."))]
                    return .instructions(instructions)
                }
            }
            .historyTransform(ConversationBudget.keepingLastTurns(2))
            .model(model)
        let session = LanguageModelSession(profile: profile)
        for prompt in ["one", "two", "three"] { _ = try await session.respond(to: prompt) }
        #expect(try Self.lastRequest(of: model) == ["instructions:Short.", "prompt:two", "response:OK", "prompt:three"])
    }

    @Test func withoutATransformTheModelSeesTheInstructionsAndTheWholeConversation() async throws {
        let model = Self.okModel(2)
        let session = LanguageModelSession(profile: LanguageModelSession.Profile { Instructions("Be brief.") }.model(model))
        _ = try await session.respond(to: "one")
        _ = try await session.respond(to: "two")
        #expect(try Self.lastRequest(of: model) == ["instructions:Be brief.", "prompt:one", "response:OK", "prompt:two"])
    }

    @Test func keepingLastTurnsKeepsALeadingInstructionsEntry() {
        let instructions = Transcript.Entry.instructions(.init(segments: [.text(.init(content: "Be brief."))], toolDefinitions: []))
        let kept = ConversationBudget.keepingLastTurns(2)([instructions] + ConversationBudgetTests.longConversation())
        #expect(kept.first?.id == instructions.id)
        #expect(Self.labels(kept.dropFirst()).first == "prompt:Question 48: what about tag 48?")
        #expect(kept.count == 7)  // the instructions, turn 48 with its tool call and output, turn 49
    }
}
