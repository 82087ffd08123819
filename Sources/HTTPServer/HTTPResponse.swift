public import Foundation

/// An HTTP/1.1 response: a status, header fields and a body, written with `Content-Length`; or
/// the head of a chunked response whose body follows in ``chunk(_:)``s.
public struct HTTPResponse: Sendable {
    /// The status code.
    public var status: Int
    /// The header fields, in order (`Content-Length` and `Connection` are added when written).
    public var headers: [(name: String, value: String)]
    /// The body.
    public var body: Data

    /// A response with a status, header fields and a body.
    public init(status: Int, headers: [(name: String, value: String)] = [], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A JSON response.
    public static func json(_ status: Int, _ body: Data) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "application/json")], body: body)
    }

    /// The response's bytes, with `Content-Length` and, when the connection closes after it,
    /// `Connection: close`.
    public func serialized(keepAlive: Bool) -> Data {
        var fields = headers
        fields.append(("Content-Length", String(body.count)))
        if !keepAlive { fields.append(("Connection", "close")) }
        var data = Self.head(status: status, fields: fields)
        data.append(body)
        return data
    }

    /// The head of a chunked response (`Transfer-Encoding: chunked`); send the body with
    /// ``chunk(_:)`` and end it with ``lastChunk``.
    public func chunkedHead(keepAlive: Bool) -> Data {
        var fields = headers
        fields.append(("Transfer-Encoding", "chunked"))
        if !keepAlive { fields.append(("Connection", "close")) }
        return Self.head(status: status, fields: fields)
    }

    /// One chunk of a chunked body (an empty `data` writes nothing: an empty chunk would end the
    /// body).
    public static func chunk(_ data: Data) -> Data {
        guard !data.isEmpty else { return Data() }
        var chunk = Data(String(data.count, radix: 16).utf8)
        chunk.append(contentsOf: [13, 10])
        chunk.append(data)
        chunk.append(contentsOf: [13, 10])
        return chunk
    }

    /// The chunk that ends a chunked body.
    public static let lastChunk = Data("0\r\n\r\n".utf8)

    private static func head(status: Int, fields: [(name: String, value: String)]) -> Data {
        var text = "HTTP/1.1 \(status) \(reason(for: status))\r\n"
        for field in fields { text += "\(field.name): \(field.value)\r\n" }
        text += "\r\n"
        return Data(text.utf8)
    }

    /// The reason phrase of a status code.
    public static func reason(for status: Int) -> String {
        switch status {
        case 200: "OK"
        case 204: "No Content"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 413: "Content Too Large"
        case 414: "URI Too Long"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 503: "Service Unavailable"
        case 505: "HTTP Version Not Supported"
        default: "Status \(status)"
        }
    }
}
