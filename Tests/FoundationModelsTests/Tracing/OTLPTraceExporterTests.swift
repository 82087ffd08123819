import Foundation
import JSONValues
import Synchronization
import Testing
@testable import FoundationModelsCore
import TestSupport

/// The OTLP exporter against a real receiver (Tests/OTLP/otlp_receiver.py, standard-library
/// Python): a session request's spans with the GenAI conventions' names, a collector that is down,
/// slow or refusing, and the bounded queue.
@Suite(.serialized) struct OTLPTraceExporterTests {
    @Test(.requiresSmolLM2) func aSessionRequestReachesTheCollectorAsNestedGenAISpans() async throws {
        let receiver = try OTLPReceiver()
        defer { receiver.stop() }
        let exporter = OTLPTraceExporter(configuration: .init(endpoint: try #require(OTLPTraceExporter.tracesURL(forEndpoint: receiver.baseURL))))
        let session = LanguageModelSession(profile: TracedLookupProfile())
        let collector = TraceCollector(sessionID: session.traceSessionID)
        let registrations = [RequestTracing.addObserver(collector), RequestTracing.addObserver(exporter)]
        defer { for registration in registrations { registration.cancel() } }
        _ = try await session.respond(to: "Who is Sara?", generating: PersonCard.self)
        await exporter.flush()
        let trace = try #require(collector.finished.withLock { $0.first })
        let traceID = OTLPTraceExporter.hex(trace.id)
        #expect(traceID.count == 32)

        let lines = try receiver.spans(traceID: traceID)
        let spans = lines.compactMap { $0["span"] }
        let posts = try receiver.posts()
        #expect(posts.allSatisfy { $0["problems"]?.arrayValue?.isEmpty == true }, "\(posts)")
        // With opentelemetry-proto installed (scripts/test.sh), the receiver parsed each body with it.
        #expect(posts.allSatisfy { ["ok", "unavailable"].contains($0["proto"]?.stringValue ?? "") }, "\(posts)")
        #expect(lines.allSatisfy { $0["schemaUrl"]?.stringValue == "https://opentelemetry.io/schemas/1.37.0" })
        let serviceName = ProcessInfo.processInfo.environment["OTEL_SERVICE_NAME"] ?? "foundation-models"
        #expect(lines.allSatisfy { $0["resource"]?["service.name"]?.stringValue == serviceName })

        // The request's span: GenAI names, the session's numbers.
        let roots = spans.filter { $0["parentSpanId"] == nil }
        #expect(roots.count == 1)
        let root = try #require(roots.first)
        let attributes = try #require(root["attributes"])
        let modelName = try #require(attributes["gen_ai.request.model"]?.stringValue)
        #expect(modelName == URL(fileURLWithPath: TestModels.smolLM2Path).deletingPathExtension().lastPathComponent)
        #expect(root["name"]?.stringValue == "chat \(modelName)")
        #expect(attributes["gen_ai.operation.name"]?.stringValue == "chat")
        #expect(attributes["gen_ai.provider.name"]?.stringValue == "llama.cpp")
        #expect(attributes["gen_ai.conversation.id"]?.stringValue == session.traceSessionID.uuidString.lowercased())
        #expect(attributes["gen_ai.output.type"]?.stringValue == "json")
        #expect(attributes["gen_ai.request.max_tokens"]?.doubleValue == 160)
        #expect(attributes["gen_ai.usage.input_tokens"]?.doubleValue == Double(session.usage.input.totalTokenCount))
        #expect(attributes["gen_ai.usage.output_tokens"]?.doubleValue == Double(session.usage.output.totalTokenCount))
        #expect(attributes["fm.usage.cached_input_tokens"]?.doubleValue == Double(session.usage.input.cachedTokenCount))
        #expect(attributes["fm.ttft_ms"]?.doubleValue ?? 0 > 0)
        #expect(attributes["fm.tools_offered"]?.arrayValue?.compactMap(\.stringValue) == ["lookupTeamMember"])
        #expect(attributes["error.type"] == nil)

        // Nested: rounds under the request; prefill, decode and the tool under their round.
        let rootID = try #require(root["spanId"]?.stringValue)
        let rounds = spans.filter { $0["parentSpanId"]?.stringValue == rootID }
        #expect(rounds.compactMap { $0["name"]?.stringValue }.sorted() == ["round 1", "round 2"])
        let roundIDs = Set(rounds.compactMap { $0["spanId"]?.stringValue })
        let inner = spans.filter { roundIDs.contains($0["parentSpanId"]?.stringValue ?? "") }
        #expect(inner.count == spans.count - 1 - rounds.count)
        let innerNames = inner.compactMap { $0["name"]?.stringValue }
        #expect(innerNames.filter { $0 == "prefill" }.count == 2)
        #expect(innerNames.filter { $0 == "decode" }.count == 2)
        let tool = try #require(inner.first { $0["name"]?.stringValue == "execute_tool lookupTeamMember" })
        #expect(tool["attributes"]?["gen_ai.operation.name"]?.stringValue == "execute_tool")
        #expect(tool["attributes"]?["gen_ai.tool.name"]?.stringValue == "lookupTeamMember")
        let firstRound = try #require(rounds.first { $0["name"]?.stringValue == "round 1" })
        #expect(tool["parentSpanId"]?.stringValue == firstRound["spanId"]?.stringValue)
        let roundTokens = rounds.compactMap { $0["attributes"]?["fm.round.output_tokens"]?.doubleValue }.reduce(0, +)
        #expect(roundTokens == Double(session.usage.output.totalTokenCount))

        // Every span within the request's.
        let start = try #require(root["startTimeUnixNano"]?.stringValue.flatMap { Int64($0) })
        let end = try #require(root["endTimeUnixNano"]?.stringValue.flatMap { Int64($0) })
        for span in spans {
            let spanStart = try #require(span["startTimeUnixNano"]?.stringValue.flatMap { Int64($0) })
            let spanEnd = try #require(span["endTimeUnixNano"]?.stringValue.flatMap { Int64($0) })
            #expect(spanStart >= start && spanEnd <= end + 1_000 && spanStart <= spanEnd, "\(span)")
        }
        #expect(exporter.exportedSpanCount >= spans.count)
    }

    @Test func aCollectorThatIsDownNeverDelaysTheCallerAndTheQueueStaysBounded() async throws {
        let receiver = try OTLPReceiver()
        receiver.stop()  // nothing listens on its port now
        var configuration = OTLPTraceExporter.Configuration(endpoint: try #require(OTLPTraceExporter.tracesURL(forEndpoint: receiver.baseURL)))
        configuration.timeout = .seconds(10)
        let exporter = OTLPTraceExporter(configuration: configuration)
        let clock = ContinuousClock()
        var slowest = Duration.zero
        var largestQueue = 0
        let total = clock.measure {
            for _ in 0..<10_000 {
                let trace = Self.syntheticTrace()
                let call = clock.measure { exporter.requestDidFinish(trace) }
                slowest = max(slowest, call)
                largestQueue = max(largestQueue, exporter.queuedTraceCount)
            }
        }
        #expect(largestQueue <= configuration.maximumQueuedTraces)
        // A second allows for a thread preempted on a loaded machine (CI runs many suites at
        // once on two cores); a call that waited for the collector would take the POST's 10 s timeout.
        #expect(slowest < .seconds(1), "the slowest observer call took \(slowest)")
        print("OTLP: 10,000 observer calls took \(total), the slowest \(slowest); \(exporter.droppedTraceCount) dropped at once")
        #expect(total < .seconds(10), "10,000 observer calls took \(total)")
        // What did not fit was dropped (and counted) at once; a batch or two may be in flight.
        #expect(exporter.droppedTraceCount >= 10_000 - configuration.maximumQueuedTraces - 64)
        await exporter.flush()
        #expect(exporter.queuedTraceCount == 0)
        #expect(exporter.droppedTraceCount == 10_000)
        #expect(exporter.exportedSpanCount == 0)
    }

    @Test(.requiresSmolLM2) func aSlowCollectorNeverDelaysARequest() async throws {
        let receiver = try OTLPReceiver(delay: 5)
        defer { receiver.stop() }
        let exporter = OTLPTraceExporter(configuration: .init(endpoint: try #require(OTLPTraceExporter.tracesURL(forEndpoint: receiver.baseURL))))
        // Keep the exporter busy with a POST the receiver holds for 5 s (within the exporter's
        // default timeout, so that nothing is dropped).
        exporter.requestDidFinish(Self.syntheticTrace())
        try await Task.sleep(for: .milliseconds(1_200))
        let session = LanguageModelSession(model: SessionFixtures.smolLM2, instructions: "Be brief.")
        let timed = TimedObserver(exporter, sessionID: session.traceSessionID)
        let collector = TraceCollector(sessionID: session.traceSessionID)
        let registrations = [RequestTracing.addObserver(timed), RequestTracing.addObserver(collector)]
        defer { for registration in registrations { registration.cancel() } }
        let clock = ContinuousClock()
        let requestTime = try await clock.measure {
            _ = try await session.respond(to: "Say hello.", options: GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 8))
        }
        let observerTime = try #require(timed.calls.withLock { $0.first })
        // A second allows for preemption on a loaded machine; waiting for the POST would take seconds.
        #expect(observerTime < .seconds(1), "the exporter's observer call took \(observerTime)")
        // The receiver holds each POST for 5 s; the request did not wait for it.
        print("OTLP: a request took \(requestTime) while the exporter's POST waited; its observer call \(observerTime)")
        let trace = try #require(collector.finished.withLock { $0.first })
        await exporter.flush()
        #expect(try receiver.spans(traceID: OTLPTraceExporter.hex(trace.id)).count == OTLPTraceExporter.spanCount(of: trace))
        #expect(exporter.droppedTraceCount == 0)
    }

    @Test func aCollectorThatTimesOutOrRefusesIsTriedTwiceThenTheTraceIsDropped() async throws {
        let refusing = try OTLPReceiver(status: 503)
        defer { refusing.stop() }
        let first = OTLPTraceExporter(configuration: .init(endpoint: try #require(OTLPTraceExporter.tracesURL(forEndpoint: refusing.baseURL))))
        first.requestDidFinish(Self.syntheticTrace())
        await first.flush()
        #expect(first.droppedTraceCount == 1)
        #expect(first.exportedSpanCount == 0)
        #expect(try refusing.posts().count == 2)

        let slow = try OTLPReceiver(delay: 20)
        defer { slow.stop() }
        var configuration = OTLPTraceExporter.Configuration(endpoint: try #require(OTLPTraceExporter.tracesURL(forEndpoint: slow.baseURL)))
        configuration.timeout = .seconds(1)
        let second = OTLPTraceExporter(configuration: configuration)
        second.requestDidFinish(Self.syntheticTrace())
        let clock = ContinuousClock()
        let flushTime = await clock.measure { await second.flush() }
        #expect(second.droppedTraceCount == 1)
        // Waiting for the receiver would take 20 s or more.
        #expect(flushTime < .seconds(12), "two 1 s timeouts took \(flushTime)")
    }

    @Test func baseURLsGetTheTracesPath() {
        #expect(OTLPTraceExporter.tracesURL(forEndpoint: "http://127.0.0.1:4318")?.absoluteString == "http://127.0.0.1:4318/v1/traces")
        #expect(OTLPTraceExporter.tracesURL(forEndpoint: "http://collector:4318/")?.absoluteString == "http://collector:4318/v1/traces")
        #expect(OTLPTraceExporter.tracesURL(forEndpoint: "https://otel.example/v1/traces")?.absoluteString == "https://otel.example/v1/traces")
        #expect(OTLPTraceExporter.tracesURL(forEndpoint: "https://otel.example/prefix")?.absoluteString == "https://otel.example/prefix/v1/traces")
        #expect(OTLPTraceExporter.tracesURL(forEndpoint: "127.0.0.1:4318") == nil)
        #expect(OTLPTraceExporter.tracesURL(forEndpoint: "file:///tmp/x") == nil)
    }

    @Test func spansCarryContentOnlyWhenTheTraceHoldsItAndErrorsAsStatus() throws {
        var trace = Self.syntheticTrace()
        var counter: UInt64 = 0
        let next = { () -> UInt64 in
            counter += 1
            return counter
        }
        let plain = OTLPTraceExporter.spans(of: trace, makeSpanID: next)
        #expect(plain.count == OTLPTraceExporter.spanCount(of: trace))
        #expect(plain.allSatisfy { $0["attributes"]?.arrayValue?.contains { $0["key"]?.stringValue == "gen_ai.input.messages" } == false })
        #expect(plain.first?["spanId"]?.stringValue == "0000000000000001")
        #expect(plain.first?["name"]?.stringValue == "chat SmolLM2-360M")

        trace.prompt = "Who is Sara?"
        trace.response = #"{"name": "Sara"}"#
        trace.instructions = "Be brief."
        trace.error = #"FoundationModelsCore.LanguageModelSession.GenerationError.exceededContextWindowSize(FoundationModelsCore.Context(debugDescription: "too long"))"#
        let full = OTLPTraceExporter.spans(of: trace, makeSpanID: next)
        let attributes = try #require(full.first?["attributes"]?.arrayValue)
        func value(_ key: String) -> JSONValue? { attributes.first { $0["key"]?.stringValue == key }?["value"] }
        let input = try JSONReader.read(try #require(value("gen_ai.input.messages")?["stringValue"]?.stringValue))
        let message = try #require(input.arrayValue?.first)
        #expect(message["role"]?.stringValue == "user")
        #expect(message["parts"]?.arrayValue?.first?["content"]?.stringValue == "Who is Sara?")
        #expect(value("gen_ai.output.messages") != nil && value("gen_ai.system_instructions") != nil)
        #expect(value("error.type")?["stringValue"]?.stringValue == "FoundationModelsCore.LanguageModelSession.GenerationError.exceededContextWindowSize")
        #expect(full.first?["status"]?["code"]?.doubleValue == 2)
        #expect(value("gen_ai.usage.input_tokens")?["intValue"]?.stringValue == "120")
    }

    @Test func theQueueBatchesBySpansAndTimeAndDropsTheOldest() {
        let start = ContinuousClock.now
        var queue = OTLPExportQueue(capacity: 3, batchSpans: 10, interval: .seconds(1), now: start)
        let trace = Self.syntheticTrace()
        let dueBySize = [queue.enqueue(trace, spans: 4)]
        guard case .wait(let until) = queue.next(now: start) else { Issue.record("a batch before it was due"); return }
        #expect(until == start + .seconds(1))
        let more = (1...3).map { _ in queue.enqueue(trace, spans: 4) }  // the third pushes the oldest out
        #expect(dueBySize + more == [false, false, true, true])
        #expect(queue.droppedTraces == 1 && queue.queuedTraces == 3 && queue.queuedSpans == 12)
        guard case .send(let batch) = queue.next(now: start) else { Issue.record("no batch at 12 spans"); return }
        #expect(batch.count == 2)
        queue.finished(traces: 2, spans: 8, exported: true)
        guard case .send(let rest) = queue.next(now: start + .seconds(2)) else { Issue.record("no batch after the interval"); return }
        #expect(rest.count == 1)
        queue.finished(traces: 1, spans: 4, exported: false)
        #expect(queue.exportedSpans == 8 && queue.droppedTraces == 2 && queue.isIdle)
    }

    @Test func theRingBufferKeepsTheNewest() {
        var ring = TraceRingBuffer<Int>(capacity: 3)
        for value in 1...2 { ring.append(value) }
        #expect(ring.popFirst() == 1)
        for value in 3...6 { ring.append(value) }
        #expect(ring.elements == [4, 5, 6])
        #expect(ring.count == 3 && ring.first == 4)
    }

    /// A finished request of two rounds, the first calling a tool.
    static func syntheticTrace() -> RequestTrace {
        var usage = LanguageModelSession.Usage()
        usage.input = .init(totalTokenCount: 120, cachedTokenCount: 40)
        usage.output = .init(totalTokenCount: 30, reasoningTokenCount: 0)
        var half = LanguageModelSession.Usage()
        half.input = .init(totalTokenCount: 60, cachedTokenCount: 20)
        half.output = .init(totalTokenCount: 15, reasoningTokenCount: 0)
        let call = RequestTrace.ToolCall(name: "lookupTeamMember", start: .milliseconds(400), duration: .milliseconds(5))
        return RequestTrace(
            id: UUID(), sessionID: UUID(), model: "SystemLanguageModel(/models/SmolLM2-360M.gguf)", startDate: Date(), duration: .milliseconds(900),
            toolsOffered: ["lookupTeamMember"], options: ["temperature": "0.5", "maximumResponseTokens": "64"], usage: usage,
            timeToFirstToken: .milliseconds(100),
            rounds: [
                RequestTrace.Round(
                    start: .milliseconds(1), duration: .milliseconds(399), usage: half, timeToFirstToken: .milliseconds(99),
                    prefillDuration: .milliseconds(90), toolCalls: [call]),
                RequestTrace.Round(
                    start: .milliseconds(410), duration: .milliseconds(490), usage: half, timeToFirstToken: .milliseconds(50),
                    prefillDuration: .milliseconds(45), toolCalls: [])
            ])
    }
}

/// Times another observer's `requestDidFinish` for one session's requests.
final class TimedObserver: RequestTraceObserver {
    let observer: any RequestTraceObserver
    let sessionID: UUID
    let calls = Mutex<[Duration]>([])

    init(_ observer: any RequestTraceObserver, sessionID: UUID) {
        self.observer = observer
        self.sessionID = sessionID
    }

    func requestDidFinish(_ trace: RequestTrace) {
        guard trace.sessionID == sessionID else { return }
        let duration = ContinuousClock().measure { observer.requestDidFinish(trace) }
        calls.withLock { $0.append(duration) }
    }
}
