import Foundation
import FoundationModelsCore
import Synchronization
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension PrivateCloudComputeLanguageModel {
    /// The number of tokens a session on the server can hold: instructions, transcript, prompt and
    /// response.
    ///
    /// ``PrivateCloudComputeSettings/contextSize`` (`FM_PCC_CONTEXT_SIZE`) when set. Otherwise the
    /// server is asked once: llama-server reports its `n_ctx` at `GET /props` (beside `/v1`); a
    /// server without that endpoint (vLLM, hosted APIs) gets ``defaultContextSize``.
    ///
    /// - Throws: ``Error/networkFailure(_:)`` when the server cannot be reached;
    ///   ``LanguageModelSession/GenerationError/assetsUnavailable(_:)`` when no server is configured.
    public var contextSize: Int {
        get async throws {
            if let configured = settings.contextSize { return configured }
            if let known = reportedContextSize.withLock({ $0 }) { return known }
            guard let server = settings.server else {
                throw LanguageModelSession.GenerationError.assetsUnavailable(
                    .init(debugDescription: "Private Cloud Compute has no server configured (set FM_PCC_BASE_URL) and no FM_PCC_CONTEXT_SIZE."))
            }
            let size = try await Self.askContextSize(of: server) ?? Self.defaultContextSize
            reportedContextSize.withLock { $0 = size }
            return size
        }
    }

    /// The context size assumed for a server that does not report one.
    static let defaultContextSize = 8192

    /// llama-server's `/props`: the base URL without a final `/v1`.
    static func propertiesURL(for baseURL: URL) -> URL {
        let root = baseURL.lastPathComponent == "v1" ? baseURL.deletingLastPathComponent() : baseURL
        return root.appendingPathComponent("props")
    }

    /// The context size the server reports at `/props`, or `nil` when it reports none.
    ///
    /// - Throws: ``Error/networkFailure(_:)`` when the server cannot be reached.
    static func askContextSize(of server: OpenAICompatibleLanguageModel.Configuration) async throws -> Int? {
        let url = propertiesURL(for: server.baseURL)
        var request = URLRequest(url: url, timeoutInterval: min(server.requestTimeout, 30))
        request.httpMethod = "GET"
        if let apiKey = server.apiKey {
            request.setValue("Bearer \(apiKey)", forHTTPHeaderField: "Authorization")
        }
        for (name, value) in server.headers {
            request.setValue(value, forHTTPHeaderField: name)
        }
        var status = 0
        var body = Data()
        do {
            for try await part in HTTPStreamingRequest.start(request, maximumBodySize: server.maximumResponseSize) {
                switch part {
                case .response(let response): status = response.statusCode
                case .body(let data): body.append(data)
                }
            }
        } catch let error as URLError where error.code == .cancelled {
            throw CancellationError()
        } catch is HTTPStreamingRequest.BodyTooLarge {
            // Properties past the response size limit are not a context size this reads.
            return nil
        } catch {
            try Task.checkCancellation()
            throw Executor.map(.transport(url: url, underlying: error))
        }
        guard (200..<300).contains(status), let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] else { return nil }
        let settings = object["default_generation_settings"] as? [String: Any]
        let size = (settings?["n_ctx"] as? Int) ?? (object["n_ctx"] as? Int)
        return size.flatMap { $0 > 0 ? $0 : nil }
    }
}
