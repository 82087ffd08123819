import Foundation
import Glibc

/// llama.cpp's `llama-server`, started for `fm bench --only serve` on a free loopback port and
/// stopped afterwards. A small shell watchdog stops it if `fm` dies first, so that an interrupted
/// benchmark leaves no server behind.
final class ReferenceServerProcess {
    let port: Int
    private let shell: Process
    private let serverProcessID: Int32

    private init(port: Int, shell: Process, serverProcessID: Int32) {
        self.port = port
        self.shell = shell
        self.serverProcessID = serverProcessID
    }

    /// Starts the server (with `extraArguments` after the common ones) and waits until `/health`
    /// answers 200.
    ///
    /// - Throws: ``BenchmarkError`` when it does not come up within two minutes.
    static func start(
        executable: String, modelPath: String, threads: Int, parallel: Int, contextPerSlot: Int, extraArguments: [String] = [],
        log: (String) -> Void
    ) async throws -> ReferenceServerProcess {
        // Below Linux's ephemeral ports (32768 and up), which client connections and servers on
        // port 0 take: a port taken there makes llama-server exit at once.
        let port = Int.random(in: 20000..<32768)
        let arguments =
            [
                executable, "-m", modelPath, "--host", "127.0.0.1", "--port", String(port), "-c", String(contextPerSlot * parallel), "-np",
                String(parallel), "-t", String(threads), "--jinja"
            ] + extraArguments
        let command = arguments.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = [
            "-c",
            "\(command) >/dev/null 2>&1 & child=$!; echo $child; parent=$PPID; "
                + "while kill -0 $parent 2>/dev/null && kill -0 $child 2>/dev/null; do sleep 1; done; kill $child 2>/dev/null"
        ]
        let output = Pipe()
        shell.standardOutput = output
        try shell.run()
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) { line.append(byte) }
        let server = ReferenceServerProcess(port: port, shell: shell, serverProcessID: Int32(String(decoding: line, as: UTF8.self)) ?? 0)
        log("llama-server starting on port \(port)")
        let deadline = ContinuousClock.now + .seconds(120)
        while ContinuousClock.now < deadline, shell.isRunning {
            if Self.healthy(port: port) { return server }
            try await Task.sleep(for: .milliseconds(200))
        }
        server.stop()
        throw BenchmarkError("llama-server did not start on port \(port)")
    }

    /// Stops the server: SIGTERM, then SIGKILL if it is still there after five seconds (measured:
    /// llama-server 0.3.36 can keep running after SIGTERM here, which once left a benchmark waiting).
    func stop() {
        guard serverProcessID > 0 else { return }
        kill(serverProcessID, SIGTERM)
        let deadline = ContinuousClock.now + .seconds(5)
        while kill(serverProcessID, 0) == 0, ContinuousClock.now < deadline { usleep(50_000) }
        if kill(serverProcessID, 0) == 0 { kill(serverProcessID, SIGKILL) }
        // Polled: Foundation's `waitUntilExit` spins a core on Linux while it waits.
        let shellDeadline = ContinuousClock.now + .seconds(5)
        while shell.isRunning, ContinuousClock.now < shellDeadline { usleep(20_000) }
    }

    private static func healthy(port: Int) -> Bool {
        guard let url = URL(string: "http://127.0.0.1:\(port)/health"), let data = try? Data(contentsOf: url) else { return false }
        return String(decoding: data, as: UTF8.self).contains("ok")
    }
}
