public import Foundation
import JSONValues
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends request traces to an OpenTelemetry collector as spans, over OTLP/HTTP with the JSON
/// encoding (an extra of this implementation).
///
/// Each request becomes one trace: a span named after the GenAI semantic conventions
/// (`chat SmolLM2-360M-Instruct`) with `gen_ai.*` attributes and the request's token counts,
/// a child span per model call (`round 1`, …) with its prefill and decode, and one per tool call
/// (`execute_tool lookupTeamMember`). The names follow the conventions of version
/// ``semanticConventionsVersion``, whose schema URL the spans carry; they are still in
/// Development and may be renamed by later versions. Text (prompts, responses, tool arguments)
/// is sent only when ``RequestTracing/recordsContent`` is on.
///
/// `FM_OTLP_ENDPOINT=http://127.0.0.1:4318` registers one for the process (see
/// ``RequestTracing``); or register your own:
///
/// ```swift
/// let exporter = OTLPTraceExporter(configuration: .init(endpoint: URL(string: "http://127.0.0.1:4318/v1/traces")!))
/// let registration = RequestTracing.addObserver(exporter)
/// // … requests …
/// await exporter.flush()
/// ```
///
/// A request never waits for the collector: a finished trace is queued under a lock and a
/// background task sends batches (every ``Configuration/batchInterval`` or
/// ``Configuration/batchSpanCount`` spans). The queue holds at most
/// ``Configuration/maximumQueuedTraces``; beyond, the oldest trace is dropped. A batch that fails
/// (no answer within ``Configuration/timeout``, a transport error, a status other than 2xx) is
/// sent once more, then dropped. ``droppedTraceCount`` counts both.
public final class OTLPTraceExporter: RequestTraceObserver {
    /// The version of OpenTelemetry's semantic conventions the span and attribute names follow.
    public static let semanticConventionsVersion = "1.37.0"

    /// The schema URL of that version, on every exported resource and scope.
    public static let schemaURL = "https://opentelemetry.io/schemas/\(semanticConventionsVersion)"

    /// The instrumentation scope's name.
    static let scopeName = "FoundationModels"

    /// Where and how the exporter sends spans.
    public struct Configuration: Sendable {
        /// The collector's traces URL (`http://127.0.0.1:4318/v1/traces`).
        public var endpoint: URL
        /// The resource's `service.name` (default: `OTEL_SERVICE_NAME`, else `foundation-models`).
        public var serviceName: String
        /// Header fields sent with each request (an API key, for example).
        public var headers: [String: String] = [:]
        /// The most finished traces that wait to be sent; beyond, the oldest is dropped.
        public var maximumQueuedTraces = 2_048
        /// Queued spans that start a batch at once.
        public var batchSpanCount = 64
        /// The longest a trace waits for its batch to fill.
        public var batchInterval: Duration = .seconds(1)
        /// How long one request to the collector may take before it counts as failed.
        public var timeout: Duration = .seconds(10)

        /// A configuration sending to this traces URL.
        ///
        /// - Parameter endpoint: The collector's traces URL; ``OTLPTraceExporter/tracesURL(forEndpoint:)``
        ///   makes one from a base URL.
        public init(endpoint: URL) {
            self.endpoint = endpoint
            let name = ProcessInfo.processInfo.environment["OTEL_SERVICE_NAME"] ?? ""
            serviceName = name.isEmpty ? "foundation-models" : name
        }
    }

    /// The configuration.
    public let configuration: Configuration
    private let storage: OTLPExportStorage
    private let sender: OTLPHTTPSender

    /// Starts the exporter's background task; it sends nothing until traces arrive.
    ///
    /// - Parameter configuration: Where and how to send.
    public init(configuration: Configuration) {
        precondition(configuration.maximumQueuedTraces >= 1, "maximumQueuedTraces must be at least 1, got \(configuration.maximumQueuedTraces)")
        self.configuration = configuration
        storage = OTLPExportStorage(
            queue: OTLPExportQueue(
                capacity: configuration.maximumQueuedTraces, batchSpans: max(1, configuration.batchSpanCount), interval: configuration.batchInterval,
                now: .now))
        sender = OTLPHTTPSender(configuration: configuration)
        let storage = storage
        let sender = sender
        // Detached: the sender is no part of the request that happened to start it.
        Task.detached(priority: .utility) { await Self.run(storage: storage, sender: sender) }
    }

    deinit {
        storage.shutDown()
    }

    /// The traces URL for `FM_OTLP_ENDPOINT`'s value: a collector's base URL
    /// (`http://127.0.0.1:4318`) gets `/v1/traces`; a URL that already ends in `/v1/traces` is
    /// kept.
    ///
    /// - Returns: The URL, or `nil` when the text is not an `http` or `https` URL with a host.
    public static func tracesURL(forEndpoint text: String) -> URL? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let url = URL(string: trimmed), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host != nil else {
            return nil
        }
        if url.path.hasSuffix("/v1/traces") { return url }
        var base = trimmed
        while base.hasSuffix("/") { base.removeLast() }
        return URL(string: base + "/v1/traces")
    }

    /// The exporter `FM_OTLP_ENDPOINT` asks for (created on first use, and registered with
    /// ``RequestTracing`` before the process's first traced request); `nil` without the
    /// variable. Flush it before the process ends so that the last requests' spans are sent.
    public static var environment: OTLPTraceExporter? { environmentExporter }

    private static let environmentExporter: OTLPTraceExporter? = {
        let environment = ProcessInfo.processInfo.environment
        guard let endpoint = environment["FM_OTLP_ENDPOINT"], !endpoint.isEmpty else { return nil }
        guard let url = tracesURL(forEndpoint: endpoint) else {
            FileHandle.standardError.write(Data("warning: FM_OTLP_ENDPOINT: '\(endpoint)' is not an http(s) URL; no spans are exported\n".utf8))
            return nil
        }
        return OTLPTraceExporter(configuration: Configuration(endpoint: url))
    }()

    /// Queues the request's trace for the next batch (a lock and an append: it never waits for
    /// the collector).
    public func requestDidFinish(_ trace: RequestTrace) {
        storage.enqueue(trace, spans: Self.spanCount(of: trace))
    }

    /// Traces dropped so far: pushed out of the full queue, or in a batch the collector did not
    /// accept after a retry.
    public var droppedTraceCount: Int { storage.state.withLock { $0.queue.droppedTraces } }

    /// Spans the collector accepted so far.
    public var exportedSpanCount: Int { storage.state.withLock { $0.queue.exportedSpans } }

    /// Traces waiting to be sent now.
    package var queuedTraceCount: Int { storage.state.withLock { $0.queue.queuedTraces } }

    /// Sends everything queued now, in batches, and waits until every batch in flight has ended
    /// (accepted or dropped): for tests, and before the process ends.
    ///
    /// Cancelling the calling task stops the wait; batches already being sent go on.
    public func flush() async {
        while !Task.isCancelled {
            guard case .send(let batch) = storage.state.withLock({ $0.queue.next(now: .now, force: true) }) else { break }
            await Self.send(batch, storage: storage, sender: sender)
        }
        while !Task.isCancelled, !storage.state.withLock({ $0.queue.isIdle }) {
            try? await Task.sleep(for: .milliseconds(10))
        }
    }

    /// The background task: sends batches as they fall due, until the exporter goes away.
    private static func run(storage: OTLPExportStorage, sender: OTLPHTTPSender) async {
        while true {
            let next: OTLPExportQueue.Next? = storage.state.withLock { state in
                state.isShutDown ? nil : state.queue.next(now: .now)
            }
            switch next {
            case nil: return
            case .send(let batch): await send(batch, storage: storage, sender: sender)
            case .wait(let deadline): await storage.wait(until: deadline)
            }
        }
    }

    /// Sends one batch, once more if it fails, and records the outcome.
    private static func send(_ batch: [RequestTrace], storage: OTLPExportStorage, sender: OTLPHTTPSender) async {
        let spans = batch.reduce(0) { $0 + spanCount(of: $1) }
        let body = requestBody(for: batch, serviceName: sender.serviceName) { UInt64.random(in: 1...UInt64.max) }
        let data = Data(body.jsonText().utf8)
        var exported = await sender.post(data)
        if !exported { exported = await sender.post(data) }
        storage.state.withLock { $0.queue.finished(traces: batch.count, spans: spans, exported: exported) }
    }
}

/// The exporter's queue under a lock, and the background task's wake-up.
private final class OTLPExportStorage: Sendable {
    struct State {
        var queue: OTLPExportQueue
        var waiter: CheckedContinuation<Void, Never>?
        /// A wake-up that came while the task was not waiting: its next wait returns at once.
        var wakePending = false
        var isShutDown = false
    }

    let state: Mutex<State>

    init(queue: OTLPExportQueue) {
        state = Mutex(State(queue: queue))
    }

    func enqueue(_ trace: RequestTrace, spans: Int) {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            _ = state.queue.enqueue(trace, spans: spans)
            return state.takeWaiter()
        }
        // Resuming only schedules the task: the request's thread does not wait for it.
        waiter?.resume()
    }

    func wake() {
        state.withLock { $0.takeWaiter() }?.resume()
    }

    func shutDown() {
        state.withLock { state in
            state.isShutDown = true
            return state.takeWaiter()
        }?.resume()
    }

    /// Waits for a wake-up, or until the deadline.
    func wait(until deadline: ContinuousClock.Instant?) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now = state.withLock { state in
                guard !state.wakePending, !state.isShutDown else {
                    state.wakePending = false
                    return true
                }
                state.waiter = continuation
                return false
            }
            if now {
                continuation.resume()
            } else if let deadline {
                let delay = max(0, (deadline - .now).seconds)
                DispatchQueue.global().asyncAfter(deadline: .now() + delay) { [weak self] in self?.wake() }
            }
        }
    }
}

extension OTLPExportStorage.State {
    /// The waiting task's continuation, or a pending wake-up when it is not waiting.
    mutating func takeWaiter() -> CheckedContinuation<Void, Never>? {
        guard let waiter else {
            wakePending = true
            return nil
        }
        self.waiter = nil
        return waiter
    }
}

/// POSTs export requests to the collector with a deadline.
private struct OTLPHTTPSender: Sendable {
    let url: URL
    let headers: [String: String]
    let timeout: Duration
    let serviceName: String
    let session: URLSession

    init(configuration: OTLPTraceExporter.Configuration) {
        url = configuration.endpoint
        headers = configuration.headers
        timeout = configuration.timeout
        serviceName = configuration.serviceName
        let sessionConfiguration = URLSessionConfiguration.ephemeral
        sessionConfiguration.timeoutIntervalForRequest = configuration.timeout.seconds
        sessionConfiguration.timeoutIntervalForResource = configuration.timeout.seconds
        session = URLSession(configuration: sessionConfiguration)
    }

    /// Whether the collector accepted the body (a 2xx status) within the timeout.
    func post(_ body: Data) async -> Bool {
        var request = URLRequest(url: url, timeoutInterval: timeout.seconds)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.httpBody = body
        let outcome = PostOutcome()
        // The completion-handler API: the async one can hang on Linux Foundation.
        return await withCheckedContinuation { continuation in
            outcome.set(continuation)
            let task = session.dataTask(with: request) { _, response, error in
                let status = (response as? HTTPURLResponse)?.statusCode ?? 0
                outcome.resume(error == nil && (200..<300).contains(status))
            }
            task.resume()
            // Our own deadline too, in case the transport's does not fire.
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout.seconds + 0.25) {
                if outcome.resume(false) { task.cancel() }
            }
        }
    }

    /// Resumes the POST's continuation once, with the first outcome.
    private final class PostOutcome: Sendable {
        private let continuation = Mutex<CheckedContinuation<Bool, Never>?>(nil)

        func set(_ continuation: CheckedContinuation<Bool, Never>) {
            self.continuation.withLock { $0 = continuation }
        }

        /// Resumes with `accepted` unless already resumed; returns whether this call did.
        @discardableResult
        func resume(_ accepted: Bool) -> Bool {
            guard let continuation = continuation.withLock({ $0.take() }) else { return false }
            continuation.resume(returning: accepted)
            return true
        }
    }
}
