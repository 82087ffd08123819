import FMServer
import Foundation
import Testing
import TestSupport

/// `fm serve` as clients we did not write see it: the official `openai` Python package
/// (Tests/Serve/openai_client_check.py: plain, streamed, usage, JSON Schema validated by
/// `jsonschema`, tools round trip, errors) and headless Chromium driving the built-in page
/// (Tests/Serve/page_check.py: type a prompt, see the streamed answer).
@Suite(.serialized, .requiresSmolLM2) struct RealClientTests {
    /// Where scripts/test.sh installed `openai` and `jsonschema`.
    static let pythonPath = ProcessInfo.processInfo.environment["FM_SERVE_PYTHONPATH"]

    static var hasOpenAIPackage: Bool {
        guard let result = try? python(["-c", "import openai, jsonschema"]) else { return false }
        return result.status == 0
    }

    static var hasChromium: Bool {
        (try? ChildProcess.runBlocking(URL(fileURLWithPath: "/usr/bin/env"), ["sh", "-c", "command -v chromium"]).status) == 0
    }

    static func python(_ arguments: [String]) throws -> ChildProcess.Outcome {
        var environment: [String: String] = [:]
        if let pythonPath { environment["PYTHONPATH"] = pythonPath }
        return try ChildProcess.runBlocking(URL(fileURLWithPath: "/usr/bin/env"), ["python3"] + arguments, environment: environment)
    }

    static func script(_ name: String) -> String {
        TestModels.packageRoot.appendingPathComponent("Tests/Serve/\(name)").path
    }

    @Test(.enabled(if: hasOpenAIPackage || TestModels.modelsRequired, "the openai package is not installed: run scripts/test.sh"))
    func theOfficialOpenAIPackagePassesEveryCheck() async throws {
        let server = LiveServer.make()
        let port = server.port
        let result = try await offPool {
            try Self.python([
                Self.script("openai_client_check.py"), "--base-url", "http://127.0.0.1:\(port)/v1", "--model", LiveServer.modelID,
                // Generous: the whole suite shares two cores, and the first request loads the model.
                "--timeout", "600"
            ])
        }
        await server.stop(gracePeriod: .seconds(1))
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        #expect(result.stdout.components(separatedBy: "\n").filter { $0.hasPrefix("PASS ") }.count == 10, "\(result.stdout)")
    }

    @Test(.enabled(if: hasOpenAIPackage || TestModels.modelsRequired, "the openai package is not installed: run scripts/test.sh"))
    func aWrongAPIKeyIsAnAuthenticationErrorForTheOpenAIPackage() async throws {
        let server = LiveServer.make { $0.apiKey = "sesame" }
        let port = server.port
        let result = try await offPool {
            try Self.python([
                Self.script("openai_client_check.py"), "--base-url", "http://127.0.0.1:\(port)/v1", "--model", LiveServer.modelID,
                "--api-key", "sesame", "--only", "models,errors", "--timeout", "600"
            ])
        }
        await server.stop(gracePeriod: .seconds(1))
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        #expect(result.stdout.contains("wrong api key -> 401"), "\(result.stdout)")
    }

    @Test(.enabled(if: hasChromium || TestModels.modelsRequired, "chromium is not installed: run scripts/test.sh"))
    func headlessChromiumTypesAPromptAndSeesTheStreamedAnswer() async throws {
        let server = LiveServer.make()
        let port = server.port
        let plain = try await offPool {
            try Self.python([
                Self.script("page_check.py"), "--base-url", "http://127.0.0.1:\(port)", "--prompt", LiveServer.capitalQuestion,
                "--instructions", "You are a helpful assistant.", "--temperature", "0", "--max-tokens", "64", "--expect", "Paris",
                "--timeout", "600"
            ])
        }
        #expect(plain.status == 0, "\(plain.stdout)\n\(plain.stderr)")
        let schema = #"{"type": "object", "properties": {"city": {"type": "string"}, "population": {"type": "integer"}}, "required": ["city", "population"]}"#
        let guided = try await offPool {
            try Self.python([
                Self.script("page_check.py"), "--base-url", "http://127.0.0.1:\(port)", "--prompt", "Name a big city.", "--temperature", "0",
                "--schema", schema, "--timeout", "600"
            ])
        }
        await server.stop(gracePeriod: .seconds(1))
        #expect(guided.status == 0, "\(guided.stdout)\n\(guided.stderr)")
        #expect(guided.stdout.contains("valid-JSON badge"), "\(guided.stdout)")
    }
}
