// Compares two local models on a small summary dataset with Apple's Evaluations API, saves both
// results as JSON and writes an HTML report of the two side by side.
//
//   swift run --package-path Examples evaluations [OUTPUT-FOLDER]
//
// The default model is the system model (scripts/setup.sh); the second is SmolLM2-135M
// (FM_SECOND_MODEL, or the one scripts/setup.sh installs for the tests).
import Evaluations
import Foundation
import FoundationModels

let output = URL(fileURLWithPath: CommandLine.arguments.dropFirst().first ?? "evaluation-results")
let secondModelPath =
    ProcessInfo.processInfo.environment["FM_SECOND_MODEL"]
    ?? FileManager.default.homeDirectoryForCurrentUser
    .appendingPathComponent(".cache/foundation-models-linux/models/SmolLM2-135M-Instruct-Q4_1.gguf").path

guard case .available = SystemLanguageModel.default.availability else {
    FileHandle.standardError.write(Data("The default model is not available: run scripts/setup.sh.\n".utf8))
    exit(1)
}
guard FileManager.default.fileExists(atPath: secondModelPath) else {
    FileHandle.standardError.write(Data("No second model at \(secondModelPath): set FM_SECOND_MODEL to a GGUF file.\n".utf8))
    exit(1)
}

let runs: [(name: String, model: any LanguageModel)] = [
    ("Qwen2.5-Coder-0.5B (default)", SystemLanguageModel.default),
    ("SmolLM2-135M", LlamaLanguageModel(path: secondModelPath, contextSize: 2048, concurrentSessions: 4))
]
var results: [EvaluationResult] = []
for run in runs {
    print("Evaluating \(run.name)…")
    let result = try await SummaryEvaluation(model: run.model).run(info: ["ModelName": run.name])
    print(result.groupedSummary, terminator: "\n\n")
    print("saved \(try result.saveJSON(to: output).path)\n")
    results.append(result)
}
let report = output.appendingPathComponent("report.html")
try EvaluationReport(results).write(to: report)
print("report: \(report.path)")
