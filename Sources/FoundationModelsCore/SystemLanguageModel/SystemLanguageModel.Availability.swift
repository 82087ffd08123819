import Foundation
import LlamaBackend

extension SystemLanguageModel {
    /// Whether the model can be used, and why not.
    @frozen
    public enum Availability: Equatable, Sendable {
        /// The model is ready.
        case available
        /// The model cannot be used now.
        case unavailable(SystemLanguageModel.Availability.UnavailableReason)

        /// Why the model is unavailable.
        public enum UnavailableReason: Equatable, Sendable, Hashable {
            /// This machine cannot run the model (too little memory).
            case deviceNotEligible
            /// The model is turned off by configuration (`FM_DISABLED=1` or ``LocalModelSettings/isEnabled``).
            case appleIntelligenceNotEnabled
            /// The model file is not set up, missing, or failed to load (run `scripts/setup.sh`).
            case modelNotReady
        }
    }

    /// Whether the model can be used now, and why not.
    ///
    /// ``LocalModelSettings/simulatedAvailability`` (`FM_SIMULATE_AVAILABILITY`) overrides the
    /// answer, as Xcode's scheme option does.
    public var availability: SystemLanguageModel.Availability {
        if let simulated = Self.availability(simulating: settings.simulatedAvailability) { return simulated }
        guard settings.isEnabled else { return .unavailable(.appleIntelligenceNotEnabled) }
        let physicalMemory = ProcessInfo.processInfo.physicalMemory
        let modelSize = (try? FileManager.default.attributesOfItem(atPath: settings.modelPath)[.size] as? UInt64) ?? 0
        if physicalMemory < Self.minimumMemory + modelSize {
            return .unavailable(.deviceNotEligible)
        }
        do {
            try LlamaModel.validateFile(at: settings.modelPath)
        } catch {
            return .unavailable(.modelNotReady)
        }
        if let adapterPath = settings.adapterPath, !FileManager.default.fileExists(atPath: adapterPath) {
            return .unavailable(.modelNotReady)
        }
        if EngineStore.shared.hasFailedToLoad(settings.modelPath) {
            return .unavailable(.modelNotReady)
        }
        return .available
    }

    /// Whether ``availability`` is ``Availability/available``.
    public var isAvailable: Bool {
        availability == .available
    }

    /// Memory the process needs besides the weights: KV caches and compute buffers.
    static let minimumMemory: UInt64 = 1 << 30

    /// The availability the current settings simulate (`FM_SIMULATE_AVAILABILITY`), if any.
    static var simulatedAvailability: Availability? {
        availability(simulating: LocalModelSettings.current.simulatedAvailability)
    }

    /// The availability a simulation reports.
    static func availability(simulating simulation: LocalModelSettings.SimulatedAvailability?) -> Availability? {
        switch simulation {
        case .available?: .available
        case .deviceNotEligible?: .unavailable(.deviceNotEligible)
        case .appleIntelligenceNotEnabled?: .unavailable(.appleIntelligenceNotEnabled)
        case .modelNotReady?: .unavailable(.modelNotReady)
        case nil: nil
        }
    }

    /// Throws `assetsUnavailable` unless the model is available.
    func requireAvailable() throws {
        guard case .unavailable(let reason) = availability else { return }
        let detail: String
        switch reason {
        case .deviceNotEligible: detail = "this machine has too little memory for \(settings.modelPath)"
        case .appleIntelligenceNotEnabled: detail = "the model is turned off by configuration (FM_DISABLED)"
        case .modelNotReady: detail = "the model at \(settings.modelPath) is not set up or failed to load; run scripts/setup.sh"
        }
        throw LanguageModelSession.GenerationError.assetsUnavailable(.init(debugDescription: "The model is unavailable: \(detail)."))
    }
}
