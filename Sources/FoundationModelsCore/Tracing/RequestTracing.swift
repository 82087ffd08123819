public import Foundation
import Synchronization

/// Turns request tracing on and off, and hands each finished ``RequestTrace`` to its observers
/// (an extra of this implementation: Linux's counterpart of Xcode's Foundation Models instrument).
///
/// Every session request is traced while at least one observer is registered, whatever its model
/// (local, OpenAI-compatible, Private Cloud Compute, your own executor). Without code changes,
/// environment variables register the package's own observers when the first request starts:
///
/// | variable | effect |
/// |---|---|
/// | `FM_TRACE=FILE` | writes every request to `FILE` in Chrome's trace-event format, which Perfetto and `chrome://tracing` open; `{pid}` in the name becomes the process id |
/// | `FM_TRACE_CONTENT=1` | records prompt, response and tool text too (off: names and numbers only) |
/// | `FM_OTLP_ENDPOINT=URL` | exports every request as OpenTelemetry spans over OTLP/HTTP (JSON) to a collector: its base URL (`http://127.0.0.1:4318`, spans go to `/v1/traces`) or the full traces URL; `OTEL_SERVICE_NAME` names the service (see ``OTLPTraceExporter``) |
///
/// ```swift
/// final class TokenLog: RequestTraceObserver {
///     func requestDidFinish(_ trace: RequestTrace) {
///         print(trace.model, trace.usage.input.totalTokenCount, trace.duration)
///     }
/// }
/// let registration = RequestTracing.addObserver(TokenLog())
/// ```
///
/// With no observer, a request records nothing: one atomic load decides.
public enum RequestTracing {
    /// Whether text (prompts, rendered prompts, tool arguments and outputs, responses) is
    /// recorded; names and numbers always are. `FM_TRACE_CONTENT=1` turns it on.
    public static var recordsContent: Bool {
        get { contentFlag.load(ordering: .relaxed) }
        set { contentFlag.store(newValue, ordering: .relaxed) }
    }

    /// Registers an observer until the returned registration is cancelled.
    ///
    /// - Parameter observer: Receives each request's start and its finished trace, on the
    ///   request's task: keep it quick (queue slow work).
    /// - Returns: The registration; ``Registration/cancel()`` removes the observer.
    @discardableResult
    public static func addObserver(_ observer: any RequestTraceObserver) -> Registration {
        let registration = Registration()
        observers.withLock { $0.append((registration.id, observer)) }
        observerCount.add(1, ordering: .relaxed)
        return registration
    }

    /// An observer's registration.
    public struct Registration: Sendable, Hashable {
        let id = UUID()

        /// Removes the observer; it receives no further traces.
        public func cancel() {
            let removed = RequestTracing.observers.withLock { list in
                let before = list.count
                list.removeAll { $0.id == id }
                return before - list.count
            }
            if removed > 0 { RequestTracing.observerCount.subtract(removed, ordering: .relaxed) }
        }
    }

    /// Whether requests are traced now (some observer is registered).
    static var isEnabled: Bool {
        _ = environmentObservers
        return observerCount.load(ordering: .relaxed) > 0
    }

    static func started(_ start: RequestTraceStart) {
        for observer in currentObservers() { observer.requestDidStart(start) }
    }

    static func finished(_ trace: RequestTrace) {
        for observer in currentObservers() { observer.requestDidFinish(trace) }
    }

    private static func currentObservers() -> [any RequestTraceObserver] {
        observers.withLock { $0.map(\.observer) }
    }

    private static let observers = Mutex<[(id: UUID, observer: any RequestTraceObserver)]>([])
    private static let observerCount = Atomic<Int>(0)
    private static let contentFlag = Atomic<Bool>(false)

    /// The observers the environment asks for, registered once, before the first traced request.
    private static let environmentObservers: Void = {
        let environment = ProcessInfo.processInfo.environment
        if environment["FM_TRACE_CONTENT"] == "1" { contentFlag.store(true, ordering: .relaxed) }
        if let path = environment["FM_TRACE"], !path.isEmpty {
            do {
                addObserver(try ChromeTraceFile(path: path))
            } catch {
                FileHandle.standardError.write(Data("warning: FM_TRACE: \(error)\n".utf8))
            }
        }
        if let exporter = OTLPTraceExporter.environment { addObserver(exporter) }
    }()
}

/// Receives traces of session requests (see ``RequestTracing``).
public protocol RequestTraceObserver: Sendable {
    /// A request started; its trace follows when it ends. Does nothing by default.
    func requestDidStart(_ start: RequestTraceStart)
    /// A request ended, with its response or its error.
    func requestDidFinish(_ trace: RequestTrace)
}

extension RequestTraceObserver {
    /// Does nothing.
    public func requestDidStart(_ start: RequestTraceStart) {}
}

/// What is known of a request when it starts.
public struct RequestTraceStart: Sendable {
    /// The request's identifier (its ``RequestTrace/id``).
    public var id: UUID
    /// The session's identifier.
    public var sessionID: UUID
    /// The model, described.
    public var model: String
    /// When the request started.
    public var date: Date
}
