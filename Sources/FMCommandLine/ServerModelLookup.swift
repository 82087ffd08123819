import Foundation
import JSONValues
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The model `--server URL` asks for when `--server-model` is not given: the first id in the
/// server's `GET {URL}/models` list. llama-server serves one model and ignores the name a request
/// gives; vLLM and `fm serve` list the ones they serve. The list also tells llama-server apart
/// (`owned_by` `llamacpp`), whose required tool calls go as a response format.
enum ServerModelLookup {
    /// Why the server named no model.
    enum Failure: Error, Equatable, CustomStringConvertible {
        /// No answer from the server (refused, timed out, not HTTP).
        case unreachable(url: String, reason: String)
        /// The server answered with a status outside 2xx.
        case status(url: String, code: Int)
        /// The answer is not OpenAI's model list (`{"data": [{"id": …}, …]}`).
        case malformedList(url: String)
        /// The list is empty.
        case noModels(url: String)

        var description: String {
            switch self {
            case .unreachable(let url, let reason):
                "cannot reach \(url) to ask which model the server serves (\(reason)); is the server running? Or give --server-model NAME"
            case .status(let url, let code):
                "\(url) answered HTTP \(code) when asked which model the server serves; give --server-model NAME"
            case .malformedList(let url):
                "\(url) did not answer with a list of models ({\"data\": [{\"id\": …}]}); give --server-model NAME"
            case .noModels(let url):
                "\(url) lists no models; give --server-model NAME"
            }
        }
    }

    /// A model a server lists: its id, and who the list says owns it (`llamacpp` for
    /// llama.cpp's `llama-server`).
    struct ServedModel: Equatable {
        /// The id to ask for.
        var id: String
        /// `owned_by`, if the list gives it.
        var ownedBy: String?

        /// Whether the server is llama.cpp's `llama-server`, which does not hold a model to
        /// `tool_choice: "required"` (``OpenAICompatibleLanguageModel/RequiredToolCalls``).
        var isLlamaServer: Bool { ownedBy == "llamacpp" }
    }

    /// The first model the server at `baseURL` (usually ending in `/v1`) lists.
    ///
    /// - Throws: ``Failure``.
    static func firstModel(baseURL: URL, apiKey: String?, timeout: TimeInterval = 30) async throws(Failure) -> ServedModel {
        let url = baseURL.appendingPathComponent("models")
        var request = URLRequest(url: url)
        // Assigned, not passed to the initializer: only an assigned interval replaces
        // swift-corelibs-foundation's 60-second default.
        request.timeoutInterval = timeout
        request.httpMethod = "GET"
        if let apiKey { request.setValue("Bearer \(apiKey)", forHTTPHeaderField: "Authorization") }
        let body: Data
        let response: URLResponse
        do {
            (body, response) = try await URLSession.shared.data(for: request)
        } catch {
            throw .unreachable(url: url.absoluteString, reason: error.localizedDescription)
        }
        guard let status = (response as? HTTPURLResponse)?.statusCode else {
            throw .unreachable(url: url.absoluteString, reason: "not an HTTP answer")
        }
        guard (200..<300).contains(status) else { throw .status(url: url.absoluteString, code: status) }
        guard let list = try? JSONReader.read(utf8: Array(body)), let models = list["data"]?.arrayValue else {
            throw .malformedList(url: url.absoluteString)
        }
        guard let first = models.first else { throw .noModels(url: url.absoluteString) }
        guard let id = first["id"]?.stringValue else { throw .malformedList(url: url.absoluteString) }
        return ServedModel(id: id, ownedBy: first["owned_by"]?.stringValue)
    }
}
