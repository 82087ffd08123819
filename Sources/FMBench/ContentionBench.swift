import Foundation
package import FoundationModels
import FoundationModelsCore
import Synchronization

/// `fm bench --only contention`: decoding on a quiet machine and beside one busy thread per core
/// (a contended machine), interleaved, for one session and for ``severalSessions`` sessions
/// decoding together, three ways: the bench's thread count adapting to the load (the default,
/// `LocalModelSettings.adaptsThreadsToLoad`), the same count fixed, and one thread. llama.cpp's
/// threads wait for each other at every operation of a pass; when other threads hold the cores,
/// each wait can last a scheduler time slice.
///
/// With a ``Reference``, llama.cpp's own tools decode beside the same busy threads in the same
/// runs (`llama-bench` for one sequence, `llama-batched-bench` for several, the bench's thread
/// count), so that the contended figures have a reference as well as a quiet baseline.
package struct ContentionBench {
    let settings: LocalModelSettings
    let repeats: Int
    let reference: Reference?
    let log: @Sendable (String) -> Void
    /// Tokens decoded per measurement (per session).
    static let tokens = 64
    /// The context the reference tools decode after: about the sessions' prompt.
    static let referenceDepth = 32
    /// The sessions of the several-sessions measurement (what a small server keeps busy).
    static let severalSessions = 4

    /// llama.cpp's tools, for one sequence and for several, at the bench's thread count.
    package struct Reference {
        let single: LlamaBenchRunner
        let batched: LlamaBatchedBenchRunner

        /// The tools to run.
        package init(single: LlamaBenchRunner, batched: LlamaBatchedBenchRunner) {
            self.single = single
            self.batched = batched
        }

        /// Decode tokens/s of `sequences` sequences together (one: llama-bench; several:
        /// llama-batched-bench's aggregate rate).
        func decodeRate(sequences: Int) throws -> Double {
            if sequences == 1 {
                return try single.decodeRate(generateTokens: ContentionBench.tokens, depth: ContentionBench.referenceDepth)
            }
            let rates = try batched.decodeRates(
                promptTokens: ContentionBench.referenceDepth, generateTokens: ContentionBench.tokens, sequences: [sequences])
            return rates[sequences] ?? .nan
        }
    }

    /// A benchmark of these settings (model, threads), beside `reference` where given.
    package init(settings: LocalModelSettings, repeats: Int, reference: Reference? = nil, log: @escaping @Sendable (String) -> Void) {
        self.settings = settings
        self.repeats = repeats
        self.reference = reference
        self.log = log
    }

    /// The key of the reference's rows.
    static let referenceKey = "llama_cpp"

    /// What the benchmark measured.
    package struct Report {
        let busyThreads: Int
        /// Per way and number of sessions: the way's key and label, decode tokens/s quiet and
        /// contended (medians; all sessions together), and their ratio per run.
        let rows: [Row]

        struct Row {
            let key: String
            let label: String
            let sessions: Int
            let quiet: Double
            let busy: Double
            let ratios: [Double]
        }

        /// The reference's row for `sessions` sessions, when llama.cpp's tools ran.
        func referenceRow(sessions: Int) -> Row? {
            rows.first { $0.key == ContentionBench.referenceKey && $0.sessions == sessions }
        }

        /// The figures as JSON members (one session's under `contention_<way>_`, several
        /// sessions' under `contention_<way>_<n>_sessions_`; with the reference, each way's
        /// contended rate over llama.cpp's as `…busy_over_llama_cpp`).
        package var jsonMembers: [String: Any] {
            var members: [String: Any] = ["contention_busy_threads": busyThreads]
            for row in rows {
                let prefix = row.sessions == 1 ? "contention_\(row.key)_" : "contention_\(row.key)_\(row.sessions)_sessions_"
                members[prefix + "quiet_tps"] = row.quiet
                members[prefix + "busy_tps"] = row.busy
                members[prefix + "ratio"] = row.ratios.median
                if row.key != ContentionBench.referenceKey, let reference = referenceRow(sessions: row.sessions) {
                    members[prefix + "busy_over_llama_cpp"] = row.busy / reference.busy
                }
            }
            return members
        }

        /// The figures as a table.
        package var table: String {
            var lines = [
                "contention: decoding \(ContentionBench.tokens) tokens a session, quiet and beside \(busyThreads) busy threads (medians; several sessions together)"
            ]
            for row in rows {
                let label = row.label + (row.sessions == 1 ? ", 1 session" : ", \(row.sessions) sessions")
                var line =
                    "  " + label.padding(40)
                    + String(
                        format: "quiet %.1f tok/s, contended %.1f tok/s: %.2f of quiet (runs %.2f-%.2f)", row.quiet, row.busy,
                        row.ratios.median, row.ratios.min() ?? .nan, row.ratios.max() ?? .nan)
                if row.key != ContentionBench.referenceKey, let reference = referenceRow(sessions: row.sessions) {
                    line += String(format: "; contended %.2fx llama.cpp's", row.busy / reference.busy)
                }
                lines.append(line)
            }
            return lines.joined(separator: "\n")
        }
    }

    /// Measures each way: a warm-up, then `repeats` quiet and contended runs in turn, for one
    /// session and for several; then llama.cpp's tools the same way, where given.
    package func run() async throws -> Report {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let threads = settings.threads ?? cores
        var ways = [(key: "one_thread", label: "1 thread", threads: 1, adapts: false)]
        if threads > 1 {
            ways.insert(
                contentsOf: [
                    (key: "adaptive", label: "\(threads) threads, adaptive", threads: threads, adapts: true),
                    (key: "fixed", label: "\(threads) threads, fixed", threads: threads, adapts: false)
                ], at: 0)
        }
        var rows: [Report.Row] = []
        for way in ways {
            for sessions in [1, Self.severalSessions] {
                var variant = settings
                variant.threads = way.threads
                variant.adaptsThreadsToLoad = way.adapts
                variant.concurrentSessions = sessions
                let model = LlamaLanguageModel(settings: variant)
                _ = try await decodeRate(model, sessions: sessions, run: 0)
                let what = "contention, \(way.label), \(sessions) session\(sessions == 1 ? "" : "s")"
                let rates = try await quietAndBusy(what, cores: cores) { run in
                    // Each condition first runs a short untimed answer, so that an adapting thread
                    // count has seen it (the figures are the steady state, not the switch).
                    _ = try await decodeRate(model, sessions: sessions, run: run, tokens: 24)
                    return try await decodeRate(model, sessions: sessions, run: run)
                }
                rows.append(Report.Row(key: way.key, label: way.label, sessions: sessions, quiet: rates.quiet.median, busy: rates.busy.median, ratios: rates.ratios))
            }
        }
        if let reference {
            for sessions in [1, Self.severalSessions] {
                let tool = sessions == 1 ? "llama-bench" : "llama-batched-bench"
                let rates = try await quietAndBusy("contention, llama.cpp's \(tool), \(sessions) sequence\(sessions == 1 ? "" : "s")", cores: cores) { _ in
                    try reference.decodeRate(sequences: sessions)
                }
                rows.append(
                    Report.Row(
                        key: Self.referenceKey, label: "\(tool), \(threads) threads", sessions: sessions, quiet: rates.quiet.median,
                        busy: rates.busy.median, ratios: rates.ratios))
            }
        }
        return Report(busyThreads: cores, rows: rows)
    }

    /// `repeats` runs of `measure`, each on a quiet machine and then beside `cores` busy threads.
    private func quietAndBusy(
        _ what: String, cores: Int, measure: (Int) async throws -> Double
    ) async throws -> (quiet: [Double], busy: [Double], ratios: [Double]) {
        var quiet: [Double] = []
        var busy: [Double] = []
        for run in 1...repeats {
            log("\(what), run \(run)/\(repeats): quiet")
            quiet.append(try await measure(run))
            log("\(what), run \(run)/\(repeats): beside \(cores) busy threads")
            let load = BusyThreads(count: cores)
            defer { load.stop() }
            busy.append(try await measure(run))
        }
        return (quiet, busy, zip(busy, quiet).map { $0 / $1 })
    }

    /// Decode tokens/s of `sessions` sessions answering together (one session: after its first
    /// token; several: while all of them decode).
    func decodeRate(_ model: LlamaLanguageModel, sessions: Int, run: Int, tokens: Int = Self.tokens) async throws -> Double {
        guard sessions > 1 else { return try await decodeRate(model, run: run, tokens: tokens) }
        return try await ConcurrentDecoding.aggregateRate(model: model, sessions: sessions, run: run, maximumTokens: tokens)
    }

    /// Tokens per second after the first, for one greedy answer of `tokens` tokens.
    func decodeRate(_ model: LlamaLanguageModel, run: Int, tokens: Int = Self.tokens) async throws -> Double {
        let session = LanguageModelSession(model: model, instructions: "You count.")
        let options = SamplingKnobs(temperature: 0, maximumTokens: tokens).generationOptions
        var first: ContinuousClock.Instant?
        var last = ContinuousClock.now
        var produced = 0
        for try await snapshot in session.streamResponse(to: "Run \(run): count from 1 to 500, separated by commas.", options: options) {
            last = ContinuousClock.now
            if first == nil { first = last }
            produced = snapshot.usage.output.totalTokenCount
        }
        guard let first, produced > 1, last > first else { throw BenchmarkError("the contention run produced too few tokens") }
        return Double(produced - 1) / (last - first).seconds
    }
}

/// Threads that keep the cores busy with arithmetic until stopped: a machine where other work
/// competes for every core.
final class BusyThreads: Sendable {
    private let stopped = Atomic<Bool>(false)
    private let running = Atomic<Int>(0)

    /// Starts `count` busy threads.
    init(count: Int) {
        for _ in 0..<count {
            running.add(1, ordering: .relaxed)
            Thread { self.spin() }.start()
        }
    }

    private func spin() {
        var value: UInt64 = 1
        while !stopped.load(ordering: .relaxed) {
            for _ in 0..<10_000 { value = value &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407 }
        }
        // Keeps the arithmetic from being optimized away.
        if value == 0 { running.add(1_000, ordering: .relaxed) }
        running.subtract(1, ordering: .relaxed)
    }

    /// Stops the threads and waits until they have ended.
    func stop() {
        stopped.store(true, ordering: .relaxed)
        while running.load(ordering: .relaxed) > 0 { usleep(1_000) }
    }
}
