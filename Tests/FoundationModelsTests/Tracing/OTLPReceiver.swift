import Foundation
import JSONValues
import TestSupport

/// Tests/OTLP/otlp_receiver.py on a loopback port: an OTLP/HTTP collector that writes what it got
/// to a JSON-lines file. It exits with the test process (it watches its parent).
final class OTLPReceiver {
    let port: Int
    let output: URL
    private let process: Process

    /// Starts the receiver and waits until it listens.
    ///
    /// - Parameters:
    ///   - delay: Seconds it sleeps before answering each POST.
    ///   - status: The status it answers.
    init(delay: Double = 0, status: Int = 200) throws {
        output = try ScratchFolder.file("otlp-\(UUID().uuidString.prefix(8)).jsonl")
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        let script = TestModels.packageRoot.appendingPathComponent("Tests/OTLP/otlp_receiver.py").path
        process.arguments = ["python3", script, "--out", output.path, "--delay", String(delay), "--status", String(status)]
        var environment = ProcessInfo.processInfo.environment
        // Where scripts/test.sh installed opentelemetry-proto, which then parses every body too.
        if let path = environment["FM_SERVE_PYTHONPATH"] { environment["PYTHONPATH"] = path }
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let text = try pipe.fileHandleForReading.readFirstLine()
        guard text.hasPrefix("PORT "), let port = Int(text.dropFirst(5)) else {
            kill(process.processIdentifier, SIGKILL)
            throw ReceiverError(message: "the receiver did not start: '\(text)'")
        }
        self.port = port
    }

    /// The collector's base URL.
    var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Stops the receiver (its port then has nothing listening).
    func stop() {
        guard process.isRunning else { return }
        // SIGKILL: a child started from a thread of the test process may have SIGTERM blocked.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    deinit { stop() }

    /// The lines written so far.
    func lines() throws -> [JSONValue] {
        guard let text = try? String(contentsOf: output, encoding: .utf8) else { return [] }
        return try text.split(separator: "\n").map { try JSONReader.read(String($0)) }
    }

    /// The POSTs received so far.
    func posts() throws -> [JSONValue] {
        try lines().filter { $0["kind"]?.stringValue == "post" }
    }

    /// The accepted spans (each line: resource, scope, schemaUrl, span) of one trace.
    func spans(traceID: String) throws -> [JSONValue] {
        try lines().filter { $0["kind"]?.stringValue == "span" && $0["span"]?["traceId"]?.stringValue == traceID }
    }

    struct ReceiverError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}
