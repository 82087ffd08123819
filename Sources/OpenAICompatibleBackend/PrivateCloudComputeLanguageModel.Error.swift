public import Foundation

extension PrivateCloudComputeLanguageModel {
    /// Why a request to the server model failed; thrown unchanged through the session's
    /// `respond` and `streamResponse`, and the session stays usable.
    ///
    /// ```swift
    /// do {
    ///     answer = try await session.respond(to: prompt).content
    /// } catch PrivateCloudComputeLanguageModel.Error.quotaLimitReached(let info) {
    ///     answer = try await summarizeOnDevice(prompt)   // until info.resetDate
    /// }
    /// ```
    public enum Error: Swift.Error, LocalizedError {
        /// The server could not be reached, or the connection failed.
        case networkFailure(PrivateCloudComputeLanguageModel.Error.NetworkFailure)
        /// The day's token quota is used up; the request was not sent.
        case quotaLimitReached(PrivateCloudComputeLanguageModel.Error.QuotaLimitReached)
        /// The server answered that it cannot serve now (HTTP 502, 503 or 504).
        case serviceUnavailable(PrivateCloudComputeLanguageModel.Error.ServiceUnavailable)

        /// A sentence for the user.
        public var errorDescription: String? {
            switch self {
            case .networkFailure: "The server model could not be reached."
            case .quotaLimitReached: "The daily limit for the server model has been reached."
            case .serviceUnavailable: "The server model is not available right now."
            }
        }
    }
}

extension PrivateCloudComputeLanguageModel.Error: CustomDebugStringConvertible {
    /// The details, for developers.
    public var debugDescription: String {
        switch self {
        case .networkFailure(let info): "networkFailure: \(info.debugDescription)"
        case .quotaLimitReached(let info): "quotaLimitReached: \(info.debugDescription)"
        case .serviceUnavailable(let info): "serviceUnavailable: \(info.debugDescription)"
        }
    }
}

extension PrivateCloudComputeLanguageModel.Error {
    /// What a network failure was.
    public struct NetworkFailure: Sendable {
        /// The failure in detail: the URL and the transport's error.
        public var debugDescription: String

        /// Describes a network failure.
        ///
        /// - Parameter debugDescription: The details, for developers.
        public init(debugDescription: String) {
            self.debugDescription = debugDescription
        }
    }
}

extension PrivateCloudComputeLanguageModel.Error {
    /// When the quota starts again, and how to get more.
    public struct QuotaLimitReached: Sendable {
        /// How the user could get a larger quota.
        public var limitIncreaseSuggestion: PrivateCloudComputeLanguageModel.QuotaUsage.LimitIncreaseSuggestion?
        /// When requests are allowed again (the next midnight in UTC).
        public var resetDate: Date?
        /// The quota and the usage, for developers.
        public var debugDescription: String

        /// Describes a reached quota.
        ///
        /// - Parameters:
        ///   - limitIncreaseSuggestion: How the user could get a larger quota.
        ///   - resetDate: When requests are allowed again.
        ///   - debugDescription: The details, for developers.
        public init(
            limitIncreaseSuggestion: PrivateCloudComputeLanguageModel.QuotaUsage.LimitIncreaseSuggestion? = nil, resetDate: Date? = nil,
            debugDescription: String
        ) {
            self.limitIncreaseSuggestion = limitIncreaseSuggestion
            self.resetDate = resetDate
            self.debugDescription = debugDescription
        }
    }
}

extension PrivateCloudComputeLanguageModel.Error {
    /// What the server said when it could not serve.
    public struct ServiceUnavailable: Sendable {
        /// The status and the server's message, for developers.
        public var debugDescription: String

        /// Describes an unavailable service.
        ///
        /// - Parameter debugDescription: The details, for developers.
        public init(debugDescription: String) {
            self.debugDescription = debugDescription
        }
    }
}
