import Foundation
import Synchronization

/// A small HTTP/1.1 server: one thread accepts connections, one thread per connection reads
/// requests strictly (``HTTPRequestParser``) and writes responses, and each request's handler runs
/// as a Swift task on the server's own threads (so it answers even while CPU-bound work holds
/// Swift's cooperative pool). Slow clients are bounded by timeouts, malformed requests get their 4xx, and a
/// client that disconnects mid-response has its handler cancelled.
///
/// ```swift
/// let server = try HTTPServer(configuration: .init(port: 8080)) { request, writer in
///     writer.respond(.json(200, Data(#"{"ok":true}"#.utf8)))
/// }
/// server.start()
/// …
/// await server.stop(gracePeriod: .seconds(10))
/// ```
public final class HTTPServer: Sendable {
    /// What the server listens on, and its limits.
    public struct Configuration: Sendable {
        /// The address to listen on (a name or a numeric IPv4 or IPv6 address).
        public var host: String
        /// The port; 0 picks a free one (read it back from ``HTTPServer/port``).
        public var port: Int
        /// The limits on each request's parts.
        public var limits: HTTPRequestParser.Limits
        /// How long a request may take to arrive once its first byte has (then 408).
        public var requestTimeout: Duration
        /// How long a kept-alive connection may stay idle between requests.
        public var idleTimeout: Duration
        /// How long one write to a client that reads nothing may block before it is dropped.
        public var writeTimeout: Duration
        /// The most connections at once; further ones are answered 503 and closed.
        public var maximumConnections: Int

        /// A configuration; by default loopback, a free port, 30 s to send a request, 60 s idle.
        public init(
            host: String = "127.0.0.1", port: Int = 0, limits: HTTPRequestParser.Limits = .init(),
            requestTimeout: Duration = .seconds(30), idleTimeout: Duration = .seconds(60),
            writeTimeout: Duration = .seconds(30), maximumConnections: Int = 256
        ) {
            self.host = host
            self.port = port
            self.limits = limits
            self.requestTimeout = requestTimeout
            self.idleTimeout = idleTimeout
            self.writeTimeout = writeTimeout
            self.maximumConnections = maximumConnections
        }
    }

    /// Handles one request: answers through the writer. Runs as a task that is cancelled when the
    /// client disconnects or the server stops.
    public typealias Handler = @Sendable (HTTPRequest, HTTPResponseWriter) async -> Void

    /// The configuration.
    public let configuration: Configuration
    /// The port the server listens on.
    public let port: Int
    let handler: Handler
    /// Where handlers run (see ``HandlerExecutor``).
    let handlerExecutor = HandlerExecutor(label: "http-handlers")
    private let listener: Socket
    private let state = Mutex(State())

    private struct State {
        var started = false
        var stopping = false
        var acceptorRunning = false
        var connections: [Int: HTTPConnection] = [:]
        var nextConnection = 0
    }

    /// Binds the address; the server accepts connections once ``start()`` is called.
    ///
    /// - Throws: ``HTTPServerError/cannotListen(host:port:reason:)``.
    public init(configuration: Configuration, handler: @escaping Handler) throws(HTTPServerError) {
        self.configuration = configuration
        self.handler = handler
        listener = try Socket.listening(host: configuration.host, port: configuration.port)
        port = listener.localPort
    }

    deinit {
        // Once started, the acceptor thread (which keeps the server alive while it runs) closes
        // the listener; closing it here too could close a descriptor number reused by then.
        if !state.withLock(\.started) { listener.close() }
    }

    /// Starts accepting connections (on a thread of its own).
    public func start() {
        let mayStart = state.withLock { state in
            guard !state.started, !state.stopping else { return false }
            state.started = true
            state.acceptorRunning = true
            return true
        }
        guard mayStart else { return }
        let thread = Thread { [self] in acceptConnections() }
        thread.name = "http-accept"
        thread.start()
    }

    /// Whether ``stop(gracePeriod:)`` has been called.
    public var isStopping: Bool {
        state.withLock(\.stopping)
    }

    /// The connections open now.
    public var openConnections: Int {
        state.withLock(\.connections.count)
    }

    /// Stops accepting connections, lets the responses in progress finish for up to
    /// `gracePeriod`, then cancels the rest and waits for their connections to close.
    public func stop(gracePeriod: Duration) async {
        state.withLock { $0.stopping = true }
        let clock = ContinuousClock()
        let deadline = clock.now + gracePeriod
        while openConnections > 0, clock.now < deadline {
            try? await Task.sleep(for: .milliseconds(20))
        }
        for connection in state.withLock({ Array($0.connections.values) }) { connection.cancel() }
        let hardDeadline = clock.now + .seconds(5)
        while openConnections > 0 || state.withLock(\.acceptorRunning), clock.now < hardDeadline {
            try? await Task.sleep(for: .milliseconds(20))
        }
    }

    private func acceptConnections() {
        while !isStopping {
            guard let client = listener.accept(waitingUpTo: 100) else { continue }
            client.setTimeouts(receive: HTTPConnection.readSlice, send: configuration.writeTimeout)
            let identifier: Int? = state.withLock { state in
                guard state.connections.count < configuration.maximumConnections, !state.stopping else { return nil }
                state.nextConnection += 1
                return state.nextConnection
            }
            guard let identifier else {
                let body = Data(#"{"error":{"message":"the server has too many connections","type":"server_busy"}}"#.utf8)
                _ = client.write(HTTPResponse(status: 503, headers: [("Content-Type", "application/json"), ("Retry-After", "1")], body: body).serialized(keepAlive: false))
                client.close()
                continue
            }
            let connection = HTTPConnection(socket: client, server: self)
            state.withLock { $0.connections[identifier] = connection }
            let thread = Thread { [self] in
                connection.run()
                state.withLock { _ = $0.connections.removeValue(forKey: identifier) }
            }
            thread.name = "http-connection-\(identifier)"
            thread.start()
        }
        listener.close()
        state.withLock { $0.acceptorRunning = false }
    }
}
