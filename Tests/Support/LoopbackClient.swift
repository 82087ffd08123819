package import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A raw HTTP/1.1 client on a loopback socket, for tests that need what URLSession hides: bytes
/// that are not a valid request, requests that never finish, reading a stream and then hanging up.
package final class LoopbackClient {
    /// A response as read from the socket.
    package struct Response {
        package var status: Int
        package var headers: [String: String]
        package var body: Data

        package var text: String { String(decoding: body, as: UTF8.self) }
    }

    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var isOpen = true

    /// Connects to `127.0.0.1:port`; reads wait up to `timeout` seconds (generous: in the whole
    /// suite, CPU-bound tests can hold both of Swift's cooperative threads for minutes, and the
    /// server's handler task waits for one).
    package init(port: Int, timeout: Double = 600) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            // Closed here, once: `deinit` runs for this fully initialized instance too.
            close()
            throw LoopbackClientError.cannotConnect(port)
        }
        var time = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - timeout.rounded(.down)) * 1_000_000))
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close() }

    /// Sends bytes as they are.
    package func send(_ text: String) throws {
        try send(Data(text.utf8))
    }

    /// Sends bytes as they are.
    package func send(_ data: Data) throws {
        var offset = 0
        while offset < data.count {
            let written = data.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress! + offset, data.count - offset, Int32(MSG_NOSIGNAL)) }
            guard written > 0 else { throw LoopbackClientError.closed }
            offset += written
        }
    }

    /// Sends a request with a JSON body.
    package func post(_ path: String, json: String, headers: [String: String] = [:]) throws {
        var head = "POST \(path) HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: \(json.utf8.count)\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        try send(head + "\r\n" + json)
    }

    /// Reads one whole response (Content-Length, chunked, or until the server closes).
    package func readResponse() throws -> Response {
        let headEnd = try readUntil([13, 10, 13, 10])
        let head = String(decoding: buffer[..<headEnd], as: UTF8.self)
        buffer.removeFirst(headEnd + 4)
        let lines = head.components(separatedBy: "\r\n")
        let parts = lines[0].split(separator: " ")
        guard parts.count >= 2, let status = Int(parts[1]) else { throw LoopbackClientError.malformed(lines[0]) }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = Data()
        if let length = headers["content-length"].flatMap(Int.init) {
            try fill(length)
            body = Data(buffer.prefix(length))
            buffer.removeFirst(length)
        } else if headers["transfer-encoding"] == "chunked" {
            while let chunk = try readChunk() { body.append(chunk) }
        } else {
            while readMore() {}
            body = Data(buffer)
            buffer = []
        }
        return Response(status: status, headers: headers, body: body)
    }

    /// Reads the head of a chunked response and its chunks until `body` contains `marker`; the
    /// rest is left unread.
    package func readStream(until marker: String) throws -> String {
        let headEnd = try readUntil([13, 10, 13, 10])
        buffer.removeFirst(headEnd + 4)
        var body = Data()
        while !String(decoding: body, as: UTF8.self).contains(marker) {
            guard let chunk = try readChunk() else { break }
            body.append(chunk)
        }
        return String(decoding: body, as: UTF8.self)
    }

    /// Reads the next chunk of a chunked body whose head ``readStream(until:)`` has read; `nil`
    /// at the body's end.
    package func readStream(continuing: Bool) throws -> String? {
        try readChunk().map { String(decoding: $0, as: UTF8.self) }
    }

    /// Whether the server has closed the connection (waits up to the read timeout).
    package func serverClosed() -> Bool {
        buffer = []
        while readMore() { buffer = [] }
        return true
    }

    /// Closes the socket.
    package func close() {
        guard isOpen else { return }
        isOpen = false
        Glibc.close(descriptor)
    }

    private func readChunk() throws -> Data? {
        let lineEnd = try readUntil([13, 10])
        let sizeText = String(decoding: buffer[..<lineEnd], as: UTF8.self)
        buffer.removeFirst(lineEnd + 2)
        guard let size = Int(sizeText.split(separator: ";")[0], radix: 16) else { throw LoopbackClientError.malformed(sizeText) }
        try fill(size + 2)
        defer { buffer.removeFirst(size + 2) }
        return size == 0 ? nil : Data(buffer.prefix(size))
    }

    private func readUntil(_ pattern: [UInt8]) throws -> Int {
        while true {
            if buffer.count >= pattern.count {
                for start in 0...(buffer.count - pattern.count) where Array(buffer[start..<start + pattern.count]) == pattern { return start }
            }
            guard readMore() else { throw LoopbackClientError.closed }
        }
    }

    private func fill(_ count: Int) throws {
        while buffer.count < count {
            guard readMore() else { throw LoopbackClientError.closed }
        }
    }

    private func readMore() -> Bool {
        var bytes = [UInt8](repeating: 0, count: 65536)
        let count = bytes.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, 65536, 0) }
        guard count > 0 else { return false }
        buffer.append(contentsOf: bytes[0..<count])
        return true
    }
}

/// Why a loopback exchange failed.
package enum LoopbackClientError: Error {
    case cannotConnect(Int)
    case closed
    case malformed(String)
}
