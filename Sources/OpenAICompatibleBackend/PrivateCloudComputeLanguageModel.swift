import Foundation
public import FoundationModelsCore
public import Observation
import Synchronization

/// The larger model of Apple's OS 27, which runs on a server instead of the device; on Linux, an
/// OpenAI-compatible server with a daily token quota.
///
/// The API is Apple's: check ``availability`` and ``quotaUsage``, then open a session on the
/// model. Which server answers comes from ``PrivateCloudComputeSettings`` (the `FM_PCC_*`
/// variables, or code); with none configured the model is `.unavailable(.deviceNotEligible)`.
///
/// ```swift
/// let model = PrivateCloudComputeLanguageModel()
/// if model.availability == .available, !model.quotaUsage.isLimitReached {
///     let session = LanguageModelSession(model: model)
///     let summary = try await session.respond(to: "Summarize: \(longText)")
/// }
/// ```
///
/// Requests count their tokens (as the server reports them, or estimated) against the day's
/// quota; once it is used up, requests throw ``Error/quotaLimitReached(_:)`` without contacting
/// the server, until the next midnight in UTC.
public final class PrivateCloudComputeLanguageModel: Sendable, Observable {
    /// The server, quota and simulations this model uses.
    let settings: PrivateCloudComputeSettings
    /// The context size the server reported, once asked.
    let reportedContextSize = Mutex<Int?>(nil)

    /// A model on an explicit server and quota (an extra of this implementation).
    ///
    /// - Parameter settings: The server, its quota and what to simulate.
    public init(settings: PrivateCloudComputeSettings) {
        self.settings = settings
    }

    /// A model configured by an environment instead of the process's (tests).
    ///
    /// - Parameter environment: The `FM_PCC_*` and `FM_SIMULATE_PCC_*` variables.
    convenience init(environment: [String: String]) {
        self.init(settings: PrivateCloudComputeSettings(environment: environment))
    }
}

extension PrivateCloudComputeLanguageModel {
    /// Whether the model can be used now, and why not.
    ///
    /// `.unavailable(.deviceNotEligible)` when no server is configured (`FM_PCC_BASE_URL`).
    /// ``PrivateCloudComputeSettings/simulatedAvailability`` (`FM_SIMULATE_PCC_AVAILABILITY`)
    /// overrides the answer. Reading it never contacts the server.
    public var availability: PrivateCloudComputeLanguageModel.Availability {
        switch settings.simulatedAvailability {
        case .available?: return .available
        case .deviceNotEligible?: return .unavailable(.deviceNotEligible)
        case .systemNotReady?: return .unavailable(.systemNotReady)
        case nil: return settings.server == nil ? .unavailable(.deviceNotEligible) : .available
        }
    }

    /// Today's use of the daily token quota, and when it resets.
    ///
    /// ``PrivateCloudComputeSettings/simulatedQuota`` (`FM_SIMULATE_PCC_QUOTA`) overrides it.
    public var quotaUsage: PrivateCloudComputeLanguageModel.QuotaUsage {
        QuotaUsage(settings: settings, now: Date())
    }

    /// Whether ``availability`` is ``Availability/available``.
    public var isAvailable: Bool {
        availability == .available
    }
}

extension PrivateCloudComputeLanguageModel {
    /// A model on the server of ``PrivateCloudComputeSettings/current``: the `FM_PCC_*`
    /// environment variables unless code set other settings.
    public convenience init() {
        self.init(settings: PrivateCloudComputeSettings.current)
    }
}

extension PrivateCloudComputeLanguageModel: LanguageModel {
    /// What the server offers through the OpenAI-compatible backend: guided generation and tool calling.
    public var capabilities: LanguageModelCapabilities {
        LanguageModelCapabilities([.guidedGeneration, .toolCalling])
    }

    /// The settings its executor needs.
    public var executorConfiguration: PrivateCloudComputeLanguageModel.Executor.Configuration {
        Executor.Configuration(settings: settings)
    }
}
