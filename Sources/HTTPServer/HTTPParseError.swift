/// Why bytes from a client are not an acceptable HTTP/1.1 request, with the status to answer.
public enum HTTPParseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The request is malformed (400): the reason says where.
    case badRequest(String)
    /// The request line is longer than the limit (414).
    case targetTooLong(limit: Int)
    /// The header section is larger than the limit or has too many fields (431).
    case headersTooLarge(limit: Int)
    /// The body is larger than the limit (413).
    case bodyTooLarge(limit: Int)
    /// A transfer coding other than `chunked` (501).
    case unsupportedTransferEncoding(String)
    /// A protocol version other than HTTP/1.0 and HTTP/1.1 (505).
    case unsupportedVersion(String)

    /// The status code to answer with.
    public var status: Int {
        switch self {
        case .badRequest: 400
        case .targetTooLong: 414
        case .headersTooLarge: 431
        case .bodyTooLarge: 413
        case .unsupportedTransferEncoding: 501
        case .unsupportedVersion: 505
        }
    }

    /// One sentence for the response body and the log.
    public var description: String {
        switch self {
        case .badRequest(let reason): "malformed request: \(reason)"
        case .targetTooLong(let limit): "the request line is longer than \(limit) bytes"
        case .headersTooLarge(let limit): "the header section is larger than \(limit) bytes or has too many fields"
        case .bodyTooLarge(let limit): "the body is larger than \(limit) bytes"
        case .unsupportedTransferEncoding(let coding): "transfer coding '\(coding)' is not supported (only chunked)"
        case .unsupportedVersion(let version): "HTTP version '\(version)' is not supported (HTTP/1.0 and HTTP/1.1 are)"
        }
    }
}
