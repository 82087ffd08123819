import Foundation
package import FoundationModels
import Synchronization

/// `fm bench --only contention`: one session's decoding on a quiet machine and beside one busy
/// thread per core (a contended machine), with the bench's thread count and with one thread,
/// interleaved. llama.cpp's threads wait for each other at every operation of a pass; when other
/// threads hold the cores, each wait can last a scheduler time slice.
package struct ContentionBench {
    let settings: LocalModelSettings
    let repeats: Int
    let log: @Sendable (String) -> Void
    /// Tokens decoded per measurement.
    static let tokens = 48

    /// A benchmark of these settings (model, threads).
    package init(settings: LocalModelSettings, repeats: Int, log: @escaping @Sendable (String) -> Void) {
        self.settings = settings
        self.repeats = repeats
        self.log = log
    }

    /// What the benchmark measured.
    package struct Report {
        let busyThreads: Int
        /// Per thread count: decode tokens/s quiet and contended (medians), and their ratio per run.
        let rows: [(threads: Int, quiet: Double, busy: Double, ratios: [Double])]

        /// The figures as JSON members.
        package var jsonMembers: [String: Any] {
            var members: [String: Any] = ["contention_busy_threads": busyThreads]
            for row in rows {
                let prefix = "contention_threads_\(row.threads)_"
                members[prefix + "quiet_tps"] = row.quiet
                members[prefix + "busy_tps"] = row.busy
                members[prefix + "ratio"] = row.ratios.median
            }
            return members
        }

        /// The figures as a table.
        package var table: String {
            var lines = ["contention: one session decoding \(ContentionBench.tokens) tokens, quiet and beside \(busyThreads) busy threads (medians)"]
            for row in rows {
                lines.append(
                    String(
                        format: "  %d thread%@: quiet %.1f tok/s, contended %.1f tok/s: %.2f of quiet (runs %.2f-%.2f)", row.threads,
                        row.threads == 1 ? "" : "s", row.quiet, row.busy, row.ratios.median, row.ratios.min() ?? .nan, row.ratios.max() ?? .nan))
            }
            return lines.joined(separator: "\n")
        }
    }

    /// Measures each thread count: a warm-up, then `repeats` quiet and contended runs in turn.
    package func run() async throws -> Report {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let counts = Array(Set([settings.threads ?? cores, 1])).sorted(by: >)
        var rows: [(threads: Int, quiet: Double, busy: Double, ratios: [Double])] = []
        for threads in counts {
            var variant = settings
            variant.threads = threads
            variant.concurrentSessions = 1
            let model = LlamaLanguageModel(settings: variant)
            _ = try await decodeRate(model, run: 0)
            var quiet: [Double] = []
            var busy: [Double] = []
            for run in 1...repeats {
                log("contention, \(threads) thread(s), run \(run)/\(repeats): quiet")
                quiet.append(try await decodeRate(model, run: run))
                log("contention, \(threads) thread(s), run \(run)/\(repeats): beside \(cores) busy threads")
                let load = BusyThreads(count: cores)
                do {
                    busy.append(try await decodeRate(model, run: run))
                    load.stop()
                } catch {
                    load.stop()
                    throw error
                }
            }
            rows.append((threads, quiet.median, busy.median, zip(busy, quiet).map { $0 / $1 }))
        }
        return Report(busyThreads: cores, rows: rows)
    }

    /// Tokens per second after the first, for one greedy answer of ``tokens`` tokens.
    func decodeRate(_ model: LlamaLanguageModel, run: Int) async throws -> Double {
        let session = LanguageModelSession(model: model, instructions: "You count.")
        let options = GenerationOptions(samplingMode: .greedy, maximumResponseTokens: Self.tokens)
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
