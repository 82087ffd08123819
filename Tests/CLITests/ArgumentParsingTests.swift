import Testing
import Foundation
@testable import FMCommandLine
import FoundationModels

@Suite struct ArgumentParsingTests {
    func flags(_ words: [String]) throws -> GenerationFlags {
        var arguments = CommandLineArguments(words)
        return try GenerationFlags(parsing: &arguments)
    }

    @Test func parsesEveryOption() throws {
        let parsed = try flags([
            "--instructions", "Be brief.", "--model", "/m.gguf", "--context-size", "2048",
            "--temperature", "0.5", "--top-k", "20", "--seed", "7", "--max-tokens", "64",
            "--schema", "s.json", "What", "is", "up?"
        ])
        #expect(parsed.instructions == "Be brief.")
        #expect(parsed.modelPath == "/m.gguf")
        #expect(parsed.contextSize == 2048)
        #expect(parsed.schemaPath == "s.json")
        #expect(parsed.positional == ["What", "is", "up?"])
        #expect(parsed.options == GenerationOptions(samplingMode: .random(top: 20, seed: 7), temperature: 0.5, maximumResponseTokens: 64))
    }

    @Test func greedyAndSeedMapToSamplingModes() throws {
        #expect(try flags(["--greedy"]).options.samplingMode == .greedy)
        #expect(try flags(["--top-p", "0.9", "--seed", "3"]).options.samplingMode == .random(probabilityThreshold: 0.9, seed: 3))
        #expect(try flags(["--seed", "3"]).options.samplingMode == .random(probabilityThreshold: 0.95, seed: 3))
        #expect(try flags([]).options == GenerationOptions())
    }

    @Test func doubleDashEndsOptions() throws {
        #expect(try flags(["--", "--greedy", "is", "a", "word"]).positional == ["--greedy", "is", "a", "word"])
    }

    static let usageErrors: [([String], String)] = [
        (["--unknown"], "unknown option '--unknown'"),
        (["--temperature"], "--temperature needs a value"),
        (["--max-tokens", "many"], "--max-tokens needs a number, got 'many'"),
        (["--max-tokens", "0"], "--max-tokens must be positive"),
        (["--greedy", "--top-k", "3"], "--greedy cannot be combined with --top-k or --top-p"),
        (["--top-k", "3", "--top-p", "0.5"], "--top-k and --top-p cannot be combined")
    ]

    @Test(arguments: usageErrors)
    func malformedOptionsAreUsageErrors(words: [String], message: String) {
        #expect(throws: CLIError.usage(message)) { try flags(words) }
    }

    @Test func respondNeedsAPrompt() {
        var arguments = CommandLineArguments(["--greedy"])
        #expect(throws: CLIError.usage("respond needs a prompt")) {
            try RespondCommand(arguments: &arguments, streaming: false)
        }
    }

    @Test func usageErrorsExitWith64() {
        #expect(CLIError.usage("x").exitCode == 64)
        #expect(CLIError.failed("x").exitCode == 1)
    }

    @Test func benchOptions() throws {
        var arguments = CommandLineArguments(["--json", "--repeats", "5", "--threads", "1"])
        let bench = try BenchCommand(arguments: &arguments)
        #expect(bench.json && bench.repeats == 5 && bench.threads == 1)
        var bad = CommandLineArguments(["--repeats", "0"])
        #expect(throws: CLIError.self) { try BenchCommand(arguments: &bad) }
        #expect(bench.runsThroughput && bench.runsSessions)
    }

    @Test func benchRunsOnePartWhenAsked() throws {
        var sessions = CommandLineArguments(["--only", "sessions"])
        let sessionsOnly = try BenchCommand(arguments: &sessions)
        #expect(sessionsOnly.runsSessions && !sessionsOnly.runsThroughput)
        var throughput = CommandLineArguments(["--only", "throughput"])
        let throughputOnly = try BenchCommand(arguments: &throughput)
        #expect(throughputOnly.runsThroughput && !throughputOnly.runsSessions && !throughputOnly.runsGuided)
        var guided = CommandLineArguments(["--only", "guided", "--schema-limit", "20", "--no-reference"])
        let guidedOnly = try BenchCommand(arguments: &guided)
        #expect(guidedOnly.runsGuided && !guidedOnly.runsSessions && !guidedOnly.runsThroughput)
        #expect(guidedOnly.schemaLimit == 20 && !guidedOnly.withReference)
        var bad = CommandLineArguments(["--only", "everything"])
        #expect(throws: CLIError.usage("--only takes throughput, sessions, guided or schemas, got 'everything'")) { try BenchCommand(arguments: &bad) }
        var schemas = CommandLineArguments(["--only", "schemas", "--schemas", NSTemporaryDirectory(), "--per-subset", "3", "--max-tokens", "64"])
        let userPath = try BenchCommand(arguments: &schemas)
        #expect(userPath.runsSchemaPath && !userPath.runsGuided && userPath.perSubset == 3 && userPath.maximumTokens == 64)
        var folderless = CommandLineArguments(["--only", "schemas"])
        #expect(throws: CLIError.usage("--only schemas needs --schemas DIR (a JSONSchemaBench folder)")) { try BenchCommand(arguments: &folderless) }
        var missing = CommandLineArguments(["--schemas", "/nonexistent/folder"])
        #expect(throws: CLIError.self) { try BenchCommand(arguments: &missing) }
    }
}
