import Foundation
public import FoundationModelsCore
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension PrivateCloudComputeLanguageModel {
    /// Generates for a ``PrivateCloudComputeLanguageModel``: checks availability and the day's
    /// quota, then streams from the configured server through the OpenAI-compatible backend and
    /// counts the tokens the exchange used.
    public struct Executor: LanguageModelExecutor {
        /// The model type.
        public typealias Model = PrivateCloudComputeLanguageModel

        /// The settings it generates with.
        let configuration: PrivateCloudComputeLanguageModel.Executor.Configuration

        /// Creates an executor; it checks nothing until it generates.
        ///
        /// - Parameter configuration: The model's executor configuration.
        public init(configuration: PrivateCloudComputeLanguageModel.Executor.Configuration) {
            self.configuration = configuration
        }

        /// Does nothing: the server keeps its own caches, and contacting it early would spend
        /// a request.
        ///
        /// - Parameters:
        ///   - model: The model.
        ///   - transcript: The transcript the next request will start with.
        public func prewarm(model: PrivateCloudComputeLanguageModel.Executor.Model, transcript: Transcript) {}

        /// Generates a response on the server, streaming its text, tool calls and usage into the channel.
        ///
        /// The quota is checked before the request and charged after it, with the tokens the
        /// server reported (or an estimate); a failed request charges nothing. Cancelling the
        /// calling task cancels the HTTP request and throws `CancellationError`.
        ///
        /// - Parameters:
        ///   - request: The transcript so far, the tools, the response schema and the options.
        ///   - model: The model.
        ///   - channel: Where to send the response's events.
        /// - Throws: ``PrivateCloudComputeLanguageModel/Error``: `quotaLimitReached` (nothing is
        ///   sent), `networkFailure` (the server cannot be reached), `serviceUnavailable` (HTTP 502,
        ///   503, 504); ``LanguageModelSession/GenerationError/assetsUnavailable(_:)`` when the model
        ///   is unavailable; the OpenAI-compatible backend's other errors (`rateLimited`,
        ///   `exceededContextWindowSize`, `decodingFailure`); or `CancellationError`.
        public func respond(
            to request: LanguageModelExecutorGenerationRequest,
            model: PrivateCloudComputeLanguageModel,
            streamingInto channel: LanguageModelExecutorGenerationChannel
        ) async throws {
            let settings = configuration.settings
            let server = try Self.requireAvailable(settings)
            try Self.requireQuota(settings, now: Date())
            let executor = try OpenAICompatibleLanguageModel.Executor(configuration: server)
            let spent: ExchangeTokenCount
            do {
                spent = try await executor.exchange(request, streamingInto: channel)
            } catch let error as OpenAICompatibleError {
                try Task.checkCancellation()
                throw Self.map(error)
            } catch let error as URLError where error.code == .cancelled {
                throw CancellationError()
            }
            PrivateCloudComputeQuotaLedger.ledger(for: settings).record(spent.total, for: settings.quotaAccount)
        }

        /// The server to ask, or `assetsUnavailable` when the model is unavailable.
        static func requireAvailable(_ settings: PrivateCloudComputeSettings) throws -> OpenAICompatibleLanguageModel.Configuration {
            let availability = PrivateCloudComputeLanguageModel(settings: settings).availability
            if case .unavailable(let reason) = availability {
                let detail: String
                switch reason {
                case .deviceNotEligible where settings.server == nil:
                    detail = "no server is configured (set FM_PCC_BASE_URL, or PrivateCloudComputeSettings.current)"
                case .deviceNotEligible: detail = "FM_SIMULATE_PCC_AVAILABILITY simulates deviceNotEligible"
                case .systemNotReady: detail = "FM_SIMULATE_PCC_AVAILABILITY simulates systemNotReady"
                }
                throw LanguageModelSession.GenerationError.assetsUnavailable(
                    .init(debugDescription: "Private Cloud Compute is unavailable: \(detail)."))
            }
            guard let server = settings.server else {
                throw LanguageModelSession.GenerationError.assetsUnavailable(
                    .init(debugDescription: "Private Cloud Compute is simulated as available, but no server is configured (set FM_PCC_BASE_URL)."))
            }
            return server
        }

        /// Throws `quotaLimitReached` when the day's quota is used up (or simulated so).
        static func requireQuota(_ settings: PrivateCloudComputeSettings, now: Date) throws {
            let usage = PrivateCloudComputeLanguageModel.QuotaUsage(settings: settings, now: now)
            guard usage.isLimitReached else { return }
            let resets = usage.resetDate.map { " It resets at \($0.ISO8601Format())." } ?? ""
            let detail: String
            if settings.simulatedQuota != nil {
                detail = "The quota limit is simulated by FM_SIMULATE_PCC_QUOTA=limitReached."
            } else {
                let used = PrivateCloudComputeQuotaLedger.ledger(for: settings).tokensUsed(by: settings.quotaAccount, on: now)
                detail = "\(used) of the \(settings.dailyTokenQuota ?? 0) tokens allowed today at \(settings.quotaAccount) are used."
            }
            throw PrivateCloudComputeLanguageModel.Error.quotaLimitReached(
                .init(limitIncreaseSuggestion: usage.limitIncreaseSuggestion, resetDate: usage.resetDate, debugDescription: detail + resets))
        }

        /// The public error for a failure of the OpenAI-compatible exchange: the model's own
        /// errors for the network and an unavailable service, the backend's mapping for the rest.
        static func map(_ error: OpenAICompatibleError) -> any Swift.Error {
            switch error {
            case .transport(let url, let underlying), .connectionLost(let url, let underlying):
                let reason = (underlying as? URLError).map { "\($0.localizedDescription) (URLError \($0.code.rawValue))" } ?? "\(underlying)"
                return PrivateCloudComputeLanguageModel.Error.networkFailure(
                    .init(debugDescription: "Could not reach the Private Cloud Compute server at \(url.absoluteString): \(reason)."))
            case .httpStatus(let status, let body, let url, _) where [502, 503, 504].contains(status):
                return PrivateCloudComputeLanguageModel.Error.serviceUnavailable(
                    .init(debugDescription: "HTTP \(status) from \(url.absoluteString): \(body.prefix(2000))"))
            default:
                return error.map()
            }
        }
    }
}
