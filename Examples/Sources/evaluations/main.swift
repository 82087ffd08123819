// Compares two local models with Apple's Evaluations API on three small sets: one-sentence
// summaries, action items of meeting notes (guided, the main job's core) and questions only a
// tool answers. Saves every result as JSON, prints a table of the means, and writes an HTML
// report of the summaries side by side.
//
//   swift run --package-path Examples evaluations [OUTPUT-FOLDER]
//
// The default model is the system model (scripts/setup.sh); the second is SmolLM2-135M
// (FM_SECOND_MODEL, or the one scripts/setup.sh installs for the tests; point it at the 0.5B
// model, `fm models` lists its path, to compare the two Qwen models).
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

let secondName = URL(fileURLWithPath: secondModelPath).deletingPathExtension().lastPathComponent
let runs: [(name: String, model: any LanguageModel)] = [
    ("default model", SystemLanguageModel.default),
    (secondName, LlamaLanguageModel(path: secondModelPath, contextSize: 2048, concurrentSessions: 4))
]
var summaries: [EvaluationResult] = []
var table = ["| model | set | metric | mean |", "|---|---|---|---|"]
for run in runs {
    print("Evaluating \(run.name)…")
    let info = ["ModelName": run.name]
    let summary = try await SummaryEvaluation(model: run.model).run(info: info)
    let actions = try await ActionItemsEvaluation(model: run.model).run(info: info)
    let tools = try await ToolUseEvaluation(model: run.model).run(info: info)
    for (set, result, metrics) in [
        ("summaries", summary, ["Keeps key facts", "Concise", "On topic"]), ("action items", actions, ["Owners found", "Tasks matched", "Extra items"]),
        ("tool use", tools, ["Tool called", "Answer correct"])
    ] {
        print(result.groupedSummary, terminator: "\n\n")
        print("saved \(try result.saveJSON(to: output.appendingPathComponent(set.replacingOccurrences(of: " ", with: "-"))).path)\n")
        for metric in metrics {
            let mean = result.aggregateValue(.mean(of: Metric(metric)))
            table.append("| \(run.name) | \(set) | \(metric) | \(String(format: "%.2f", mean)) |")
        }
    }
    summaries.append(summary)
}
print(table.joined(separator: "\n"))
let report = output.appendingPathComponent("report.html")
try EvaluationReport(summaries).write(to: report)
print("report: \(report.path)")
