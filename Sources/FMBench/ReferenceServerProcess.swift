import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import Glibc

/// llama.cpp's `llama-server`, started on a free loopback port and stopped afterwards: the
/// reference that `fm bench` measures beside and that the tests compare our output with (the
/// one place that starts it).
///
/// A small shell watchdog stops the server if our process dies first, so that an interrupted
/// benchmark or test run leaves no server behind. The port is drawn below Linux's ephemeral range
/// (32768 and up), where client connections and servers on port 0 take theirs: a port taken there
/// made llama-server exit at once, and a wait for it polled whatever held the port until its
/// deadline (a full test run failed that way after 600 s). A server that exits before it answers
/// is started again on another port.
package final class ReferenceServerProcess {
    /// The loopback port the server answers on.
    package let port: Int
    private let shell: Process
    private var serverProcessID: Int32

    /// Why the server did not start.
    package enum StartError: Error, Equatable, CustomStringConvertible {
        /// The server exited before it answered `/health`, on each of `attempts` starts; the last
        /// lines of its log.
        case exitedBeforeAnswering(attempts: Int, log: String)
        /// The server ran but did not answer `/health` within `seconds`; the last lines of its log.
        case didNotAnswer(seconds: Int, log: String)

        /// The reason, in words, with the server's last log lines.
        package var description: String {
            switch self {
            case .exitedBeforeAnswering(let attempts, let log):
                "llama-server exited before it answered, \(attempts) time\(attempts == 1 ? "" : "s"); its log ends:\n\(log)"
            case .didNotAnswer(let seconds, let log): "llama-server did not answer within \(seconds) s; its log ends:\n\(log)"
            }
        }
    }

    private init(port: Int, shell: Process, serverProcessID: Int32) {
        self.port = port
        self.shell = shell
        self.serverProcessID = serverProcessID
    }

    /// Starts the server (with `extraArguments` after the common ones) and waits until `/health`
    /// answers 200.
    ///
    /// - Parameters:
    ///   - readyWithin: How long one start may take to answer (a model load under a loaded host
    ///     can take minutes).
    ///   - attempts: How many times a server that exits before it answers is started again.
    ///   - log: Where progress lines go.
    /// - Throws: ``StartError``.
    package static func start(
        executable: String, modelPath: String, threads: Int, parallel: Int, contextPerSlot: Int, extraArguments: [String] = [],
        readyWithin: Duration = .seconds(120), attempts: Int = 3, log: (String) -> Void
    ) async throws -> ReferenceServerProcess {
        var lastLog = ""
        var exits = 0
        for _ in 0..<max(1, attempts) {
            let port = Int.random(in: 20000..<32768)
            let logFile = FileManager.default.temporaryDirectory.appendingPathComponent("llama-server-\(port)-\(UUID().uuidString).log")
            defer { try? FileManager.default.removeItem(at: logFile) }
            let arguments =
                [
                    executable, "-m", modelPath, "--host", "127.0.0.1", "--port", String(port), "-c", String(contextPerSlot * parallel), "-np",
                    String(parallel), "-t", String(threads), "--jinja"
                ] + extraArguments
            let command = arguments.map(quoted).joined(separator: " ")
            let shell = Process()
            shell.executableURL = URL(fileURLWithPath: "/bin/sh")
            // The watchdog: when our process (the shell's parent) goes away, stop the server.
            shell.arguments = [
                "-c",
                "\(command) >/dev/null 2>\(quoted(logFile.path)) & child=$!; echo $child; parent=$PPID; "
                    + "while kill -0 $parent 2>/dev/null && kill -0 $child 2>/dev/null; do sleep 1; done; kill -9 $child 2>/dev/null"
            ]
            let output = Pipe()
            shell.standardOutput = output
            try shell.run()
            var line = Data()
            while let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) { line.append(byte) }
            let server = ReferenceServerProcess(port: port, shell: shell, serverProcessID: Int32(String(decoding: line, as: UTF8.self)) ?? 0)
            log("llama-server starting on port \(port)")
            let deadline = ContinuousClock.now + readyWithin
            // The shell ends when the server does.
            while ContinuousClock.now < deadline, shell.isRunning {
                if await healthy(port: port) { return server }
                try await Task.sleep(for: .milliseconds(200))
            }
            let exited = !shell.isRunning
            server.stop(gracePeriod: .zero)
            let text = (try? String(contentsOf: logFile, encoding: .utf8)) ?? ""
            lastLog = text.split(separator: "\n").suffix(5).joined(separator: "\n")
            guard exited else { throw StartError.didNotAnswer(seconds: Int(readyWithin.components.seconds), log: lastLog) }
            exits += 1
        }
        throw StartError.exitedBeforeAnswering(attempts: exits, log: lastLog)
    }

    /// Stops the server: SIGTERM, then SIGKILL if it is still there after `gracePeriod` (measured:
    /// llama-server 0.3.36 can keep running after SIGTERM here, which once left a benchmark
    /// waiting); at once with a zero grace period. Stopping twice does nothing more.
    package func stop(gracePeriod: Duration = .seconds(5)) {
        guard serverProcessID > 0 else { return }
        let processID = serverProcessID
        serverProcessID = 0
        if gracePeriod > .zero {
            kill(processID, SIGTERM)
            let deadline = ContinuousClock.now + gracePeriod
            while kill(processID, 0) == 0, ContinuousClock.now < deadline { usleep(50_000) }
        }
        if kill(processID, 0) == 0 { kill(processID, SIGKILL) }
        // Polled: Foundation's `waitUntilExit` spins a core on Linux while it waits.
        let shellDeadline = ContinuousClock.now + .seconds(5)
        while shell.isRunning, ContinuousClock.now < shellDeadline { usleep(20_000) }
    }

    deinit { stop(gracePeriod: .zero) }

    /// A shell word for `text`.
    private static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Whether `/health` answers 200 within two seconds. (The completion-handler API: the async
    /// one can hang on Linux Foundation.)
    private static func healthy(port: Int) async -> Bool {
        guard let url = URL(string: "http://127.0.0.1:\(port)/health") else { return false }
        var request = URLRequest(url: url)
        request.timeoutInterval = 2
        return await withCheckedContinuation { continuation in
            URLSession.shared.dataTask(with: request) { _, response, _ in
                continuation.resume(returning: (response as? HTTPURLResponse)?.statusCode == 200)
            }.resume()
        }
    }
}
