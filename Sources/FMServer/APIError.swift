import Foundation
import HTTPServer
import JSONValues
import OpenAIWire

/// An error answered in OpenAI's shape: an HTTP status and
/// `{"error": {"message", "type", "param", "code"}}`, so that every OpenAI client raises its own
/// exception class for it (`BadRequestError` for 400, `NotFoundError` for 404, …).
struct APIError: Error, Equatable, Sendable {
    /// The HTTP status.
    var status: Int
    /// One sentence saying what is wrong and, where it helps, what to do.
    var message: String
    /// OpenAI's error type (`invalid_request_error`, `server_error`, …).
    var type: String
    /// The request field at fault, as a path (`messages[2].role`).
    var param: String?
    /// A stable code (`model_not_found`, `context_length_exceeded`, …).
    var code: String?

    /// A malformed or unacceptable request (400).
    static func invalid(_ message: String, param: String? = nil, code: String? = nil) -> APIError {
        APIError(status: 400, message: message, type: "invalid_request_error", param: param, code: code)
    }

    /// The answer to a generation cancelled because the server is stopping (503).
    static let shuttingDown = APIError(
        status: 503, message: "the server is shutting down; retry shortly or on another instance", type: "server_error", param: nil,
        code: "server_shutting_down")

    /// The error as a JSON value.
    var json: JSONValue {
        ErrorResponse(error: .init(message: message, type: type, param: param, code: code)).jsonValue
    }

    /// The error as a whole HTTP response.
    var response: HTTPResponse {
        var response = HTTPResponse.json(status, Data(json.jsonText().utf8))
        if status == 429 { response.headers.append(("Retry-After", "1")) }
        if status == 401 { response.headers.append(("WWW-Authenticate", "Bearer")) }
        return response
    }
}
