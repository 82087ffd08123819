import Foundation
import Testing
import TestSupport

/// A few runs of the built `fm` binary: its output and exit codes as a script sees them.
@Suite(.serialized) struct EndToEndTests {
    static var binary: URL {
        // The test bundle sits next to the debug products.
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("fm")
    }

    func run(_ arguments: [String], environment: [String: String] = [:]) async throws -> ChildProcess.Outcome {
        try await ChildProcess.run(Self.binary, arguments, environment: environment)
    }

    @Test(.requiresSmolLM2) func respondPrintsTheAnswerAlone() async throws {
        let result = try await run([
            "respond", "--greedy", "--max-tokens", "16", "--instructions", "You are a helpful assistant.",
            "--model", TestModels.smolLM2Path, "What is the capital of France?"
        ])
        #expect(result.status == 0)
        #expect(result.stdout.contains("Paris"))
        #expect(result.stdout.hasSuffix("\n") && !result.stdout.dropLast().contains("\n\n"))
        #expect(result.stderr.isEmpty)
    }

    @Test func aMissingModelIsOneLineOnStandardError() async throws {
        let result = try await run(["respond", "--model", "/nonexistent/model.gguf", "Hello"])
        #expect(result.status == 5, "the model-unavailable exit code")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("fm: the model is not ready"))
        #expect(result.stderr.filter { $0 == "\n" }.count == 1)
    }

    @Test func usageErrorsExitWith64() async throws {
        let result = try await run(["respond", "--max-tokens"])
        #expect(result.status == 64)
        #expect(result.stderr == "fm: --max-tokens needs a value (see fm --help)\n")
    }

    @Test func simulatedAvailabilityIsReported() async throws {
        let result = try await run(["availability"], environment: ["FM_SIMULATE_AVAILABILITY": "appleIntelligenceNotEnabled"])
        #expect(result.status == 5)
        #expect(result.stderr.contains("turned off"))
    }

    /// A crash (here a SIGILL sent from outside while `fm chat` waits for input, as llama.cpp's
    /// kernels raise on CPUs that cannot run them) ends with the hint, then the signal as before.
    @Test(.requiresSmolLM2) func aFatalSignalPrintsWhatToDoAndKeepsTheSignal() async throws {
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = ["chat", "--model", TestModels.smolLM2Path]
        // Without the Swift runtime's backtracer, which keeps a process that a signal was *sent*
        // to alive after printing its backtrace (a real fault re-executes and ends it).
        process.environment = ProcessInfo.processInfo.environment.merging(["SWIFT_BACKTRACE": "enable=no"]) { $1 }
        let input = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        try await Task.sleep(for: .seconds(2))
        kill(process.processIdentifier, SIGILL)
        let deadline = Date().addingTimeInterval(20)
        while process.isRunning, Date() < deadline { try await Task.sleep(for: .milliseconds(100)) }
        if process.isRunning {
            Issue.record("fm was still running 20 s after SIGILL")
            kill(process.processIdentifier, SIGKILL)
        }
        process.waitUntilExit()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(process.terminationStatus == SIGILL)
        #expect(stderr.contains("fm: crashed by a fatal signal inside native code"))
        #expect(stderr.contains("run scripts/setup.sh"))
    }

    @Test(.requiresSmolLM2) func availabilityNamesTheLlamaBuild() async throws {
        let result = try await run(["availability", "--model", TestModels.smolLM2Path])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.first?.hasPrefix("available: \(TestModels.smolLM2Path)") == true)
        // scripts/test.sh ran set-up, which records the build it tested.
        #expect(lines.dropFirst().first?.hasPrefix("llama.cpp: 0.3.36, build variant ") == true)
        #expect(result.stdout.contains("self-test passed"))
    }
}
