import Foundation
import Testing
import TestSupport

/// `--trace FILE` and `fm trace FILE` on the built binary: a finished request in the table, and a
/// process killed mid-request leaving a file that still opens.
@Suite(.serialized) struct TraceCommandTests {
    @Test(.requiresSmolLM2) func aTracedRequestIsPrintedAsARowAndInDetail() async throws {
        let file = try ScratchFolder.file("trace.json")
        let answer = try await ChildProcess.run(
            EndToEndTests.binary,
            ["respond", "--greedy", "--max-tokens", "12", "--model", TestModels.smolLM2Path, "--trace", file.path, "--trace-content", "Say hello."])
        #expect(answer.status == 0, "\(answer.stderr)")
        let table = try await ChildProcess.run(EndToEndTests.binary, ["trace", file.path, "--detail"])
        #expect(table.status == 0, "\(table.stderr)")
        #expect(table.stdout.contains("SmolLM2-135M-Instruct-Q4_1.gguf"), "\(table.stdout)")
        #expect(table.stdout.contains("1 request,"), "\(table.stdout)")
        #expect(table.stdout.contains("prompt: Say hello."), "\(table.stdout)")
        #expect(table.stdout.contains("rendered prompt:"), "\(table.stdout)")
        #expect(table.stdout.contains("response: " + answer.stdout.trimmingCharacters(in: .whitespacesAndNewlines)), "\(table.stdout)")
    }

    @Test(.requiresSmolLM2) func aProcessKilledMidRequestLeavesAFileThatOpens() async throws {
        let file = try ScratchFolder.file("killed.json")
        let process = Process()
        process.executableURL = EndToEndTests.binary
        process.arguments = [
            "respond", "--max-tokens", "4000", "--temperature", "1.5", "--seed", "7", "--model", TestModels.smolLM2Path, "--trace",
            file.path, "Write a very long story about the sea."
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Wait until the request has started (its opening event is in the file), then kill -9.
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, (try? String(contentsOf: file, encoding: .utf8))?.contains("\"ph\":\"B\"") != true {
            try await Task.sleep(for: .milliseconds(50))
        }
        try await Task.sleep(for: .milliseconds(500))
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        let table = try await ChildProcess.run(EndToEndTests.binary, ["trace", file.path])
        #expect(table.status == 0, "\(table.stderr)")
        #expect(table.stdout.contains("unfinished"), "\(table.stdout)")
        #expect(table.stdout.contains("0 requests, 0 tokens; 1 started but never finished"), "\(table.stdout)")
    }

    @Test func aFileThatIsNotATraceIsAClearError() async throws {
        let file = try ScratchFolder.file("not-a-trace.json")
        try Data("hello".utf8).write(to: file)
        let result = try await ChildProcess.run(EndToEndTests.binary, ["trace", file.path])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("fm: \(file.path) is not a trace file"), "\(result.stderr)")
        let missing = try await ChildProcess.run(EndToEndTests.binary, ["trace", "/nonexistent/trace.json"])
        #expect(missing.status == 64)
        #expect(missing.stderr.hasPrefix("fm: cannot read /nonexistent/trace.json"), "\(missing.stderr)")
    }
}
