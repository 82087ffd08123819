import Foundation
import Synchronization
#if canImport(Glibc)
    import Glibc
#endif

/// A tiny HTTP server on loopback that plays back scripted replies, one per connection, in order,
/// and records the requests it received.
///
/// For what a real server cannot be made to do on demand: a tool call from a model whose server
/// template has none, HTTP 429, a malformed or cut stream. Each reply's body goes out in the given
/// pieces, a little apart, so the client sees them as separate network reads.
final class ScriptedHTTPServer: Sendable {
    /// How a reply ends once its pieces are sent: the faults a client must survive.
    enum Ending: Sendable {
        /// The connection closes normally.
        case close
        /// The connection stays open and silent until the client gives up and closes it.
        case stall
        /// The connection is reset (TCP RST), as when a server process dies.
        case reset
        /// The same bytes are sent again and again, a millisecond apart, until the client stops reading.
        case endless([UInt8])
    }

    /// One scripted reply.
    struct Reply: Sendable {
        var status: Int
        var contentType = "text/event-stream"
        var headers: [String: String] = [:]
        var pieces: [[UInt8]]
        var ending = Ending.close
        /// Seconds of silence before the response's head, as from a server busy with others.
        var silenceBefore: Double = 0

        /// A reply whose body is `body` cut into pieces of `pieceSize` bytes.
        init(
            status: Int = 200, contentType: String = "text/event-stream", headers: [String: String] = [:], body: String,
            pieceSize: Int = 7, ending: Ending = .close, silenceBefore: Double = 0
        ) {
            self.silenceBefore = silenceBefore
            self.status = status
            self.contentType = contentType
            self.headers = headers
            let bytes = Array(body.utf8)
            pieces = stride(from: 0, to: bytes.count, by: pieceSize).map { Array(bytes[$0..<min($0 + pieceSize, bytes.count)]) }
            self.ending = ending
        }
    }

    /// A request as received: its head (request line and headers) and body.
    struct Request: Sendable {
        var head: String
        var body: Data
    }

    let port: Int
    private let listener: Int32
    private let received = Mutex<[Request]>([])

    /// Starts listening on loopback (on `port`, or a free port when 0) and serves the replies in
    /// a background thread.
    init(replies: [Reply], port requestedPort: Int = 0) throws {
        let socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socketFD >= 0 else { throw POSIXError(.EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(requestedPort).bigEndian
        var reuse: Int32 = 1
        setsockopt(socketFD, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(socketFD, raw, length) == 0 && listen(socketFD, 8) == 0 && getsockname(socketFD, raw, &length) == 0
            }
        }
        guard bound else {
            close(socketFD)
            throw POSIXError(.EADDRINUSE)
        }
        listener = socketFD
        port = Int(UInt16(bigEndian: address.sin_port))
        Thread.detachNewThread { [self] in
            for reply in replies {
                let connection = accept(listener, nil, nil)
                guard connection >= 0 else { return }
                if let request = Self.readRequest(connection) {
                    received.withLock { $0.append(request) }
                }
                // Each reply on its own thread: a stalled one must not hold up the next.
                Thread.detachNewThread { [self] in
                    if reply.silenceBefore > 0 { Thread.sleep(forTimeInterval: reply.silenceBefore) }
                    Self.write(reply, to: connection)
                    end(connection, as: reply.ending)
                }
            }
        }
    }

    /// The requests received so far, in order.
    var requests: [Request] { received.withLock { $0 } }

    /// The JSON body of a received request.
    func jsonBody(of index: Int) -> [String: Any]? {
        let requests = self.requests
        guard index < requests.count else { return nil }
        return (try? JSONSerialization.jsonObject(with: requests[index].body)) as? [String: Any]
    }

    /// Whether ``stop()`` already closed the listener.
    private let stopped = Mutex(false)

    /// Stops listening (a pending `accept` returns). Only the first call closes the socket: a
    /// second `close` of the same number could close another test's file (a pipe to a child
    /// process, which then dies of SIGPIPE) that reused it meanwhile.
    func stop() {
        let first = stopped.withLock { wasStopped -> Bool in
            defer { wasStopped = true }
            return !wasStopped
        }
        guard first else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    deinit { stop() }

    private static func readRequest(_ connection: Int32) -> Request? {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        let separator = Data("\r\n\r\n".utf8)
        while true {
            if let end = data.range(of: separator) {
                let head = String(decoding: data[..<end.lowerBound], as: UTF8.self)
                let length =
                    head.split(separator: "\r\n").lazy
                    .compactMap { line -> Int? in
                        let parts = line.split(separator: ":", maxSplits: 1)
                        guard parts.count == 2, parts[0].lowercased() == "content-length" else { return nil }
                        return Int(parts[1].trimmingCharacters(in: .whitespaces))
                    }.first ?? 0
                if data.count - end.upperBound >= length {
                    return Request(head: head, body: Data(data[end.upperBound..<end.upperBound + length]))
                }
            }
            let count = read(connection, &buffer, buffer.count)
            guard count > 0 else { return nil }
            data.append(contentsOf: buffer[0..<count])
        }
    }

    private static func write(_ reply: Reply, to connection: Int32) {
        let extra = reply.headers.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)\r\n" }.joined()
        let head = "HTTP/1.1 \(reply.status) Scripted\r\nContent-Type: \(reply.contentType)\r\n\(extra)Connection: close\r\n\r\n"
        send(Array(head.utf8), to: connection)
        for piece in reply.pieces {
            usleep(2_000)
            send(piece, to: connection)
        }
    }

    /// How many stalled connections the client closed (rather than the one-minute bound ending them).
    var stallsClosedByClient: Int { closedStalls.withLock { $0 } }
    private let closedStalls = Mutex(0)

    /// Endless replies whose clients closed the connection (which ends the sending).
    var endlessRepliesClosedByClient: Int { closedEndless.withLock { $0 } }
    private let closedEndless = Mutex(0)

    private func end(_ connection: Int32, as ending: Ending) {
        switch ending {
        case .close:
            break
        case .stall:
            // Silent until the client closes its end (a read returns 0 or fails), at most five minutes.
            var pollEntry = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
            var buffer = [UInt8](repeating: 0, count: 4096)
            for _ in 0..<3_000 where poll(&pollEntry, 1, 100) >= 0 {
                if pollEntry.revents != 0, read(connection, &buffer, buffer.count) <= 0 {
                    closedStalls.withLock { $0 += 1 }
                    break
                }
            }
        case .reset:
            // Linger on with a zero timeout: close sends RST instead of FIN.
            var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
            setsockopt(connection, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
        case .endless(let bytes):
            // A millisecond apart: a sender that never pauses keeps swift-corelibs-foundation's
            // URLSession queue (shared by every session in the process) reading, and the
            // client's cancellation, queued behind it, waits until the sender stops.
            while Self.send(bytes, to: connection) { usleep(1_000) }
            closedEndless.withLock { $0 += 1 }
        }
        close(connection)
    }

    /// Sends all of `bytes`; false once the client has gone.
    @discardableResult
    private static func send(_ bytes: [UInt8], to connection: Int32) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { return false }
            sent += count
        }
        return true
    }
}
