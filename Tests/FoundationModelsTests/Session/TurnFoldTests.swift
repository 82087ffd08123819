import Foundation
import Synchronization
import Testing
@testable import FoundationModelsCore

/// The one fold of the executor channel, over recorded event sequences: what a turn holds after
/// text, reasoning, tool-call fragments and usage, and how a run ends on an error, a stop or a
/// cancellation.
@Suite struct TurnFoldTests {
    typealias Event = LanguageModelExecutorGenerationChannel.Event

    static func usage(input: Int, cached: Int = 0, output: Int, reasoning: Int = 0) -> LanguageModelExecutorGenerationChannel.Usage {
        .init(input: .init(totalTokenCount: input, cachedTokenCount: cached), output: .init(totalTokenCount: output, reasoningTokenCount: reasoning))
    }

    static func fold(_ events: [Event]) -> (fold: TurnFold, deltas: [String]) {
        var fold = TurnFold(recorder: nil)
        let deltas = events.map { fold.apply($0) }
        return (fold, deltas)
    }

    // MARK: The fold

    /// A local model's answer: usage after prefill, text pieces, the final usage.
    @Test func textDeltasAreReturnedAndCountedUntilTheExecutorsUsage() throws {
        let (fold, deltas) = Self.fold([
            .response(action: .updateUsage(input: .init(totalTokenCount: 12, cachedTokenCount: 4), output: .init(totalTokenCount: 0, reasoningTokenCount: 0))),
            .response(entryID: "answer-1", action: .appendText("Par", tokenCount: 1)),
            .response(action: .appendText("is", tokenCount: 1)),
            .response(action: .appendText("", tokenCount: 0)),
            .response(action: .appendText(".", tokenCount: 1))
        ])
        #expect(deltas == ["", "Par", "is", "", "."])
        #expect(fold.turn.text == "Paris.")
        #expect(fold.turn.responseEntryID == "answer-1")
        #expect(fold.turn.usage.input.totalTokenCount == 12)
        #expect(fold.turn.usage.input.cachedTokenCount == 4)
        #expect(fold.turn.usage.output.totalTokenCount == 3)

        var ended = fold
        ended.apply(.response(action: .updateUsage(input: .init(totalTokenCount: 12, cachedTokenCount: 4), output: .init(totalTokenCount: 5, reasoningTokenCount: 0))))
        let turn = try ended.finished()
        #expect(turn.usage.output.totalTokenCount == 5)
        #expect(turn.toolCalls.isEmpty)
        #expect(turn.reasoningEntries.isEmpty)
    }

    @Test func aReplacedSegmentReplacesTheText() {
        let (fold, deltas) = Self.fold([
            .response(action: .appendText("{\"a\": 1", tokenCount: 4)),
            .response(action: .replaceTextSegment("{\"a\": 1}", tokenCount: 5))
        ])
        #expect(deltas == ["{\"a\": 1", ""])
        #expect(fold.turn.text == "{\"a\": 1}")
    }

    /// A thinking model: reasoning tokens count toward the output, and the reasoning becomes an entry.
    @Test func reasoningIsDraftedAndItsTokensCounted() {
        let (fold, deltas) = Self.fold([
            .reasoning(entryID: "think-1", action: .appendText("The user wants ", tokenCount: 3)),
            .reasoning(action: .appendText("a city.", tokenCount: 2)),
            .reasoning(action: .updateSignature(Data([1, 2]), tokenCount: 0)),
            .response(action: .appendText("Paris", tokenCount: 1))
        ])
        #expect(deltas == ["", "", "", "Paris"])
        let turn = fold.turn
        #expect(turn.usage.output.reasoningTokenCount == 5)
        #expect(turn.usage.output.totalTokenCount == 6)
        #expect(turn.reasoning?.id == "think-1")
        #expect(turn.reasoning?.text == "The user wants a city.")
        #expect(turn.reasoning?.signature == Data([1, 2]))
        #expect(turn.reasoningEntries.count == 1)
    }

    @Test func responseMetadataAndSegmentsAreKept() {
        let (fold, _) = Self.fold([
            .response(action: .updateMetadata(["assetIDs": "a,b"])),
            .response(action: .appendText("ok", tokenCount: 1))
        ])
        #expect(fold.turn.assetIDs == ["a", "b"])
        #expect(fold.turn.responseMetadata["assetIDs"] as? String == "a,b")
    }

    /// Two calls streamed in fragments, one of them withdrawn: the rest come out in the order
    /// they started, with their arguments parsed.
    @Test func toolCallFragmentsAssembleInTheOrderCallsStarted() throws {
        let (fold, deltas) = Self.fold([
            .toolCalls(entryID: "calls-1", action: .toolCall(id: "b", name: "weather", action: .appendArguments("{\"city\":", tokenCount: 3))),
            .toolCalls(action: .toolCall(id: "a", name: "time", action: .appendArguments("{}", tokenCount: 1))),
            .toolCalls(action: .toolCall(id: "c", name: "weather", action: .appendArguments("{\"city\":\"Rome\"}", tokenCount: 5))),
            .toolCalls(action: .toolCall(id: "b", name: "weather", action: .appendArguments("\"Oslo\"}", tokenCount: 2))),
            .toolCalls(action: .removeToolCall(id: "c")),
            .toolCalls(action: .updateUsage(input: .init(totalTokenCount: 30, cachedTokenCount: 0), output: .init(totalTokenCount: 11, reasoningTokenCount: 0)))
        ])
        #expect(deltas.allSatisfy { $0.isEmpty })
        #expect(fold.turn.toolCalls.isEmpty)
        let turn = try fold.finished()
        #expect(turn.toolCallsEntryID == "calls-1")
        #expect(turn.toolCalls.map(\.id) == ["b", "a"])
        #expect(turn.toolCalls.map(\.description) == [#"weather({"city": "Oslo"})"#, "time({})"])
        #expect(turn.usage.output.totalTokenCount == 11)
        #expect(turn.text.isEmpty)
    }

    @Test func argumentsThatAreNotJSONFailTheTurn() {
        let (fold, _) = Self.fold([
            .toolCalls(action: .toolCall(id: "a", name: "weather", action: .appendArguments("{\"city\": Oslo", tokenCount: 4)))
        ])
        #expect(throws: LanguageModelSession.GenerationError.self) { try fold.finished() }
    }

    // MARK: Tracing

    /// The first output (not the prefill's usage, nor an empty fragment) marks the round's time to
    /// first token.
    @Test(arguments: [
        ([Event.response(action: .updateUsage(input: .init(totalTokenCount: 9, cachedTokenCount: 0), output: .init(totalTokenCount: 0, reasoningTokenCount: 0)))], false),
        ([Event.response(action: .appendText("", tokenCount: 0))], false),
        ([Event.response(action: .appendText("Hi", tokenCount: 0))], true),
        ([Event.reasoning(action: .appendText("", tokenCount: 1))], true),
        ([Event.toolCalls(action: .toolCall(id: "a", name: "time", action: .appendArguments("{}", tokenCount: 0)))], true),
        ([Event.response(action: .updateUsage(input: .init(totalTokenCount: 9, cachedTokenCount: 0), output: .init(totalTokenCount: 2, reasoningTokenCount: 0)))], true)
    ])
    func theFirstOutputIsTraced(events: [Event], marksOutput: Bool) {
        let recorder = TraceRecorder(sessionID: UUID())
        recorder.beginRound(model: "recorded", transcript: Transcript(), tools: [], options: GenerationOptions())
        var fold = TurnFold(recorder: recorder)
        for event in events { fold.apply(event) }
        recorder.endRound(usage: fold.turn.usage)
        let trace = recorder.finish(prompt: Prompt("p"), schemaName: nil, response: nil, error: nil, usage: fold.turn.usage)
        #expect((trace.rounds.first?.timeToFirstToken != nil) == marksOutput)
    }

    // MARK: Running on a backend

    /// The failure a recorded executor ends with.
    enum RecordedFailure: Error { case lostConnection }

    /// An executor that sends recorded events, then returns, throws, or waits to be cancelled.
    final class RecordedBackend: SessionBackend {
        enum Ending: Sendable {
            case returns
            case fails
            case waitsForCancellation
        }

        let events: [Event]
        let ending: Ending
        let sawCancellation = Atomic<Bool>(false)

        init(events: [Event], ending: Ending) {
            self.events = events
            self.ending = ending
        }

        var capabilities: LanguageModelCapabilities { LanguageModelCapabilities([.toolCalling]) }
        var modelDescription: String { "recorded" }

        func respond(to request: LanguageModelExecutorGenerationRequest, streamingInto channel: LanguageModelExecutorGenerationChannel) async throws {
            for event in events { await channel.send(event) }
            switch ending {
            case .returns: return
            case .fails: throw RecordedFailure.lostConnection
            case .waitsForCancellation:
                do {
                    try await Task.sleep(for: .seconds(600))
                } catch {
                    sawCancellation.store(true, ordering: .sequentiallyConsistent)
                    throw error
                }
            }
        }

        /// Whether the executor was cancelled while it waited.
        var cancelled: Bool { sawCancellation.load(ordering: .sequentiallyConsistent) }

        func prewarm(transcript: Transcript, endsWithPartialPrompt: Bool) {}
    }

    static let request = LanguageModelExecutorGenerationRequest(id: UUID(), transcript: Transcript())

    static let answer: [Event] = [
        .response(action: .appendText("One", tokenCount: 1)),
        .response(action: .appendText(" two", tokenCount: 1)),
        .response(action: .appendText(" three", tokenCount: 1))
    ]

    @Test func aRunSeesEveryEventAndEndsWithTheFinishedTurn() async throws {
        let backend = RecordedBackend(
            events: Self.answer + [.toolCalls(action: .toolCall(id: "a", name: "time", action: .appendArguments("{}", tokenCount: 1)))],
            ending: .returns)
        var seen: [String] = []
        let (turn, stoppedEarly) = try await TurnFold.run(Self.request, on: backend) { fold, text in
            seen.append(text)
            #expect(fold.turn.text.hasSuffix(text))
            return true
        }
        #expect(!stoppedEarly)
        #expect(seen == ["One", " two", " three", ""])
        #expect(turn.text == "One two three")
        #expect(turn.toolCalls.map(\.toolName) == ["time"])
        // A call's argument tokens count only through the executor's usage.
        #expect(turn.usage.output.totalTokenCount == 3)
    }

    @Test func theExecutorsErrorEndsTheRun() async throws {
        let backend = RecordedBackend(events: Self.answer, ending: .fails)
        var seen = 0
        await #expect(throws: RecordedFailure.lostConnection) {
            _ = try await TurnFold.run(Self.request, on: backend) { _, _ in
                seen += 1
                return true
            }
        }
        #expect(seen == 3)
    }

    /// A reader that stops (a server's client went away) cancels the executor and keeps what came.
    @Test func stoppingCancelsTheExecutorAndKeepsTheTurnSoFar() async throws {
        let backend = RecordedBackend(
            events: Self.answer + [.toolCalls(action: .toolCall(id: "a", name: "time", action: .appendArguments("{", tokenCount: 1)))],
            ending: .waitsForCancellation)
        let (turn, stoppedEarly) = try await TurnFold.run(Self.request, on: backend) { fold, _ in
            fold.turn.text.count < "One two".count
        }
        #expect(stoppedEarly)
        #expect(turn.text == "One two")
        #expect(turn.usage.output.totalTokenCount == 2)
        #expect(turn.toolCalls.isEmpty)
        #expect(backend.cancelled)
    }

    /// A cancelled request (the caller's task) ends the executor and throws its CancellationError.
    @Test func cancellingTheCallerThrowsCancellation() async throws {
        let backend = RecordedBackend(events: Self.answer, ending: .waitsForCancellation)
        let received = AsyncStream<Void>.makeStream()
        let run = Task {
            try await TurnFold.run(Self.request, on: backend) { _, text in
                if text == " three" { received.continuation.yield() }
                return true
            }
        }
        for await _ in received.stream { break }
        run.cancel()
        await #expect(throws: CancellationError.self) { _ = try await run.value }
        #expect(backend.cancelled)
    }
}
