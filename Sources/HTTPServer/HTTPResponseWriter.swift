public import Foundation
import Synchronization

/// Where a handler sends its response: whole with ``respond(_:)``, or streamed with
/// ``startStreaming(_:)``, ``send(_:)`` and ``finish()`` (chunked transfer coding, as
/// Server-Sent Events need).
///
/// The writer never blocks: it queues bytes, and the connection's own thread writes them to the
/// socket. When the client disconnects, ``isClientGone`` turns true, further bytes are dropped,
/// and the handler's task is cancelled.
///
/// ```swift
/// writer.startStreaming(HTTPResponse(status: 200, headers: [("Content-Type", "text/event-stream")]))
/// for await event in events { guard writer.send(Data("data: \(event)\n\n".utf8)) else { break } }
/// writer.finish()
/// ```
public final class HTTPResponseWriter: Sendable {
    private enum Phase {
        case waiting
        case streaming
        case done
    }

    private struct State {
        var output = Data()
        var phase = Phase.waiting
        var clientGone = false
        var status: Int?
    }

    /// Whether the connection stays open after this response.
    public let keepsAlive: Bool
    private let state = Mutex(State())
    private let wakeUp = DispatchSemaphore(value: 0)

    /// A writer for one response.
    ///
    /// - Parameter keepsAlive: Whether the connection stays open after the response.
    public init(keepsAlive: Bool) {
        self.keepsAlive = keepsAlive
    }

    /// Sends a whole response (ignored once a response has begun).
    public func respond(_ response: HTTPResponse) {
        enqueue { state in
            guard state.phase == .waiting else { return }
            state.output.append(response.serialized(keepAlive: keepsAlive))
            state.status = response.status
            state.phase = .done
        }
    }

    /// Sends the head of a streamed response (ignored once a response has begun).
    public func startStreaming(_ head: HTTPResponse) {
        enqueue { state in
            guard state.phase == .waiting else { return }
            state.output.append(head.chunkedHead(keepAlive: keepsAlive))
            state.status = head.status
            state.phase = .streaming
        }
    }

    /// Sends a piece of a streamed body.
    ///
    /// - Returns: `false` when the client has gone, so that the handler can stop.
    @discardableResult
    public func send(_ data: Data) -> Bool {
        enqueue { state in
            guard state.phase == .streaming, !state.clientGone else { return }
            state.output.append(HTTPResponse.chunk(data))
        }
        return !isClientGone
    }

    /// Ends the response: the last chunk of a streamed body, or a 500 when the handler sent
    /// nothing. Calling it again does nothing.
    public func finish() {
        enqueue { state in
            switch state.phase {
            case .waiting:
                let body = Data(#"{"error":{"message":"the server sent no response","type":"server_error"}}"#.utf8)
                state.output.append(HTTPResponse.json(500, body).serialized(keepAlive: keepsAlive))
                state.status = 500
            case .streaming:
                state.output.append(HTTPResponse.lastChunk)
            case .done:
                return
            }
            state.phase = .done
        }
    }

    /// Whether the client disconnected before the response ended.
    public var isClientGone: Bool {
        state.withLock(\.clientGone)
    }

    /// The status of the response, once it has begun.
    public var status: Int? {
        state.withLock(\.status)
    }

    /// The bytes queued so far, and whether the response is complete; waits up to `timeout` for
    /// something to happen when nothing is queued.
    func takeOutput(waitingUpTo timeout: Duration) -> (bytes: Data, isComplete: Bool) {
        if state.withLock({ $0.output.isEmpty && $0.phase != .done }) {
            let (seconds, attoseconds) = timeout.components
            let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
            _ = wakeUp.wait(timeout: .now() + .nanoseconds(nanoseconds))
        }
        return state.withLock { state in
            let bytes = state.output
            state.output = Data()
            return (bytes, state.phase == .done)
        }
    }

    /// Records that the client has gone: later bytes are dropped.
    func markClientGone() {
        enqueue { state in
            state.clientGone = true
            state.output = Data()
        }
    }

    private func enqueue(_ change: (inout State) -> Void) {
        state.withLock { change(&$0) }
        wakeUp.signal()
    }
}
