import Foundation
import JSONValues
import Synchronization

/// One client connection: reads requests, runs the server's handler for each, writes what the
/// handler queues, and watches for the client leaving. Runs on a thread of its own.
final class HTTPConnection: Sendable {
    /// How long one blocking read waits before the connection checks its deadlines.
    static let readSlice = Duration.milliseconds(250)
    /// How often a response in progress checks whether the client is still there.
    static let outputSlice = Duration.milliseconds(20)

    private let socket: Socket
    private unowned let server: HTTPServer
    private let running = Mutex<Task<Void, Never>?>(nil)

    init(socket: Socket, server: HTTPServer) {
        self.socket = socket
        self.server = server
    }

    /// Cancels the handler in progress, if any.
    func cancel() {
        running.withLock { $0?.cancel() }
    }

    /// Serves requests until the client leaves, a request is malformed or too slow, the
    /// connection is not kept alive, or the server stops; then closes the socket.
    func run() {
        defer { socket.close() }
        let configuration = server.configuration
        let clock = ContinuousClock()
        var parser = HTTPRequestParser(limits: configuration.limits)
        var idleSince = clock.now
        var requestStarted: ContinuousClock.Instant?
        while true {
            do {
                if let request = try parser.nextRequest() {
                    requestStarted = nil
                    guard serve(request) else { return }
                    idleSince = clock.now
                    continue
                }
            } catch {
                reject(status: error.status, message: error.description)
                return
            }
            if parser.hasPartialRequest {
                let started = requestStarted ?? clock.now
                requestStarted = started
                if clock.now - started > configuration.requestTimeout {
                    reject(status: 408, message: "the request did not arrive within \(configuration.requestTimeout)")
                    return
                }
            } else if server.isStopping || clock.now - idleSince > configuration.idleTimeout {
                return
            }
            switch socket.read() {
            case .bytes(let bytes): parser.append(bytes)
            case .timedOut: continue
            case .closed: return
            }
        }
    }

    /// Runs the handler for one request and writes its response; whether to read another.
    private func serve(_ request: HTTPRequest) -> Bool {
        let writer = HTTPResponseWriter(keepsAlive: request.keepsAlive && !server.isStopping)
        let handler = server.handler
        let task = Task(executorPreference: server.handlerExecutor) {
            await handler(request, writer)
            writer.finish()
        }
        running.withLock { $0 = task }
        defer { running.withLock { $0 = nil } }
        while true {
            let (bytes, isComplete) = writer.takeOutput(waitingUpTo: Self.outputSlice)
            if !bytes.isEmpty, !socket.write(bytes) {
                abandon(writer, task)
                return false
            }
            if isComplete { return writer.keepsAlive }
            if socket.peerHasClosed {
                abandon(writer, task)
                return false
            }
        }
    }

    /// The client left mid-response: cancel the handler and wait (briefly) for it to end.
    private func abandon(_ writer: HTTPResponseWriter, _ task: Task<Void, Never>) {
        writer.markClientGone()
        task.cancel()
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(5)
        while clock.now < deadline, !writer.takeOutput(waitingUpTo: Self.outputSlice).isComplete {}
    }

    /// Answers a request that cannot be served with its status and a JSON error, then the
    /// connection closes.
    private func reject(status: Int, message: String) {
        let body = #"{"error":{"message":"# + JSONWriter.quoted(message) + #","type":"invalid_request_error"}}"#
        _ = socket.write(HTTPResponse.json(status, Data(body.utf8)).serialized(keepAlive: false))
    }
}
