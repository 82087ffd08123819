import Evaluations
import Foundation

/// `fm eval report RESULTS.json [MORE.json …] [--output FILE]`: an HTML report of evaluation
/// results (several files are compared side by side); `fm eval summary RESULTS.json`: the
/// statistics as text.
struct EvalCommand {
    enum Action {
        case report(output: String)
        case summary
    }

    let action: Action
    let files: [String]

    init(arguments: inout CommandLineArguments) throws {
        guard let verb = arguments.next() else { throw CLIError.usage("fm eval needs 'report' or 'summary'") }
        var files: [String] = []
        var output = "evaluation-report.html"
        while let argument = arguments.next() {
            switch argument {
            case "--output", "-o": output = try arguments.value(for: argument)
            case let option where option.hasPrefix("-") && option != "-": throw CLIError.usage("unknown option '\(option)' for fm eval")
            default: files.append(argument)
            }
        }
        guard !files.isEmpty else { throw CLIError.usage("fm eval \(verb) needs a results file (written by EvaluationResult.saveJSON)") }
        switch verb {
        case "report": action = .report(output: output)
        case "summary": action = .summary
        default: throw CLIError.usage("unknown fm eval command '\(verb)' (report, summary)")
        }
        self.files = files
    }

    func run() async throws {
        var results: [EvaluationResult] = []
        for file in files {
            let url = URL(fileURLWithPath: file)
            do {
                if url.pathExtension == "jsonl" {
                    results += try await EvaluationResult.loadJSONLines(from: url)
                } else {
                    results.append(try EvaluationResult.loadJSON(from: url))
                }
            } catch let error as EvaluationResultsError {
                throw CLIError.failed("\(file): \(error.errorDescription ?? "not an evaluation result")")
            }
        }
        switch action {
        case .report(let output):
            let url = URL(fileURLWithPath: output)
            try EvaluationReport(results).write(to: url)
            print("wrote \(url.path) (\(results.count) result\(results.count == 1 ? "" : "s"))")
        case .summary:
            for (index, result) in results.enumerated() {
                if index > 0 { print() }
                let info = result.evaluationInfo.keys.sorted().map { "\($0)=\(result.evaluationInfo[$0] ?? "")" }.joined(separator: " ")
                print("\(result.evaluationID) (\(result.detailed.rowCount) samples\(info.isEmpty ? "" : ", " + info))")
                print(result.groupedSummary)
            }
        }
    }
}
