import Foundation
import Glibc

/// `fm bench --only job`: the main job as a user runs it, a process of `fm notes --greedy`, on our
/// engine and through llama.cpp's `llama-server` (the same flow with `fm notes --server`: same
/// model, threads and greedy decoding), each from a cold and a warm start, alternating.
///
/// - **Ours, cold:** a new process with an empty cache folder (the model file is in the page
///   cache, as for the server): it loads the model and computes every prompt.
/// - **Ours, warm:** a new process with the cache folder the cold run left: the instructions and
///   tool definitions come from the prefix cache on disk.
/// - **llama-server, cold:** the server started (to `/health`), then the job on it.
/// - **llama-server, warm:** the job again on the server that just ran it (model loaded, its
///   prompt cache holding the previous run's prompts).
///
/// Our runs write a request trace (`FM_TRACE`), whose spans split their time into model load,
/// prefill (with computed and cached tokens), decode, tool calls and grammar compiles.
package struct JobBench {
    let executable: String
    let modelPath: String
    let serverExecutable: String
    let threads: Int
    let repeats: Int
    let log: @Sendable (String) -> Void

    /// A benchmark of the `fm` binary at `executable` against `llama-server` at `serverExecutable`.
    package init(
        executable: String, modelPath: String, serverExecutable: String, threads: Int, repeats: Int,
        log: @escaping @Sendable (String) -> Void
    ) {
        self.executable = executable
        self.modelPath = modelPath
        self.serverExecutable = serverExecutable
        self.threads = threads
        self.repeats = repeats
        self.log = log
    }

    /// Where one of our runs spent its time, from its request trace.
    package struct Split: Sendable {
        var modelLoad = 0.0
        var prefill = 0.0
        var decode = 0.0
        var tools = 0.0
        var grammar = 0.0
        var rounds = 0
        var promptTokens = 0
        var cachedTokens = 0

        var text: String {
            String(
                format: "load %.2f s, prefill %.2f s (%d tokens, %d cached), decode %.2f s, tools %.3f s, grammar %.3f s, %d rounds",
                modelLoad, prefill, promptTokens, cachedTokens, decode, tools, grammar, rounds)
        }

        var jsonObject: [String: Any] {
            [
                "model_load_s": modelLoad, "prefill_s": prefill, "decode_s": decode, "tools_s": tools, "grammar_s": grammar,
                "rounds": rounds, "prompt_tokens": promptTokens, "cached_prompt_tokens": cachedTokens
            ]
        }
    }

    /// One run of the job.
    package struct Run: Sendable {
        var seconds: Double
        var answer: String
        var split: Split?
        /// The process's exit status (0: the job finished).
        var status: Int32 = 0
    }

    /// What the benchmark measured.
    package struct Report {
        var oursCold: [Run] = []
        var oursWarm: [Run] = []
        var serverCold: [Run] = []
        var serverWarm: [Run] = []

        /// Ours over the server's time, in the rounds where both finished the job.
        var warmRatios: [Double] { zip(oursWarm, serverWarm).filter { $0.status == 0 && $1.status == 0 }.map { $0.seconds / $1.seconds } }
        var coldRatios: [Double] { zip(oursCold, serverCold).filter { $0.status == 0 && $1.status == 0 }.map { $0.seconds / $1.seconds } }
        /// Runs that did not finish the job.
        var failures: Int { (oursCold + oursWarm + serverCold + serverWarm).filter { $0.status != 0 }.count }
        /// Whether every run, ours and the server's, cold and warm, gave one answer.
        var sameAnswer: Bool { Self.oneAnswer(oursCold + oursWarm + serverCold + serverWarm) }
        /// Whether our cold and warm processes gave one answer.
        var sameAnswerOurs: Bool { Self.oneAnswer(oursCold + oursWarm) }
        /// Whether our warm processes and the server's warm runs gave one answer: the comparison
        /// the warm ratio is made with. The server's first run after it starts computes its prompts
        /// in other passes than its later runs (nothing in its prompt cache yet), and where two
        /// tokens are nearly tied that can change a greedy answer.
        var sameAnswerWarm: Bool { Self.oneAnswer(oursWarm + serverWarm) }
        /// Whether the server's cold and warm runs gave one answer.
        var sameAnswerServer: Bool { Self.oneAnswer(serverCold + serverWarm) }

        private static func oneAnswer(_ runs: [Run]) -> Bool { Set(runs.map(\.answer)).count == 1 }

        /// The figures as JSON members (`job_*`).
        package var jsonMembers: [String: Any] {
            func seconds(_ runs: [Run]) -> [Double] { runs.map(\.seconds) }
            var members: [String: Any] = [
                "job_warm_over_llama_server": warmRatios.median, "job_cold_over_llama_server": coldRatios.median,
                "job_warm_over_llama_server_runs": warmRatios, "job_cold_over_llama_server_runs": coldRatios,
                "job_ours_cold_s": seconds(oursCold), "job_ours_warm_s": seconds(oursWarm),
                "job_llama_server_cold_s": seconds(serverCold), "job_llama_server_warm_s": seconds(serverWarm),
                "job_same_answer": sameAnswer, "job_same_answer_cold_warm": sameAnswerOurs, "job_same_answer_warm": sameAnswerWarm,
                "job_llama_server_same_answer_cold_warm": sameAnswerServer, "job_failed_runs": failures,
                "job_llama_server_failed_runs": (serverCold + serverWarm).filter { $0.status != 0 }.count
            ]
            if let split = oursCold.last?.split { members["job_ours_cold_split"] = split.jsonObject }
            if let split = oursWarm.last?.split { members["job_ours_warm_split"] = split.jsonObject }
            return members
        }

        /// The figures as a table.
        package var table: String {
            func line(_ label: String, _ runs: [Run]) -> String {
                "  \(label.padding(22))"
                    + runs.map { String(format: "%.2f s", $0.seconds) + ($0.status == 0 ? "" : " (failed, status \($0.status))") }
                    .joined(separator: ", ")
            }
            var lines = [
                "the main job (fm notes --greedy, a process each), ours against llama-server, alternating:",
                line("ours, cold", oursCold), line("ours, warm", oursWarm), line("llama-server, cold", serverCold),
                line("llama-server, warm", serverWarm),
                String(
                    format: "  warm over llama-server %.2f (runs %@), cold %.2f (runs %@)", warmRatios.median,
                    warmRatios.map { String(format: "%.2f", $0) }.joined(separator: ", "), coldRatios.median,
                    coldRatios.map { String(format: "%.2f", $0) }.joined(separator: ", "))
            ]
            if let split = oursCold.last?.split { lines.append("  ours, cold: " + split.text) }
            if let split = oursWarm.last?.split { lines.append("  ours, warm: " + split.text) }
            func yes(_ flag: Bool) -> String { flag ? "yes" : "NO" }
            lines.append(
                "  same answer: ours cold and warm \(yes(sameAnswerOurs)); warm, ours and llama-server's \(yes(sameAnswerWarm)); "
                    + "llama-server's cold and warm \(yes(sameAnswerServer)); all runs \(yes(sameAnswer))")
            return lines.joined(separator: "\n")
        }
    }

    /// Runs a warm-up of each (page cache, not counted), then `repeats` rounds of the four runs,
    /// the order of ours and the server's swapped every round.
    package func run() async throws -> Report {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("fm-bench-job-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var report = Report()
        for round in 0...repeats {
            let cache = folder.appendingPathComponent("cache-\(round)")
            try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
            var ours: (cold: Run, warm: Run)?
            var server: (cold: Run, warm: Run)?
            for side in round % 2 == 0 ? [0, 1] : [1, 0] {
                if side == 0 {
                    log(round == 0 ? "job warm-up: ours" : "job round \(round)/\(repeats): ours, cold then warm")
                    let cold = try runOurs(cache: cache, label: "cold")
                    let warm = try runOurs(cache: cache, label: "warm")
                    ours = (cold, warm)
                } else {
                    log(round == 0 ? "job warm-up: llama-server" : "job round \(round)/\(repeats): llama-server, cold then warm")
                    server = try await runOnServer()
                }
            }
            guard round > 0, let ours, let server else { continue }
            report.oursCold.append(ours.cold)
            report.oursWarm.append(ours.warm)
            report.serverCold.append(server.cold)
            report.serverWarm.append(server.warm)
            if Set([ours.cold.answer, ours.warm.answer, server.cold.answer, server.warm.answer]).count > 1 {
                log("the answers differ:\n--- ours, cold\n\(ours.cold.answer)\n--- ours, warm\n\(ours.warm.answer)\n--- llama-server\n\(server.cold.answer)")
            }
        }
        return report
    }

    /// One process of `fm notes --greedy` on our engine, with `cache` as its cache folder.
    func runOurs(cache: URL, label: String) throws -> Run {
        let trace = cache.appendingPathComponent("trace-\(label).json")
        try? FileManager.default.removeItem(at: trace)
        let environment = [
            "FM_MODEL": modelPath, "FM_THREADS": String(threads), "FM_ADAPTIVE_THREADS": "0", "FM_CACHE_DIR": cache.path,
            "FM_TRACE": trace.path
        ]
        let run = try Self.timedRun(executable, Self.jobArguments, environment: environment)
        return Run(seconds: run.seconds, answer: run.answer, split: Self.split(ofTraceAt: trace), status: run.status)
    }

    /// Starts `llama-server`, then runs the job on it twice (cold: start included; warm).
    func runOnServer() async throws -> (cold: Run, warm: Run) {
        let start = ContinuousClock.now
        let server = try await ReferenceServerProcess.start(
            executable: serverExecutable, modelPath: modelPath, threads: threads, parallel: 1, contextPerSlot: 4096, log: log)
        defer { server.stop() }
        let startup = (ContinuousClock.now - start).seconds
        let arguments = Self.jobArguments + ["--server", "http://127.0.0.1:\(server.port)/v1", "--server-model", "reference"]
        let cold = try Self.timedRun(executable, arguments, environment: [:])
        let warm = try Self.timedRun(executable, arguments, environment: [:])
        return (
            Run(seconds: startup + cold.seconds, answer: cold.answer, status: cold.status),
            Run(seconds: warm.seconds, answer: warm.answer, status: warm.status)
        )
    }

    /// The job's command: greedy, each turn within 600 tokens (as `fm bench`'s in-process main
    /// job), so that a turn that runs away on one side ends instead of filling the context.
    static let jobArguments = ["notes", "--greedy", "--max-tokens", "600"]

    /// Runs a process to its end; returns its wall time, standard output (with standard error
    /// after it when it failed) and exit status.
    static func timedRun(_ executable: String, _ arguments: [String], environment: [String: String]) throws -> (
        seconds: Double, answer: String, status: Int32
    ) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe()
        process.standardOutput = output
        let errors = Pipe()
        process.standardError = errors
        let start = ContinuousClock.now
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        // Polled: Foundation's `waitUntilExit` spins a core on Linux while it waits.
        while process.isRunning { usleep(2_000) }
        let seconds = (ContinuousClock.now - start).seconds
        let status = process.terminationStatus
        let answer = String(decoding: data, as: UTF8.self) + (status == 0 ? "" : String(decoding: errorData, as: UTF8.self))
        return (seconds, answer, status)
    }

    /// Sums a trace file's spans (Chrome trace events; a file cut short is read up to its last
    /// whole event).
    static func split(ofTraceAt url: URL) -> Split? {
        guard var text = try? String(contentsOf: url, encoding: .utf8) else { return nil }
        text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if text.hasSuffix(",") { text.removeLast() }
        if !text.hasSuffix("]") { text += "]" }
        guard let events = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [[String: Any]] else { return nil }
        var split = Split()
        for event in events where event["ph"] as? String == "X" {
            let name = event["name"] as? String ?? ""
            let seconds = (event["dur"] as? Double ?? 0) / 1e6
            let arguments = event["args"] as? [String: Any] ?? [:]
            switch name {
            case "load model": split.modelLoad += seconds
            case "prefill": split.prefill += seconds
            case "decode": split.decode += seconds
            case _ where name.hasPrefix("tool: "): split.tools += seconds
            case _ where name.hasPrefix("round "):
                split.rounds += 1
                split.promptTokens += arguments["input_tokens"] as? Int ?? 0
                split.cachedTokens += arguments["cached_input_tokens"] as? Int ?? 0
                split.grammar += (arguments["grammar_compile_us"] as? Double ?? 0) / 1e6
            default: break
            }
        }
        return split
    }
}
