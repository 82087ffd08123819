import Foundation
import FoundationModelsCore
import Synchronization

/// The server's last requests, as traces: a ring buffer that keeps the newest ``capacity``
/// traces of this server's own runs (those traced under its session id) and ignores the rest of
/// the process's traced requests.
final class TraceBuffer: RequestTraceObserver {
    /// The most traces kept.
    let capacity: Int
    /// The session id this server's runs are traced under.
    let sessionID: UUID
    private let traces: Mutex<TraceRingBuffer<RequestTrace>>

    init(capacity: Int, sessionID: UUID) {
        self.capacity = capacity
        self.sessionID = sessionID
        traces = Mutex(TraceRingBuffer(capacity: capacity))
    }

    func requestDidFinish(_ trace: RequestTrace) {
        guard trace.sessionID == sessionID else { return }
        traces.withLock { _ = $0.append(trace) }
    }

    /// The newest traces first, at most `limit`.
    func newest(limit: Int) -> [RequestTrace] {
        Array(traces.withLock { $0.elements }.reversed().prefix(limit))
    }

    /// The kept trace with this id.
    func trace(id: UUID) -> RequestTrace? {
        traces.withLock { $0.elements }.last { $0.id == id }
    }
}
