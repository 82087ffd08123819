import Evaluations
import Foundation
import TestSupport
import Testing

/// `fm eval`: reports and summaries from results files, and clear errors for bad ones.
@Suite struct EvalCommandTests {
    struct EchoEvaluation: Evaluation {
        let same = Metric("Same")
        let answers: [String]
        var dataset: ArrayLoader<ModelSample<String>> {
            ArrayLoader(samples: answers.map { ModelSample(prompt: $0, expected: "yes") })
        }
        func subject(from sample: ModelSample<String>) async throws -> ModelSubject<String> {
            ModelSubject(value: sample.promptDescription)
        }
        var evaluators: Evaluators {
            Evaluator { sample, subject in subject.value == sample.expected ? same.passing() : same.failing() }
        }
        func aggregateMetrics(using aggregator: inout MetricsAggregator) {
            aggregator.computeMean(of: same)
        }
    }

    func run(_ arguments: [String]) async throws -> ChildProcess.Outcome {
        try await ChildProcess.run(EndToEndTests.binary, arguments)
    }

    @Test func reportAndSummaryReadResultsFiles() async throws {
        let folder = try ScratchFolder.make("fm-eval")
        let first = try await EchoEvaluation(answers: ["yes", "no"]).run(info: ["model": "A"]).saveJSON(to: folder)
        let second = try await EchoEvaluation(answers: ["yes", "yes"]).run(info: ["model": "B"]).saveJSON(to: folder)
        let output = folder.appendingPathComponent("report.html")
        let report = try await run(["eval", "report", first.path, second.path, "--output", output.path])
        #expect(report.status == 0, "\(report.stderr)")
        #expect(report.stdout == "wrote \(output.path) (2 results)\n")
        let html = try String(contentsOf: output, encoding: .utf8)
        #expect(html.contains("EchoEvaluation: A vs B"))
        let summary = try await run(["eval", "summary", first.path])
        #expect(summary.stdout == "EchoEvaluation (2 samples, model=A)\nMean of Same: 0.5\n")
    }

    @Test func badFilesAndUsageAreClearErrors() async throws {
        let missing = try await run(["eval", "report", "/nonexistent/results.json"])
        #expect(missing.status == 1)
        #expect(missing.stderr == "fm: /nonexistent/results.json: no evaluation results at /nonexistent/results.json\n")
        let file = try ScratchFolder.file("not-results.json")
        try Data("{\"hello\": 1}".utf8).write(to: file)
        let invalid = try await run(["eval", "summary", file.path])
        #expect(invalid.status == 1)
        #expect(invalid.stderr.contains("not an evaluation result"))
        let usage = try await run(["eval", "report"])
        #expect(usage.status == 64)
        #expect(try await run(["eval", "publish", "x.json"]).stderr.contains("unknown fm eval command 'publish'"))
    }

    /// `fm eval run` refuses what it cannot run before it loads a model.
    @Test func runRefusesUnknownFeaturesAndOptionsItDoesNotTake() async throws {
        let unknown = try await run(["eval", "run", "summaries", "haiku"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("unknown feature 'haiku' (summaries, tagging, action-items, ask-my-notes, sign-photos, trip-reports)"))
        #expect(try await run(["eval", "run", "--limit", "0"]).stderr.contains("--limit needs a positive number"))
        #expect(try await run(["eval", "run", "--temperature", "0.7"]).stderr.contains("takes no sampling"))
        let help = try await run(["eval", "--help"]).stdout
        #expect(help.contains("ask-my-notes  askMyNotes"))
        #expect(help.contains("sign-photos   describeSign with Vision's OCRTool"))
        #expect(help.contains("trip-reports  TripReport of an outing's notes"))
        #expect(help.contains("fm eval judge-agreement"))
    }

    /// `fm eval judge-agreement` refuses what it does not take and a judge with no model file,
    /// before it loads anything.
    @Test func judgeAgreementRefusesBadArgumentsAndAMissingJudge() async throws {
        let extra = try await run(["eval", "judge-agreement", "summaries"])
        #expect(extra.status == 64)
        #expect(extra.stderr.contains("unexpected 'summaries' for fm eval judge-agreement"))
        #expect(try await run(["eval", "judge-agreement", "--limit", "-2"]).stderr.contains("--limit needs a positive number"))
        let missing = try await run(["eval", "judge-agreement", "--judge", "/nonexistent/judge.gguf"])
        #expect(missing.status != 0)
        #expect(missing.stderr.contains("no model file at /nonexistent/judge.gguf"), "\(missing.stderr)")
    }
}
