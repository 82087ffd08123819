import Foundation
import FoundationModelsCore
import OpenAIWire
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What went wrong talking to an OpenAI-compatible server, one case per failure site.
///
/// Internal: ``map(_:)`` turns it into the public ``LanguageModelSession/GenerationError`` once.
enum OpenAICompatibleError: Error {
    /// The request could not be sent or its response not received (refused, unreachable, timed out).
    case transport(url: URL, underlying: any Error)
    /// The connection failed after the response had begun (reset, or silent past the timeout).
    case connectionLost(url: URL, underlying: any Error)
    /// The server answered with a non-2xx status; `retryAfter` is its `Retry-After` header.
    case httpStatus(Int, body: String, url: URL, retryAfter: String? = nil)
    /// The response grew past ``OpenAICompatibleLanguageModel/Configuration/maximumResponseSize``.
    case responseTooLarge(limit: Int, url: URL)
    /// The event stream is not readable.
    case malformedStream(ServerSentEventError)
    /// A `data:` payload is not the JSON of a chat completion chunk.
    case malformedChunk(String, underlying: any Error)
    /// The server reported an error in the middle of the stream.
    case streamedError(String)
    /// The stream ended before the server said it was done, with no choice finished.
    case truncated(url: URL)

    /// The public error for this failure.
    func map() -> LanguageModelSession.GenerationError {
        typealias GenerationError = LanguageModelSession.GenerationError
        switch self {
        case .transport(let url, let underlying):
            if let urlError = underlying as? URLError, urlError.code == .timedOut {
                return .assetsUnavailable(.init(debugDescription: "The server at \(url.absoluteString) did not answer in time: \(urlError.localizedDescription)"))
            }
            return .assetsUnavailable(
                .init(
                    debugDescription:
                        "Could not reach the OpenAI-compatible server at \(url.absoluteString): \(Self.describe(underlying)). Is the server running?"))
        case .connectionLost(let url, let underlying):
            if let urlError = underlying as? URLError, urlError.code == .timedOut {
                return .assetsUnavailable(
                    .init(debugDescription: "The server at \(url.absoluteString) went silent in the middle of its response: \(urlError.localizedDescription)"))
            }
            return .assetsUnavailable(
                .init(debugDescription: "The connection to the server at \(url.absoluteString) was lost in the middle of its response: \(Self.describe(underlying))."))
        case .httpStatus(let status, let body, let url, let retryAfter):
            return Self.map(status: status, body: body, url: url, retryAfter: retryAfter)
        case .responseTooLarge(let limit, let url):
            return .decodingFailure(
                .init(
                    debugDescription:
                        "The response from \(url.absoluteString) grew past \(limit) bytes (Configuration.maximumResponseSize) and was abandoned."))
        case .malformedStream(let error):
            return .decodingFailure(.init(debugDescription: "The server's event stream is malformed: \(error)"))
        case .malformedChunk(let text, let underlying):
            return .decodingFailure(.init(debugDescription: "The server sent a chunk that is not a chat completion: \(text.prefix(500)) (\(underlying))"))
        case .streamedError(let text):
            return Self.map(status: 500, body: text, url: nil)
        case .truncated(let url):
            return .decodingFailure(.init(debugDescription: "The stream from \(url.absoluteString) ended before the response was complete."))
        }
    }

    /// The public error for an HTTP status and the server's error body.
    ///
    /// - Parameter retryAfter: The `Retry-After` header (seconds, or an HTTP date), quoted in the
    ///   description so that a caller can wait as the server asks.
    static func map(status: Int, body: String, url: URL?, retryAfter: String? = nil) -> LanguageModelSession.GenerationError {
        let detail = (try? JSONDecoder().decode(ErrorResponse.self, from: Data(body.utf8)))?.detail
        let message = detail?.message ?? body
        let at = url.map { " from \($0.absoluteString)" } ?? ""
        var description = "HTTP \(status)\(at): \(message.prefix(2000))"
        if let retryAfter = retryAfter?.trimmingCharacters(in: .whitespaces), !retryAfter.isEmpty {
            let wait = Int(retryAfter).map { "\($0) seconds" } ?? retryAfter
            description += " (the server asks to retry after \(wait))"
        }
        if status == 429 {
            return .rateLimited(.init(debugDescription: description))
        }
        if isContextOverflow(type: detail?.type, message: message) {
            let details: LanguageModelSession.GenerationError.Context.Details?
            if let contextSize = detail?.contextSize, let tokenCount = detail?.promptTokenCount {
                details = .contextSize(contextSize: contextSize, tokenCount: tokenCount)
            } else {
                details = nil
            }
            return .exceededContextWindowSize(.init(debugDescription: description, details: details))
        }
        switch status {
        case 401, 403:
            return .assetsUnavailable(.init(debugDescription: description + " (check the API key)"))
        case 404:
            return .assetsUnavailable(.init(debugDescription: description + " (check the base URL and the model name)"))
        case 400..<500:
            return .decodingFailure(.init(debugDescription: description))
        default:
            return .assetsUnavailable(.init(debugDescription: description))
        }
    }

    /// Whether an error message says the prompt does not fit the context (llama-server, vLLM, OpenAI).
    static func isContextOverflow(type: String?, message: String) -> Bool {
        if type == "exceed_context_size_error" { return true }
        let lowered = message.lowercased()
        return lowered.contains("context length") || lowered.contains("context size") || lowered.contains("context window")
            || lowered.contains("maximum context")
    }

    private static func describe(_ error: any Error) -> String {
        if let urlError = error as? URLError {
            return "\(urlError.localizedDescription) (URLError \(urlError.code.rawValue))"
        }
        return "\(error)"
    }
}
