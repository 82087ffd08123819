import Foundation
import Testing
import TestSupport

/// The built `fm` as scripts see it: `fm serve` as a process (graceful SIGTERM), `fm respond
/// --server` against it, and `fm chat`'s commands.
@Suite(.serialized, .requiresSmolLM2) struct ServeEndToEndTests {
    /// `fm serve` on SmolLM2 and a free port, read from its first line.
    final class ServeProcess {
        let process = Process()
        let errors = Pipe()
        var port = 0

        init(extra: [String] = []) throws {
            process.executableURL = EndToEndTests.binary
            process.arguments = ["serve", "--model", TestModels.smolLM2Path, "--port", "0", "--context-size", "2048"] + extra
            process.environment = ProcessInfo.processInfo.environment
            process.standardError = errors
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            let text = try errors.fileHandleForReading.readFirstLine()
            guard let range = text.range(of: "127.0.0.1:"), let port = Int(text[range.upperBound...].prefix { $0.isNumber }) else {
                process.terminate()
                throw LoopbackClientError.malformed(text)
            }
            self.port = port
        }

        var url: String { "http://127.0.0.1:\(port)/v1" }

        deinit { if process.isRunning { process.terminate() } }
    }

    func run(_ arguments: [String], input: String? = nil) async throws -> ChildProcess.Outcome {
        try await ChildProcess.run(EndToEndTests.binary, arguments, input: input)
    }

    @Test func respondRunsThroughAServerAndServeStopsGracefullyOnSIGTERM() async throws {
        // A long grace period: under the whole suite's load a 40-token answer can take seconds.
        let serve = try ServeProcess(extra: ["--grace-period", "120"])
        let modelID = URL(fileURLWithPath: TestModels.smolLM2Path).deletingPathExtension().lastPathComponent.lowercased()
        let url = serve.url
        let answer = try await run([
            "respond", "--server", url, "--server-model", modelID, "--greedy", "--max-tokens", "24", "--json",
            "-i", "You are a helpful assistant.", "What is the capital of France?"
        ])
        #expect(answer.status == 0, "\(answer.stderr)")
        let object = (try? JSONSerialization.jsonObject(with: Data(answer.stdout.utf8))) as? [String: Any]
        let content = (object?["content"] as? String) ?? ""
        #expect(content.contains("Paris"), "\(answer.stdout)")
        let completionTokens = ((object?["usage"] as? [String: Any])?["completion_tokens"] as? Int) ?? 0
        #expect(completionTokens > 0)

        let schema = #"{"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}"#
        let guided = try await run(["respond", "--server", url, "--server-model", modelID, "--greedy", "--max-tokens", "48", "--schema", schema, "Name a city."])
        #expect(guided.status == 0, "\(guided.stderr)")
        let city = (try? JSONSerialization.jsonObject(with: Data(guided.stdout.utf8))) as? [String: Any]
        #expect(city?["city"] is String, "\(guided.stdout)")

        // SIGTERM while a streamed answer is in progress: it finishes, then the server exits 0.
        let port = serve.port
        let process = serve.process
        let streamed = try await offPool {
            let client = try LoopbackClient(port: port)
            try client.post(
                "/v1/chat/completions",
                json: #"{"messages": [{"role": "user", "content": "Count from one to twenty."}], "temperature": 0, "max_tokens": 40, "stream": true}"#)
            var seen = try client.readStream(until: "\"content\":\"")
            kill(process.processIdentifier, SIGTERM)
            while !seen.contains("[DONE]") {
                guard let more = try? client.readStream(continuing: true) else { break }
                seen += more
            }
            return seen
        }
        #expect(streamed.contains("[DONE]"))
        #expect(streamed.contains("\"finish_reason\":\""))
        let errors = serve.errors
        let log = try await offPool {
            // Polled: Foundation's `waitUntilExit` spins a core on Linux while it waits.
            while process.isRunning { usleep(20_000) }
            return String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        }
        #expect(process.terminationStatus == 0, "\(log)")
        #expect(process.terminationReason == .exit, "\(log)")
        #expect(log.contains("fm serve: stopped"), "\(log)")
    }

    /// Without `--server-model`, `fm respond --server` asks the server's `GET /v1/models` and uses
    /// the first id: `fm serve` refuses a name it does not serve, so an answer shows the name was
    /// the served one.
    @Test func withoutServerModelRespondAsksTheServerForItsModel() async throws {
        let serve = try ServeProcess()
        let common = ["respond", "--server", serve.url, "--greedy", "--max-tokens", "12", "-i", "You are a helpful assistant."]
        let answer = try await run(common + ["What is the capital of France?"])
        #expect(answer.status == 0, "\(answer.stderr)")
        #expect(answer.stdout.contains("Paris"), "\(answer.stdout)")
        let wrongName = try await run(common + ["--server-model", "no-such-model", "What is the capital of France?"])
        #expect(wrongName.status != 0 && wrongName.stderr.contains("no-such-model"), "\(wrongName.stderr)")
    }

    @Test func anUnreachableServerIsTheModelUnavailableExitCode() async throws {
        let result = try await run(["respond", "--server", "http://127.0.0.1:9/v1", "--server-model", "m", "Hello"])
        #expect(result.status == 5, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("fm: "))
        // Without --server-model the model lookup fails the same way, and says so.
        let unnamed = try await run(["respond", "--server", "http://127.0.0.1:9/v1", "Hello"])
        #expect(unnamed.status == 5, "\(unnamed.stderr)")
        #expect(unnamed.stderr.contains("/v1/models"), "\(unnamed.stderr)")
    }

    @Test func chatSavesLoadsAndReportsUsage() async throws {
        let file = try ScratchFolder.file("fm-chat.json").path
        let common = ["chat", "--model", TestModels.smolLM2Path, "--greedy", "--max-tokens", "12", "-i", "You are a helpful assistant."]
        let first = try await run(common, input: "What is the capital of France?\n/usage\n/save \(file)\n/bogus\n/quit\n")
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("Paris"))
        #expect(first.stdout.contains("(saved 3 entries to \(file))"))
        #expect(first.stdout.contains("generated tokens"))
        #expect(first.stderr.contains("unknown command /bogus"))
        let saved = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any]
        #expect(saved != nil)

        let second = try await run(common, input: "/load \(file)\n/instructions Answer in one word.\nAnd of Italy?\n/usage\n/quit\n")
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout.contains("(loaded 3 entries from \(file))"))
        #expect(second.stdout.contains("(instructions set)"))
        // The loaded conversation was prefilled: the new turn's prompt came mostly from the cache.
        let usage = second.stdout.components(separatedBy: "\n").last { $0.hasPrefix("(prompt tokens") } ?? ""
        #expect(!usage.isEmpty, "\(second.stdout)")
        let broken = try await run(common, input: "/load /nonexistent.json\nHi\n/quit\n")
        #expect(broken.status == 0)
        #expect(broken.stderr.contains("cannot read /nonexistent.json"))
    }
}
