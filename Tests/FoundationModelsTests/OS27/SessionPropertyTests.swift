import Foundation
import Testing
@testable import FoundationModelsCore

extension SessionPropertyValues {
    @SessionPropertyEntry var tagLookups: Int = 0
    @SessionPropertyEntry var lastTag: String? = nil
}

/// A tool that counts its calls in the session's properties.
struct TagLookupTool: Tool {
    let name = "lookupTag"
    let description = "Finds a tag."

    @Generable struct Arguments {
        var tag: String
    }

    @SessionProperty(\.tagLookups) var lookups
    @SessionProperty(\.lastTag) var lastTag

    func call(arguments: Arguments) async throws -> String {
        lookups += 1
        lastTag = arguments.tag
        return "Tag \(arguments.tag) has 3 notes."
    }
}

/// Session properties (OS 27): values a session owns, read and written by its tools, separate
/// for every session.
@Suite struct SessionPropertyTests {
    typealias Event = LanguageModelExecutorGenerationChannel.Event

    static func call(_ tag: String) -> Event {
        .toolCalls(action: .toolCall(id: UUID().uuidString, name: "lookupTag", action: .appendArguments(#"{"tag":"\#(tag)"}"#, tokenCount: 4)))
    }

    static func model() -> EventScriptModel {
        EventScriptModel([
            .init(events: [Self.call("work")]), .init(events: [SessionOS27Tests.text("Done.")]),
            .init(events: [Self.call("home")]), .init(events: [SessionOS27Tests.text("Done.")])
        ])
    }

    @Test func toolsReadAndWriteTheirSessionsValues() async throws {
        let session = LanguageModelSession(model: Self.model(), tools: [TagLookupTool()])
        #expect(session.properties.tagLookups == 0)
        #expect(session.properties.lastTag == nil)
        _ = try await session.respond(to: "Notes tagged work?")
        _ = try await session.respond(to: "And home?")
        #expect(session.properties.tagLookups == 2)
        #expect(session.properties.lastTag == "home")
        session.properties.tagLookups = 10
        #expect(session.properties[SessionPropertyValues.__Key_tagLookups.self] == 10)
    }

    @Test func theSameCallTwiceInOneTurnRunsOnce() async throws {
        let model = EventScriptModel([.init(events: [Self.call("work"), Self.call("work"), Self.call("home")]), .init(events: [SessionOS27Tests.text("Done.")])])
        let session = LanguageModelSession(model: model, tools: [TagLookupTool()])
        _ = try await session.respond(to: "Tags?")
        #expect(session.properties.tagLookups == 2)
        guard case .toolCalls(let calls)? = session.transcript.first(where: { if case .toolCalls = $0 { true } else { false } }) else {
            throw TranscriptOS27Tests.Failure("no tool calls")
        }
        #expect(calls.map { $0.arguments.jsonString } == [#"{"tag": "work"}"#, #"{"tag": "home"}"#])
        #expect(session.transcript.filter { if case .toolOutput = $0 { true } else { false } }.count == 2)
    }

    @Test func everySessionHasItsOwnValues() async throws {
        let first = LanguageModelSession(model: Self.model(), tools: [TagLookupTool()])
        let second = LanguageModelSession(model: Self.model(), tools: [TagLookupTool()])
        async let a = first.respond(to: "Notes tagged work?")
        async let b = second.respond(to: "Notes tagged work?")
        _ = try await (a, b)
        _ = try await first.respond(to: "And home?")
        #expect(first.properties.tagLookups == 2)
        #expect(second.properties.tagLookups == 1)
    }

    @Test func historyIsTheSessionsConversationAfterItsInstructions() async throws {
        let session = LanguageModelSession(model: EventScriptModel([.init(events: [SessionOS27Tests.text("Hi.")])]), instructions: "Be brief.")
        _ = try await session.respond(to: "Hello")
        #expect(session.properties.history.count == 2)
        session.properties.history = []
        #expect(session.transcript.count == 1)
    }

    @Test func outsideASessionAPropertyHasItsDefault() {
        let tool = TagLookupTool()
        #expect(tool.lookups == 0)
    }
}
