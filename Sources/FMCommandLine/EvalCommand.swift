import Evaluations
import Foundation
import FoundationModels
import FoundationModelsCore
import SeedEvaluations

/// `fm eval run [FEATURE …]`: the seed app's evaluation suite on a model, each feature's pass
/// rates and seconds per answer, every result saved as JSON; `fm eval report RESULTS.json
/// [MORE.json …] [--output FILE]`: an HTML report of evaluation results (several files are
/// compared side by side); `fm eval summary RESULTS.json`: the statistics as text.
struct EvalCommand {
    enum Action {
        case run(features: [SeedFeature], flags: GenerationFlags, limit: Int?, output: String, judge: String?)
        case report(files: [String], output: String)
        case summary(files: [String])
        case judgeAgreement(judge: String, limit: Int?, detail: Bool)
    }

    let action: Action

    static let usage = """
        USAGE:
          fm eval run [FEATURE …] [options]  the seed app's evaluation suite: each feature's labelled
                                             samples on the model, greedy, one at a time, at a fixed
                                             thread count (FM_ADAPTIVE_THREADS=1 adapts it); prints each
                                             metric's pass rate (an answer that failed counts as
                                             failing) and the seconds per answer, and saves each
                                             result as JSON in the output folder
          fm eval report FILE… [-o OUT]      an HTML report of evaluation results (EvaluationResult.saveJSON
                                             files, or .jsonl); two or more files are compared side by side
          fm eval summary FILE…              the statistics of evaluation results, as text
          fm eval judge-agreement [--judge NAME|PATH] [--limit N] [--detail]
                                             the summaries' faithfulness judge (default: quality) on
                                             summaries a person labelled (judge-labels.json): each
                                             verdict beside the person's (--detail: with both
                                             reasons), the share that agree and Cohen's kappa

        FEATURES (all by default):
          summaries     NoteSummary of a field note: headline of at most 8 words, facts kept, nothing invented
          tagging       the TaggingProfile flow: one lookup of the person's tags, answer is tags, a fitting tag reused
          action-items  the main job (fm notes): tasks found, owners resolved through the directory, priorities
          ask-my-notes  askMyNotes with SpotlightSearchTool over 302 field notes: searched, answer has the fact
          sign-photos   describeSign with Vision's OCRTool on 50 photos of signs: read once, headline of at most
                        8 words and from the sign, facts kept, nothing invented, instructions on a sign not obeyed
          trip-reports  TripReport of an outing's notes (2 to 4 stops): title of at most 8 words, every place and
                        species listed, each species' count right, nothing invented

        RUN OPTIONS:
          --model NAME|PATH     default (the 1.5B model), small, smollm2 or a GGUF file (default: FM_MODEL
                                or default)
          --server URL          an OpenAI-compatible server instead (--server-model NAME, --api-key KEY,
                                --required-calls tool-choice|response-format: fm respond --help)
          --context-size N      tokens per session (default 4096)
          --limit N             the first N samples of each feature (default: all, 50 to 65 each)
          --judge NAME|PATH     a model that also judges each summary's faithfulness to its note
                                (the metric "Faithful (judge)"), e.g. --judge quality
          -o, --output DIR      where the results go (default: evaluation-results)

        Compare models with fm eval report on the saved files, e.g.
          fm eval run --limit 20 -o runs/default && fm eval run --limit 20 --model small -o runs/small
          fm eval report runs/default/ActionItemsEvaluation-*.json runs/small/ActionItemsEvaluation-*.json
        """

    init(arguments: inout CommandLineArguments) throws {
        guard let verb = arguments.next() else { throw CLIError.usage("fm eval needs 'run', 'report' or 'summary'") }
        let output = try arguments.removeOption("--output") ?? arguments.removeOption("-o")
        if verb == "judge-agreement" {
            let judge = try arguments.removeOption("--judge") ?? "quality"
            let limit = try Self.limit(&arguments)
            let detail = arguments.removeFlag("--detail")
            if let extra = arguments.next() { throw CLIError.usage("unexpected '\(extra)' for fm eval judge-agreement") }
            action = .judgeAgreement(judge: judge, limit: limit, detail: detail)
            return
        }
        if verb == "run" {
            let judge = try arguments.removeOption("--judge")
            let limit = try Self.limit(&arguments)
            let flags = try GenerationFlags(parsing: &arguments)
            let sampling = flags.temperature != nil || flags.greedy || flags.topK != nil || flags.topP != nil || flags.seed != nil
            if sampling || flags.maximumTokens != nil || flags.schemaPath != nil || flags.instructions != nil || flags.json {
                throw CLIError.usage("fm eval run takes no sampling, schema or instructions options: each feature sets its own")
            }
            let features = try flags.positional.map { name in
                do { return try SeedFeature(named: name) } catch let error as SeedEvaluationError { throw CLIError.usage(error.errorDescription ?? "\(error)") }
            }
            if judge != nil, !features.isEmpty, !features.contains(.summaries) {
                throw CLIError.usage("--judge judges the summaries: add the feature 'summaries'")
            }
            action = .run(features: features.isEmpty ? SeedFeature.allCases : features, flags: flags, limit: limit, output: output ?? "evaluation-results", judge: judge)
            return
        }
        var files: [String] = []
        while let argument = arguments.next() {
            if argument.hasPrefix("-") && argument != "-" { throw CLIError.usage("unknown option '\(argument)' for fm eval") }
            files.append(argument)
        }
        guard !files.isEmpty else { throw CLIError.usage("fm eval \(verb) needs a results file (written by EvaluationResult.saveJSON)") }
        switch verb {
        case "report": action = .report(files: files, output: output ?? "evaluation-report.html")
        case "summary": action = .summary(files: files)
        default: throw CLIError.usage("unknown fm eval command '\(verb)' (run, report, summary, judge-agreement)")
        }
    }

    func run() async throws {
        switch action {
        case .run(let features, let flags, let limit, let output, let judge):
            try await runSuite(features: features, flags: flags, limit: limit, output: URL(fileURLWithPath: output), judgeName: judge)
        case .report(let files, let output):
            let results = try await Self.load(files)
            let url = URL(fileURLWithPath: output)
            try EvaluationReport(results).write(to: url)
            print("wrote \(url.path) (\(results.count) result\(results.count == 1 ? "" : "s"))")
        case .judgeAgreement(let judge, let limit, let detail):
            try await measureJudgeAgreement(judgeName: judge, limit: limit, detail: detail)
        case .summary(let files):
            for (index, result) in try await Self.load(files).enumerated() {
                if index > 0 { print() }
                let info = result.evaluationInfo.keys.sorted().map { "\($0)=\(result.evaluationInfo[$0] ?? "")" }.joined(separator: " ")
                print("\(result.evaluationID) (\(result.detailed.rowCount) samples\(info.isEmpty ? "" : ", " + info))")
                print(result.groupedSummary)
            }
        }
    }

    /// Runs the features one after the other, samples one at a time (so that the time per answer
    /// is what a user waits), and prints and saves each result.
    private func runSuite(features: [SeedFeature], flags: GenerationFlags, limit: Int?, output: URL, judgeName: String?) async throws {
        // One sample at a time unless FM_EVAL_CONCURRENCY says otherwise.
        setenv("FM_EVAL_CONCURRENCY", "1", 0)
        // Greedy answers depend on how many threads each decoding step used (llama.cpp's attention
        // rounds differently by thread count), so a count that adapts to the machine's load would
        // make the pass rates depend on it: the count is fixed unless FM_ADAPTIVE_THREADS says.
        setenv("FM_ADAPTIVE_THREADS", "0", 0)
        let model = try await flags.makeModel()
        let modelName =
            flags.serverURL.map { "\(flags.serverModel ?? $0) (server)" }
            ?? URL(fileURLWithPath: LocalModelSettings.current.modelPath).deletingPathExtension().lastPathComponent
        let host = HostDescription.current()
        var info = ["ModelName": modelName, "cpu": host.cpu, "cores": "\(host.cores)"]
        let judge = try judgeName.map { name in
            let (model, judgeName) = try Self.judgeModel(name)
            info["judge"] = judgeName
            return model
        }
        print("model: \(modelName)\(info["judge"].map { "; judge: \($0)" } ?? ""); host: \(host.cpu), \(host.cores) cores; load average \(Self.loadAverage())")
        fflush(nil)
        for feature in features {
            let result = try await feature.evaluate(model: model, limit: limit, info: info, judge: judge)
            let score = try feature.score(result, limit: limit)
            let errors = score.errors > 0 ? ", \(score.errors) failed to answer" : ""
            print("\n\(feature.rawValue): \(score.samples) samples, \(String(format: "%.1f", score.secondsPerAnswer)) s per answer\(errors)")
            for metric in score.metrics {
                let rate = String(format: "%3.0f%%", metric.rate * 100)
                print("  \(metric.name.padding(toLength: 22, withPad: " ", startingAt: 0)) \(rate)  (\(metric.passed)/\(metric.counted))")
            }
            print("  saved \(try result.saveJSON(to: output, includeReportMetadata: true).path)")
            fflush(nil)
        }
    }

    /// `--limit N`'s positive number, if given.
    private static func limit(_ arguments: inout CommandLineArguments) throws -> Int? {
        try arguments.removeOption("--limit").map { text in
            guard let number = Int(text), number > 0 else { throw CLIError.usage("--limit needs a positive number, got '\(text)'") }
            return number
        }
    }

    /// The judge a name or path means, on its own engine, and its model's name.
    private static func judgeModel(_ name: String) throws -> (LlamaLanguageModel, String) {
        let path = ModelCatalog.resolve(name)
        guard FileManager.default.fileExists(atPath: path) else {
            throw CLIError.failed("--judge: no model file at \(path) (scripts/setup.sh installs the 1.5B model)", kind: .modelUnavailable)
        }
        // The judge's own engine, one request at a time: its greedy verdicts do not depend on
        // the requests beside it.
        return (LlamaLanguageModel(path: path, contextSize: 3072, concurrentSessions: 1), URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent)
    }

    /// Runs the faithfulness judge on the labelled summaries and prints each verdict beside the
    /// person's, then the agreement.
    private func measureJudgeAgreement(judgeName: String, limit: Int?, detail: Bool) async throws {
        setenv("FM_ADAPTIVE_THREADS", "0", 0)
        let (judge, name) = try Self.judgeModel(judgeName)
        let labels: [JudgeLabel]
        do { labels = try JudgeAgreement.labels(limit: limit) } catch let error as SeedEvaluationError {
            throw CLIError.failed(error.errorDescription ?? "\(error)")
        }
        let host = HostDescription.current()
        print("judge: \(name); \(labels.count) labelled summaries; host: \(host.cpu), \(host.cores) cores")
        fflush(nil)
        let result = try await JudgeAgreement.measure(judge: judge, labels: labels)
        func word(_ passes: Bool?) -> String { passes.map { $0 ? "pass" : "fail" } ?? "none" }
        for verdict in result.verdicts {
            let mark = verdict.judgePasses == verdict.label.faithful ? " " : "≠"
            print("\(mark) \(verdict.label.noteID) (\(verdict.label.writer)): person \(word(verdict.label.faithful)), judge \(word(verdict.judgePasses))")
            if detail { print("    judge: \(verdict.rationale)\n    person: \(verdict.label.reason)") }
        }
        let kappa = result.kappa.map { String(format: "%.2f", $0) } ?? "undefined"
        let share = String(format: "%.0f%%", result.agreement * 100)
        print("\nagreement \(share) (\(result.bothPass + result.bothFail) of \(result.judged) judged), Cohen's kappa \(kappa)")
        print("both pass \(result.bothPass), both fail \(result.bothFail), only the judge passes \(result.onlyJudgePasses), only the person passes \(result.onlyPersonPasses)")
    }

    /// `/proc/loadavg`'s three averages, or "unknown".
    static func loadAverage() -> String {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return "unknown" }
        return text.split(separator: " ").prefix(3).joined(separator: " ")
    }

    /// The results in the files (`.jsonl` files hold several).
    static func load(_ files: [String]) async throws -> [EvaluationResult] {
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
        return results
    }
}
