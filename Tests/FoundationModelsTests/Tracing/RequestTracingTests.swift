import Foundation
import JSONValues
import Synchronization
import Testing
@testable import FoundationModelsCore
import TestSupport
import SmartNotes

extension SessionPropertyValues {
    @SessionPropertyEntry var tracedLookups: Int = 0
}

/// Look the person up once (required), then answer under the schema with tools off.
struct TracedLookupProfile: LanguageModelSession.DynamicProfile {
    @SessionProperty(\.tracedLookups) var lookups

    var body: some DynamicProfile {
        Profile {
            Instructions("Look the person up with the tool, then answer.")
            TeamDirectoryTool()
        }
        .toolCallingMode(lookups < 1 ? .required : .disallowed)
        .onToolCall { _ in lookups += 1 }
        .samplingMode(.greedy)
        .maximumResponseTokens(160)
        .model(SessionFixtures.smolLM2)
    }
}

@Generable
struct PersonCard {
    var name: String
    var role: String
}

/// Keeps the traces of one session.
final class TraceCollector: RequestTraceObserver {
    let sessionID: UUID
    let started = Mutex<[RequestTraceStart]>([])
    let finished = Mutex<[RequestTrace]>([])
    init(sessionID: UUID) { self.sessionID = sessionID }
    func requestDidStart(_ start: RequestTraceStart) {
        if start.sessionID == sessionID { started.withLock { $0.append(start) } }
    }
    func requestDidFinish(_ trace: RequestTrace) {
        if trace.sessionID == sessionID { finished.withLock { $0.append(trace) } }
    }
}

/// Request traces (the Foundation Models instrument's records): what a session request did, with
/// its numbers, to observers and to a Chrome trace-event file.
@Suite(.requiresSmolLM2, .serialized) struct RequestTracingTests {
    @Test func aToolRoundAndAGuidedAnswerAreTracedWithTheSessionsNumbers() async throws {
        let session = LanguageModelSession(profile: TracedLookupProfile())
        let collector = TraceCollector(sessionID: session.traceSessionID)
        let file = try ScratchFolder.file("trace.json")
        let writer = try ChromeTraceFile(path: file.path)
        RequestTracing.recordsContent = true
        let registrations = [RequestTracing.addObserver(collector), RequestTracing.addObserver(writer)]
        defer {
            for registration in registrations { registration.cancel() }
            RequestTracing.recordsContent = false
        }
        let card = try await session.respond(to: "Who is Sara?", generating: PersonCard.self)
        let trace = try #require(collector.finished.withLock { $0.first })
        #expect(collector.started.withLock { $0.map(\.id) } == [trace.id])

        // The numbers are the session's.
        #expect(trace.usage.input.totalTokenCount == session.usage.input.totalTokenCount)
        #expect(trace.usage.input.cachedTokenCount == session.usage.input.cachedTokenCount)
        #expect(trace.usage.output.totalTokenCount == session.usage.output.totalTokenCount)
        #expect(trace.usage.output.totalTokenCount == card.usage.output.totalTokenCount)
        #expect(trace.rounds.map(\.usage.output.totalTokenCount).reduce(0, +) == trace.usage.output.totalTokenCount)
        #expect(trace.model.contains("LlamaLanguageModel"))
        #expect(trace.toolsOffered == ["lookupTeamMember"])
        #expect(trace.responseSchema == "PersonCard")
        #expect(trace.options["toolCallingMode"]?.contains("required") == true)
        #expect(trace.error == nil)

        // Round 1 called the tool; round 2 answered under the schema.
        #expect(trace.rounds.count == 2)
        let lookup = try #require(trace.rounds.first?.toolCalls.first)
        #expect(lookup.name == "lookupTeamMember")
        #expect(lookup.arguments?.contains("\"query\"") == true)
        let output = try #require(lookup.output)
        let answer = try #require(trace.rounds.last)
        #expect(answer.grammarCompileDuration != nil)
        #expect(answer.renderedPrompt?.contains("<|im_start|>") == true)
        // The second round's prompt, as the model saw it, holds what the tool returned.
        #expect(answer.renderedPrompt?.contains(output) == true)
        #expect(trace.response?.contains("\"name\"") == true)
        for round in trace.rounds {
            #expect(round.prefillDuration != nil)
            let firstToken = try #require(round.timeToFirstToken)
            #expect(firstToken <= round.duration)
            #expect(round.start + round.duration <= trace.duration)
        }
        #expect(trace.timeToFirstToken == trace.rounds.first?.timeToFirstToken.map { $0 + trace.rounds[0].start })

        // The file: trace-event JSON whose closing bracket is optional; our request's spans nest.
        let events = try Self.events(in: file).filter { event in
            guard let track = event["tid"]?.doubleValue else { return false }
            return track == Self.track(of: trace.id, in: try! Self.events(in: file))
        }
        let begin = try #require(events.first { $0["ph"]?.stringValue == "B" })
        let end = try #require(events.first { $0["ph"]?.stringValue == "E" })
        let beginTime = try #require(begin["ts"]?.doubleValue)
        let endTime = try #require(end["ts"]?.doubleValue)
        let spans = events.filter { $0["ph"]?.stringValue == "X" }
        // "load model" appears when this request was the first on the model in the process.
        #expect(
            Set(spans.compactMap { $0["name"]?.stringValue }).subtracting(["load model"]) == [
                "round 1", "round 2", "prefill", "decode", "tool: lookupTeamMember"
            ])
        for span in spans {
            let start = try #require(span["ts"]?.doubleValue)
            let duration = try #require(span["dur"]?.doubleValue)
            #expect(start >= beginTime && start + duration <= endTime + 1, "\(span)")
        }
        let recorded = try RequestTrace(json: try #require(end["args"]?["trace"]))
        #expect(recorded.usage.output.totalTokenCount == session.usage.output.totalTokenCount)
        #expect(recorded.rounds.count == 2)
    }

    @Test func withContentOffOnlyNamesAndNumbersAreRecorded() async throws {
        let session = LanguageModelSession(model: SessionFixtures.smolLM2, tools: [TeamDirectoryTool()], instructions: "Be brief.")
        let collector = TraceCollector(sessionID: session.traceSessionID)
        let registration = RequestTracing.addObserver(collector)
        defer { registration.cancel() }
        _ = try await session.respond(to: "Say hello.", options: SessionFixtures.greedy)
        let trace = try #require(collector.finished.withLock { $0.first })
        #expect(trace.prompt == nil && trace.response == nil && trace.instructions == nil)
        #expect(trace.rounds.allSatisfy { $0.renderedPrompt == nil })
        #expect(trace.usage.output.totalTokenCount > 0)
        #expect(trace.toolsOffered == ["lookupTeamMember"])
    }

    @Test func aFailedRequestIsTracedWithItsError() async throws {
        let session = LanguageModelSession(model: SessionFixtures.smolLM2, instructions: "Be brief.")
        let collector = TraceCollector(sessionID: session.traceSessionID)
        let registration = RequestTracing.addObserver(collector)
        defer { registration.cancel() }
        let long = String(repeating: "word ", count: 3_000)
        await #expect(throws: LanguageModelSession.GenerationError.self) { try await session.respond(to: long, options: SessionFixtures.greedy) }
        let trace = try #require(collector.finished.withLock { $0.first })
        #expect(trace.error?.contains("context") == true, "\(trace.error ?? "no error")")
    }

    /// The events of a trace file, read as the format allows: without the closing bracket.
    static func events(in file: URL) throws -> [JSONValue] {
        var text = try String(contentsOf: file, encoding: .utf8)
        while let last = text.last, last == "\n" || last == "," || last == " " { text.removeLast() }
        if !text.hasSuffix("]") { text += "]" }
        return try JSONReader.read(text).arrayValue ?? []
    }

    /// The track (session) on which a request's span opens.
    static func track(of request: UUID, in events: [JSONValue]) -> Double? {
        events.first { $0["ph"]?.stringValue == "B" && $0["args"]?["id"]?.stringValue == request.uuidString }?["tid"]?.doubleValue
    }
}
