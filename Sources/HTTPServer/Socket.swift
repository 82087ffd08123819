import Foundation

import Glibc

/// The few POSIX socket calls the server makes, behind Swift names; the descriptor is closed by
/// its owner, once. Linux only (`MSG_NOSIGNAL`, `POLLRDHUP`), like the server.
struct Socket: Sendable {
    /// The file descriptor.
    let descriptor: Int32

    /// What a read gave.
    enum ReadResult {
        /// Bytes arrived.
        case bytes([UInt8])
        /// Nothing arrived within the socket's receive timeout.
        case timedOut
        /// The peer closed the connection (or it failed).
        case closed
    }

    /// A listening TCP socket bound to `host` and `port` (0 picks a free port).
    static func listening(host: String, port: Int, backlog: Int32 = 128) throws(HTTPServerError) -> Socket {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            throw .cannotListen(host: host, port: port, reason: String(cString: gai_strerror(status)))
        }
        defer { freeaddrinfo(list) }
        var reason = "no address"
        var candidate: UnsafeMutablePointer<addrinfo>? = first
        while let info = candidate {
            candidate = info.pointee.ai_next
            let descriptor = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
            guard descriptor >= 0 else {
                reason = Self.lastError()
                continue
            }
            var yes: Int32 = 1
            setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
            if bind(descriptor, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0, listen(descriptor, backlog) == 0 {
                return Socket(descriptor: descriptor)
            }
            reason = Self.lastError()
            _ = Glibc.close(descriptor)
        }
        throw .cannotListen(host: host, port: port, reason: reason)
    }

    /// The local port the socket is bound to.
    var localPort: Int {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let result = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard result == 0 else { return 0 }
        let family = Int32(storage.ss_family)
        return withUnsafePointer(to: &storage) { pointer -> Int in
            if family == AF_INET6 {
                return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin6_port)) }
            }
            return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin_port)) }
        }
    }

    /// Waits up to `milliseconds` for a connection and accepts it; `nil` when none came.
    func accept(waitingUpTo milliseconds: Int32) -> Socket? {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&entry, 1, milliseconds) > 0 else { return nil }
        let client = Glibc.accept(descriptor, nil, nil)
        guard client >= 0 else { return nil }
        var yes: Int32 = 1
        setsockopt(client, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
        return Socket(descriptor: client)
    }

    /// Sets how long one read and one write may block.
    func setTimeouts(receive: Duration, send: Duration) {
        var receiveTime = Self.timeval(receive)
        var sendTime = Self.timeval(send)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &receiveTime, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &sendTime, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Reads what is available (blocking up to the receive timeout).
    func read(maximum: Int = 64 * 1024) -> ReadResult {
        var buffer = [UInt8](repeating: 0, count: maximum)
        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, maximum, 0) }
        if count > 0 { return .bytes(Array(buffer[0..<count])) }
        if count < 0, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { return .timedOut }
        return .closed
    }

    /// Writes all of `data`; `false` when the peer is gone or a write timed out.
    func write(_ data: Data) -> Bool {
        var offset = 0
        let total = data.count
        return data.withUnsafeBytes { raw -> Bool in
            guard let base = raw.baseAddress else { return true }
            while offset < total {
                let written = send(descriptor, base + offset, total - offset, Int32(MSG_NOSIGNAL))
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { return false }
                offset += written
            }
            return true
        }
    }

    /// Linux's `POLLRDHUP` (the peer shut down its side), which Glibc's module does not export.
    private static let peerShutDown: Int16 = 0x2000

    /// Whether the peer has closed its side or the connection failed, without consuming data.
    var peerHasClosed: Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN) | Self.peerShutDown, revents: 0)
        guard poll(&entry, 1, 0) > 0 else { return false }
        if entry.revents & (Self.peerShutDown | Int16(POLLHUP) | Int16(POLLERR)) != 0 { return true }
        var byte: UInt8 = 0
        return recv(descriptor, &byte, 1, Int32(MSG_PEEK) | Int32(MSG_DONTWAIT)) == 0
    }

    /// Closes the descriptor.
    func close() {
        _ = Glibc.close(descriptor)
    }

    private static func timeval(_ duration: Duration) -> timeval {
        let (seconds, attoseconds) = duration.components
        return Glibc.timeval(tv_sec: Int(seconds), tv_usec: Int(attoseconds / 1_000_000_000_000))
    }

    private static func lastError() -> String {
        String(cString: strerror(errno))
    }
}
