import Foundation
import FoundationModels
import Observation
import Testing

/// Apple's `PrivateCloudComputeLanguageModel` API as an app written for the OS 27 SDK uses it,
/// through `import FoundationModels` alone: this file compiles only while the names, labels,
/// defaults and conformances stay Apple's.
@Suite struct PrivateCloudComputeAPISurfaceTests {
    func requireSendable<T: Sendable>(_: T.Type) {}
    func requireHashable<T: Hashable & Sendable>(_: T.Type) {}

    @Test func theShapeIsApples() async throws {
        requireSendable(PrivateCloudComputeLanguageModel.self)
        requireSendable(PrivateCloudComputeLanguageModel.QuotaUsage.self)
        requireSendable(PrivateCloudComputeLanguageModel.QuotaUsage.Status.self)
        requireSendable(PrivateCloudComputeLanguageModel.QuotaUsage.LimitIncreaseSuggestion.self)
        requireHashable(PrivateCloudComputeLanguageModel.Availability.UnavailableReason.self)
        requireHashable(PrivateCloudComputeLanguageModel.Executor.Configuration.self)
        let observable: any Observable = PrivateCloudComputeLanguageModel()
        _ = observable

        let model = PrivateCloudComputeLanguageModel()
        switch model.availability {
        case .available: break
        case .unavailable(.deviceNotEligible), .unavailable(.systemNotReady): break
        }
        _ = model.isAvailable
        let usage: PrivateCloudComputeLanguageModel.QuotaUsage = model.quotaUsage
        switch usage.status {
        case .belowLimit(let below): _ = below.isApproachingLimit
        case .limitReached(let reached): _ = reached
        }
        let _: Date? = usage.resetDate
        let _: Bool = usage.isLimitReached
        let _: PrivateCloudComputeLanguageModel.QuotaUsage.LimitIncreaseSuggestion? = usage.limitIncreaseSuggestion
        let _: Set<Locale.Language> = model.supportedLanguages
        _ = model.supportsLocale()
        _ = model.supportsLocale(Locale(identifier: "en_US"))
        let _: LanguageModelCapabilities = model.capabilities
        let executor = PrivateCloudComputeLanguageModel.Executor(configuration: model.executorConfiguration)
        executor.prewarm(model: model, transcript: Transcript())
        let contextSize: () async throws -> Int = { try await model.contextSize }
        _ = contextSize

        let errors: [PrivateCloudComputeLanguageModel.Error] = [
            .networkFailure(PrivateCloudComputeLanguageModel.Error.NetworkFailure(debugDescription: "a")),
            .quotaLimitReached(PrivateCloudComputeLanguageModel.Error.QuotaLimitReached(debugDescription: "b")),
            .quotaLimitReached(.init(limitIncreaseSuggestion: nil, resetDate: Date(), debugDescription: "c")),
            .serviceUnavailable(PrivateCloudComputeLanguageModel.Error.ServiceUnavailable(debugDescription: "d"))
        ]
        for error in errors {
            let _: String? = error.errorDescription
            let _: String = error.debugDescription
            let _: any LocalizedError = error
            let _: any CustomDebugStringConvertible = error
        }
        _ = LanguageModelSession(model: model)
    }
}
