public import Foundation

/// One HTTP/1.1 request, as the parser read it.
public struct HTTPRequest: Sendable, Equatable {
    /// The method, such as `GET` or `POST` (case-sensitive, as HTTP defines it).
    public var method: String
    /// The request target as sent: the path and, after `?`, the query.
    public var target: String
    /// The protocol version: `HTTP/1.1` or `HTTP/1.0`.
    public var version: String
    /// The header fields in order, names as sent.
    public var headers: [(name: String, value: String)]
    /// The body (empty when there is none), chunked bodies already joined.
    public var body: Data

    /// The path part of the target, without the query.
    public var path: String {
        String(target.prefix { $0 != "?" })
    }

    /// The value of the first header field with this name (compared case-insensitively).
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// Whether the connection stays open after the response: HTTP/1.1 unless `Connection: close`,
    /// HTTP/1.0 only with `Connection: keep-alive`.
    public var keepsAlive: Bool {
        let tokens = (header("Connection") ?? "").lowercased().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        if version == "HTTP/1.0" { return tokens.contains("keep-alive") }
        return !tokens.contains("close")
    }

    /// A request with these parts.
    public init(method: String, target: String, version: String = "HTTP/1.1", headers: [(name: String, value: String)] = [], body: Data = Data()) {
        self.method = method
        self.target = target
        self.version = version
        self.headers = headers
        self.body = body
    }

    /// Whether two requests have the same parts, header fields in the same order.
    public static func == (lhs: HTTPRequest, rhs: HTTPRequest) -> Bool {
        lhs.method == rhs.method && lhs.target == rhs.target && lhs.version == rhs.version && lhs.body == rhs.body
            && lhs.headers.map(\.name) == rhs.headers.map(\.name) && lhs.headers.map(\.value) == rhs.headers.map(\.value)
    }
}
