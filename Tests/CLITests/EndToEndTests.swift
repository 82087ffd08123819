import Foundation
import Testing
import TestSupport

/// A few runs of the built `fm` binary: its output and exit codes as a script sees them.
@Suite(.serialized) struct EndToEndTests {
    static var binary: URL {
        // The test bundle sits next to the debug products.
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("fm")
    }

    func run(_ arguments: [String], environment: [String: String] = [:]) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let stdout = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, stdout, stderr)
    }

    @Test(.requiresSmolLM2) func respondPrintsTheAnswerAlone() throws {
        let result = try run(["respond", "--greedy", "--max-tokens", "16", "--instructions", "You are a helpful assistant.",
                              "--model", TestModels.smolLM2Path, "What is the capital of France?"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("Paris"))
        #expect(result.stdout.hasSuffix("\n") && !result.stdout.dropLast().contains("\n\n"))
        #expect(result.stderr.isEmpty)
    }

    @Test func aMissingModelIsOneLineOnStandardError() throws {
        let result = try run(["respond", "--model", "/nonexistent/model.gguf", "Hello"])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("fm: the model is not ready"))
        #expect(result.stderr.filter { $0 == "\n" }.count == 1)
    }

    @Test func usageErrorsExitWith64() throws {
        let result = try run(["respond", "--max-tokens"])
        #expect(result.status == 64)
        #expect(result.stderr == "fm: --max-tokens needs a value (see fm --help)\n")
    }

    @Test func simulatedAvailabilityIsReported() throws {
        let result = try run(["availability"], environment: ["FM_SIMULATE_AVAILABILITY": "appleIntelligenceNotEnabled"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("turned off"))
    }
}
