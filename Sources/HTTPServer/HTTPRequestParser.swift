import Foundation

/// Reads HTTP/1.1 requests from the bytes of one connection, strictly: CRLF line ends, one space
/// between the request line's parts, no folded or malformed header fields, `Host` on HTTP/1.1,
/// `Content-Length` or `chunked` framing (never both), and limits on every part.
///
/// ```swift
/// var parser = HTTPRequestParser()
/// parser.append(bytesFromSocket)
/// while let request = try parser.nextRequest() { … }   // pipelined requests come one by one
/// ```
///
/// A request split across reads waits for its missing bytes (`nextRequest()` returns `nil`). After
/// an error the connection's bytes cannot be trusted: answer with the error's status and close.
public struct HTTPRequestParser: Sendable {
    /// The limits a request must stay within.
    public struct Limits: Sendable {
        /// The longest request line, in bytes.
        public var requestLine = 8 * 1024
        /// The largest header section (request line included), in bytes.
        public var headerSection = 32 * 1024
        /// The most header fields.
        public var headerFields = 100
        /// The largest body, in bytes (after joining chunks).
        public var body = 4 * 1024 * 1024

        /// The default limits: 8 KiB request line, 32 KiB headers, 100 fields, 4 MiB body.
        public init() {}
    }

    private enum State {
        case head
        case body(HTTPRequest, remaining: Int)
        case chunkSize(HTTPRequest)
        case chunkData(HTTPRequest, remaining: Int)
        case chunkEnd(HTTPRequest)
        case trailers(HTTPRequest, size: Int)
    }

    /// The limits in force.
    public let limits: Limits
    private var buffer: [UInt8] = []
    private var state = State.head

    /// A parser with these limits.
    public init(limits: Limits = Limits()) {
        self.limits = limits
    }

    /// Adds bytes read from the connection.
    public mutating func append(_ bytes: some Sequence<UInt8>) {
        buffer.append(contentsOf: bytes)
    }

    /// Whether bytes of a request that is not complete yet are waiting.
    public var hasPartialRequest: Bool {
        if case .head = state { return !buffer.isEmpty }
        return true
    }

    /// The next complete request, or `nil` while its bytes have not all arrived.
    ///
    /// - Throws: ``HTTPParseError``; the connection should then be answered and closed.
    public mutating func nextRequest() throws(HTTPParseError) -> HTTPRequest? {
        while true {
            switch state {
            case .head:
                guard let request = try readHead() else { return nil }
                if let framing = try Self.framing(of: request, limits: limits) {
                    state = framing
                } else {
                    return request
                }
            case .body(var request, let remaining):
                guard buffer.count >= remaining else { return nil }
                request.body = Data(buffer[0..<remaining])
                consume(remaining)
                state = .head
                return request
            case .chunkSize(let request):
                guard let line = try readLine(limit: 1024, what: "chunk size line") else { return nil }
                let sizeText = line.prefix { $0 != UInt8(ascii: ";") }
                guard !sizeText.isEmpty, sizeText.count <= 15, let size = Int(String(decoding: sizeText, as: UTF8.self), radix: 16),
                    sizeText.allSatisfy({ Self.isHexDigit($0) })
                else {
                    throw .badRequest("the chunk size '\(String(decoding: line.prefix(20), as: UTF8.self))' is not hexadecimal")
                }
                guard request.body.count + size <= limits.body else { throw .bodyTooLarge(limit: limits.body) }
                state = size == 0 ? .trailers(request, size: 0) : .chunkData(request, remaining: size)
            case .chunkData(var request, let remaining):
                guard !buffer.isEmpty else { return nil }
                let count = min(remaining, buffer.count)
                request.body.append(contentsOf: buffer[0..<count])
                consume(count)
                state = count == remaining ? .chunkEnd(request) : .chunkData(request, remaining: remaining - count)
            case .chunkEnd(let request):
                guard buffer.count >= 2 else { return nil }
                guard buffer[0] == 13, buffer[1] == 10 else { throw .badRequest("a chunk does not end with CRLF") }
                consume(2)
                state = .chunkSize(request)
            case .trailers(let request, let size):
                guard let line = try readLine(limit: limits.headerSection, what: "trailer field") else { return nil }
                if line.isEmpty {
                    state = .head
                    return request
                }
                let total = size + line.count + 2
                guard total <= limits.headerSection else { throw .headersTooLarge(limit: limits.headerSection) }
                _ = try Self.field(line)
                state = .trailers(request, size: total)
            }
        }
    }

    // MARK: - The head

    private mutating func readHead() throws(HTTPParseError) -> HTTPRequest? {
        // Empty lines before a request are allowed (RFC 9112, 2.2).
        while buffer.count >= 2, buffer[0] == 13, buffer[1] == 10 { consume(2) }
        guard let end = Self.find([13, 10, 13, 10], in: buffer) else {
            if Self.find([13, 10], in: buffer) == nil, buffer.count > limits.requestLine {
                throw .targetTooLong(limit: limits.requestLine)
            }
            guard buffer.count <= limits.headerSection else { throw .headersTooLarge(limit: limits.headerSection) }
            try Self.requireCRLF(buffer[...])
            return nil
        }
        guard end + 4 <= limits.headerSection else { throw .headersTooLarge(limit: limits.headerSection) }
        let head = Array(buffer[0..<end])
        // As for a head still arriving, so that the answer does not depend on how the bytes were split.
        try Self.requireCRLF(head[...])
        consume(end + 4)
        var lines = Self.split(head)
        guard !lines.isEmpty else { throw .badRequest("no request line") }
        let requestLine = lines.removeFirst()
        guard requestLine.count <= limits.requestLine else { throw .targetTooLong(limit: limits.requestLine) }
        var request = try Self.requestLine(requestLine)
        guard lines.count <= limits.headerFields else { throw .headersTooLarge(limit: limits.headerSection) }
        for line in lines {
            guard let first = line.first else { throw .badRequest("an empty header line") }
            if first == 32 || first == 9 { throw .badRequest("a folded header line") }
            request.headers.append(try Self.field(line))
        }
        if request.version == "HTTP/1.1" {
            let hosts = request.headers.filter { $0.name.caseInsensitiveCompare("Host") == .orderedSame }
            guard hosts.count == 1 else { throw .badRequest(hosts.isEmpty ? "no Host header" : "more than one Host header") }
        }
        return request
    }

    /// Throws unless every LF in `bytes` ends a line with CRLF (the head so far, or all of it).
    private static func requireCRLF(_ bytes: ArraySlice<UInt8>) throws(HTTPParseError) {
        if let newline = bytes.firstIndex(of: 10), newline == bytes.startIndex || bytes[newline - 1] != 13 {
            throw .badRequest("a line ends without CR")
        }
    }

    private static func requestLine(_ line: [UInt8]) throws(HTTPParseError) -> HTTPRequest {
        let parts = line.split(separator: 32, omittingEmptySubsequences: false)
        guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty }) else {
            throw .badRequest("the request line is not 'METHOD TARGET VERSION'")
        }
        guard parts[0].allSatisfy(isTokenByte) else { throw .badRequest("the method is not a token") }
        guard parts[1].allSatisfy({ $0 > 32 && $0 < 127 }) else { throw .badRequest("the target has characters that are not allowed") }
        let version = String(decoding: parts[2], as: UTF8.self)
        guard version == "HTTP/1.1" || version == "HTTP/1.0" else {
            if version.hasPrefix("HTTP/") { throw .unsupportedVersion(version) }
            throw .badRequest("the version '\(version.prefix(20))' is not HTTP")
        }
        let target = String(decoding: parts[1], as: UTF8.self)
        guard target.hasPrefix("/") || target == "*" || target.hasPrefix("http://") || target.hasPrefix("https://") else {
            throw .badRequest("the target '\(target.prefix(40))' is not a path")
        }
        return HTTPRequest(method: String(decoding: parts[0], as: UTF8.self), target: target, version: version)
    }

    private static func field(_ line: [UInt8]) throws(HTTPParseError) -> (name: String, value: String) {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > 0 else {
            throw .badRequest("a header line has no name")
        }
        let name = line[0..<colon]
        guard name.allSatisfy(isTokenByte) else { throw .badRequest("the header name '\(String(decoding: name.prefix(40), as: UTF8.self))' is not a token") }
        let value = line[(colon + 1)...].drop { $0 == 32 || $0 == 9 }.reversed().drop { $0 == 32 || $0 == 9 }.reversed()
        guard value.allSatisfy({ $0 == 9 || ($0 >= 32 && $0 != 127) }) else {
            throw .badRequest("the value of '\(String(decoding: name, as: UTF8.self))' has control characters")
        }
        return (String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self))
    }

    /// How the body of a request is framed: `nil` when it has none.
    private static func framing(of request: HTTPRequest, limits: Limits) throws(HTTPParseError) -> State? {
        let encodings = request.headers.filter { $0.name.caseInsensitiveCompare("Transfer-Encoding") == .orderedSame }
        let lengths = request.headers.filter { $0.name.caseInsensitiveCompare("Content-Length") == .orderedSame }
        if !encodings.isEmpty {
            guard lengths.isEmpty else { throw .badRequest("both Transfer-Encoding and Content-Length") }
            let codings = encodings.flatMap { $0.value.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard codings == ["chunked"] else {
                throw .unsupportedTransferEncoding(codings.first { $0 != "chunked" } ?? codings.joined(separator: ", "))
            }
            return .chunkSize(request)
        }
        let values = Set(lengths.flatMap { $0.value.split(separator: ",", omittingEmptySubsequences: false) }.map { $0.trimmingCharacters(in: .whitespaces) })
        guard let value = values.first else { return nil }
        guard values.count == 1, !value.isEmpty, value.count <= 18, value.allSatisfy(\.isASCII), value.allSatisfy(\.isNumber), let length = Int(value) else {
            throw .badRequest("Content-Length is not one whole number")
        }
        guard length <= limits.body else { throw .bodyTooLarge(limit: limits.body) }
        return length == 0 ? nil : .body(request, remaining: length)
    }

    // MARK: - Bytes

    private mutating func readLine(limit: Int, what: String) throws(HTTPParseError) -> [UInt8]? {
        guard let end = Self.find([13, 10], in: buffer) else {
            guard buffer.count <= limit else { throw .badRequest("a \(what) is longer than \(limit) bytes") }
            return nil
        }
        guard end <= limit else { throw .badRequest("a \(what) is longer than \(limit) bytes") }
        let line = Array(buffer[0..<end])
        consume(end + 2)
        return line
    }

    private mutating func consume(_ count: Int) {
        buffer.removeFirst(count)
    }

    private static func split(_ head: [UInt8]) -> [[UInt8]] {
        var lines: [[UInt8]] = []
        var start = 0
        var index = 0
        while index + 1 < head.count {
            if head[index] == 13, head[index + 1] == 10 {
                lines.append(Array(head[start..<index]))
                index += 2
                start = index
            } else {
                index += 1
            }
        }
        lines.append(Array(head[start...]))
        return lines
    }

    private static func find(_ pattern: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= pattern.count else { return nil }
        for index in 0...(bytes.count - pattern.count) where bytes[index] == pattern[0] {
            if bytes[index..<(index + pattern.count)].elementsEqual(pattern) { return index }
        }
        return nil
    }

    /// A byte allowed in a token (RFC 9110, 5.6.2).
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (48...57).contains(byte) || (65...70).contains(byte) || (97...102).contains(byte)
    }
}
