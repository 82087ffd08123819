import Foundation
import FoundationModels
import LlamaBackend

/// `fm availability`: whether the default model can be used, and why not; then which llama.cpp
/// build runs it, as `scripts/setup.sh` recorded it (variant, self-test, CPU).
struct AvailabilityCommand {
    let flags: GenerationFlags

    init(arguments: inout CommandLineArguments) throws {
        flags = try GenerationFlags(parsing: &arguments)
    }

    func run() throws {
        flags.configureModel()
        let settings = LocalModelSettings.current
        let prefix = ModelCatalog.installPrefix
        let build = LlamaBuildReport.lines(
            record: LlamaBuildRecord.load(prefix: prefix),
            recordPath: LlamaBuildRecord.path(prefix: prefix),
            cpu: .current())
        switch SystemLanguageModel.default.availability {
        case .available:
            print("available: \(settings.modelPath) (context \(settings.contextSize) tokens)")
            for line in build { print(line) }
            // What the loaded llama.cpp was compiled with (AMX_INT8 = 1 means ggml's AMX kernels).
            print("llama.cpp features: " + LlamaRuntime.systemInfo.trimmingCharacters(in: .whitespacesAndNewlines))
        case .unavailable(let reason):
            for line in build { FileHandle.standardError.write(Data("\(line)\n".utf8)) }
            throw CLIError.failed(Self.explain(reason, settings: settings), kind: .modelUnavailable)
        }
    }

    static func explain(_ reason: SystemLanguageModel.Availability.UnavailableReason, settings: LocalModelSettings) -> String {
        switch reason {
        case .modelNotReady:
            "the model is not ready: \(settings.modelPath) is missing or unreadable (run "
                + "scripts/setup.sh, or pass --model PATH)"
        case .appleIntelligenceNotEnabled: "the model is turned off (FM_DISABLED=1)"
        case .deviceNotEligible: "this machine has too little memory for \(settings.modelPath)"
        @unknown default: "the model is unavailable"
        }
    }
}
