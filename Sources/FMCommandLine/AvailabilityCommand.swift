import Foundation
import FoundationModels

/// `fm availability`: whether the default model can be used, and why not.
struct AvailabilityCommand {
    let flags: GenerationFlags

    init(arguments: inout CommandLineArguments) throws {
        flags = try GenerationFlags(parsing: &arguments)
    }

    func run() throws {
        flags.configureModel()
        let settings = LocalModelSettings.current
        switch SystemLanguageModel.default.availability {
        case .available:
            print("available: \(settings.modelPath) (context \(settings.contextSize) tokens)")
        case .unavailable(let reason):
            throw CLIError.failed(Self.explain(reason, settings: settings))
        }
    }

    static func explain(_ reason: SystemLanguageModel.Availability.UnavailableReason, settings: LocalModelSettings) -> String {
        switch reason {
        case .modelNotReady: "the model is not ready: \(settings.modelPath) is missing or unreadable (run scripts/setup.sh, or pass --model PATH)"
        case .appleIntelligenceNotEnabled: "the model is turned off (FM_DISABLED=1)"
        case .deviceNotEligible: "this machine has too little memory for \(settings.modelPath)"
        @unknown default: "the model is unavailable"
        }
    }
}
