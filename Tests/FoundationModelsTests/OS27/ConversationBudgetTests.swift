import Foundation
import Testing
@testable import FoundationModelsCore
import TestSupport

/// Keeping a long conversation inside the context: whole turns, newest first, counted with the
/// model's tokenizer.
@Suite(.requiresSmolLM2) struct ConversationBudgetTests {
    /// Fifty turns, every third with a tool call and its output.
    static func longConversation() -> [Transcript.Entry] {
        (0..<50).flatMap { turn -> [Transcript.Entry] in
            var entries: [Transcript.Entry] = [.prompt(Transcript.Prompt(segments: [.text(.init(content: "Question \(turn): what about tag \(turn)?"))]))]
            if turn % 3 == 0 {
                let call = Transcript.ToolCall(id: "call-\(turn)", toolName: "lookupTag", arguments: GeneratedContent(properties: ["tag": "t\(turn)"]))
                entries.append(.toolCalls(Transcript.ToolCalls([call])))
                entries.append(.toolOutput(Transcript.ToolOutput(id: "call-\(turn)", toolName: "lookupTag", segments: [.text(.init(content: "\(turn) notes."))])))
            }
            entries.append(.response(Transcript.Response(segments: [.text(.init(content: "Answer \(turn): there are \(turn) notes with that tag."))])))
            return entries
        }
    }

    @Test func fiftyTurnsAreTrimmedToTheContextKeepingToolCallsBesideTheirOutputs() throws {
        let settings = SessionFixtures.smolLM2.settings
        let entries = Self.longConversation()
        let counter = try TokenCounter(settings: settings)
        #expect(try counter.count(Transcript(entries: entries)) > settings.contextSize)
        let kept = ConversationBudget.keepingNewestTurns(of: SessionFixtures.smolLM2, reservingTokens: 300)(entries)
        #expect(try counter.count(Transcript(entries: kept)) <= (settings.contextSize - 300) * 3 / 4)
        #expect(Array(entries.suffix(kept.count)).map(\.id) == kept.map(\.id))
        guard case .prompt = kept.first else { throw TranscriptOS27Tests.Failure("the kept history does not start with a prompt") }
        for (index, entry) in kept.enumerated() {
            if case .toolCalls(let calls) = entry {
                guard index + 1 < kept.count, case .toolOutput(let output) = kept[index + 1] else {
                    throw TranscriptOS27Tests.Failure("a tool call lost its output")
                }
                #expect(output.id == calls.first?.id)
            }
        }
        // One turn more would not fit.
        let starts = ConversationBudget.turnStarts(of: entries)
        let firstKept = entries.count - kept.count
        let previous = try #require(starts.last { $0 < firstKept })
        #expect(try counter.count(Transcript(entries: Array(entries[previous...]))) > (settings.contextSize - 300) * 3 / 4)
    }

    @Test func theCutStaysPutWhileTheRestFits() throws {
        let transform = ConversationBudget.keepingNewestTurns(of: SessionFixtures.smolLM2, reservingTokens: 300)
        var entries = Self.longConversation()
        let first = transform(entries)
        entries.append(.prompt(Transcript.Prompt(segments: [.text(.init(content: "One more question?"))])))
        let second = transform(entries)
        #expect(second.first?.id == first.first?.id)
        #expect(second.count == first.count + 1)
    }

    @Test func aSessionOnAConversationTooLongForTheContextAnswersThroughTheTransform() async throws {
        let history = Self.longConversation()
        let plain = LanguageModelSession(model: SessionFixtures.smolLM2, transcript: Transcript(entries: history))
        await #expect(throws: LanguageModelSession.GenerationError.self) {
            try await plain.respond(to: "And tag 50?", options: SessionFixtures.greedy)
        }
        let profile = LanguageModelSession.Profile { Instructions("You answer questions about notes.") }
            .historyTransform(ConversationBudget.keepingNewestTurns(of: SessionFixtures.smolLM2, reservingTokens: 200))
            .samplingMode(.greedy).maximumResponseTokens(24).model(SessionFixtures.smolLM2)
        let session = LanguageModelSession(profile: profile, history: history)
        let response = try await session.respond(to: "And tag 50?")
        #expect(!response.content.isEmpty)
        #expect(session.transcript.count == history.count + 2)
    }

    @Test func keepingLastTurnsCountsTurnsNotEntries() {
        let kept = ConversationBudget.keepingLastTurns(2)(Self.longConversation())
        #expect(kept.first?.description.contains("Question 48") == true)
        #expect(kept.count == 6)  // turn 48 with its tool call and output, then turn 49
    }

    @Test func theInstructionsAreAlwaysKeptAndCounted() throws {
        let settings = SessionFixtures.smolLM2.settings
        let instructions = Transcript.Entry.instructions(
            .init(segments: [.text(.init(content: String(repeating: "Answer briefly and cite the notes. ", count: 20)))], toolDefinitions: []))
        let entries = [instructions] + Self.longConversation()
        let kept = ConversationBudget.keepingNewestTurns(of: SessionFixtures.smolLM2, reservingTokens: 300)(entries)
        #expect(kept.first?.id == instructions.id)
        guard case .prompt = kept[1] else { throw TranscriptOS27Tests.Failure("the turns kept do not start with a prompt") }
        let counter = try TokenCounter(settings: settings)
        #expect(try counter.count(Transcript(entries: kept)) <= (settings.contextSize - 300) * 3 / 4)
        // Without the instructions the same budget holds more turns: they were counted.
        let withoutInstructions = ConversationBudget.keepingNewestTurns(of: SessionFixtures.smolLM2, reservingTokens: 300)(Self.longConversation())
        #expect(withoutInstructions.count > kept.count - 1)
    }
}

/// The budget with a token counter of the caller's: for any model whose tokens can be counted.
@Suite struct ConversationBudgetCounterTests {
    @Test func anyCounterBudgetsTheConversation() {
        let entries = ConversationBudgetTests.longConversation()
        // Ten tokens an entry: 1,000 less 200 leaves 800, and a cut keeps three quarters of it.
        let transform = ConversationBudget.keepingNewestTurns(contextSize: 1_000, reservingTokens: 200) { $0.count * 10 }
        let kept = transform(entries)
        #expect(kept.count * 10 <= 600)
        #expect(Array(entries.suffix(kept.count)).map(\.id) == kept.map(\.id))
        guard case .prompt = kept.first else {
            Issue.record("the kept history does not start with a prompt")
            return
        }
    }

    @Test func whatTheCounterCannotCountKeepsOnlyTheNewestTurn() {
        struct Uncountable: Error {}
        let entries = ConversationBudgetTests.longConversation()
        let transform = ConversationBudget.keepingNewestTurns(contextSize: 10_000, reservingTokens: 0) { _ in throw Uncountable() }
        #expect(transform(entries).map(\.id) == entries.suffix(2).map(\.id))
    }
}
