@testable import FMBench
import Foundation
import FoundationModels
import Testing
import TestSupport

/// `fm bench --only contention` beside llama.cpp's own tools under the same busy threads.
@Suite struct ContentionReferenceTests {
    /// Each way's contended rate is divided by llama.cpp's for the same number of sequences.
    @Test func contendedRatesAreComparedWithLlamaCppsForTheSameSessions() {
        typealias Row = ContentionBench.Report.Row
        let report = ContentionBench.Report(
            busyThreads: 2,
            rows: [
                Row(key: "adaptive", label: "2 threads, adaptive", sessions: 1, quiet: 30, busy: 12, ratios: [0.4]),
                Row(key: "adaptive", label: "2 threads, adaptive", sessions: 4, quiet: 60, busy: 24, ratios: [0.4]),
                Row(key: "llama_cpp", label: "llama.cpp's llama-bench, 2 threads", sessions: 1, quiet: 30, busy: 6, ratios: [0.2]),
                Row(key: "llama_cpp", label: "llama.cpp's llama-batched-bench, 2 threads", sessions: 4, quiet: 64, busy: 8, ratios: [0.125])
            ])
        let members = report.jsonMembers
        #expect(members["contention_adaptive_busy_over_llama_cpp"] as? Double == 2)
        #expect(members["contention_adaptive_4_sessions_busy_over_llama_cpp"] as? Double == 3)
        #expect(members["contention_llama_cpp_4_sessions_ratio"] as? Double == 0.125)
        #expect(members["contention_llama_cpp_busy_over_llama_cpp"] == nil)
        #expect(report.table.contains("contended 3.00x llama.cpp's"))
    }

    /// Without the reference, no way is compared with it.
    @Test func withoutTheReferenceThereIsNoComparison() {
        let report = ContentionBench.Report(
            busyThreads: 2, rows: [.init(key: "fixed", label: "2 threads, fixed", sessions: 1, quiet: 30, busy: 12, ratios: [0.4])])
        #expect(!report.jsonMembers.keys.contains { $0.hasSuffix("over_llama_cpp") })
        #expect(!report.table.contains("llama.cpp's"))
    }

    /// The reference decodes for real: llama-bench for one sequence, llama-batched-bench for two.
    @Test(.requiresSmolLM2) func theToolsDecodeOneSequenceAndSeveral() throws {
        let tools = try #require(ModelCatalog.referenceToolsDirectory, "llama.cpp's tools are not set up")
        let reference = ContentionBench.Reference(
            single: LlamaBenchRunner(executable: tools + "/llama-bench", modelPath: TestModels.smolLM2Path, threads: 1),
            batched: LlamaBatchedBenchRunner(executable: tools + "/llama-batched-bench", modelPath: TestModels.smolLM2Path, threads: 1))
        for sequences in [1, 2] {
            let rate = try reference.decodeRate(sequences: sequences)
            #expect(rate.isFinite && rate > 0, "\(sequences) sequences: \(rate)")
        }
    }

    @Test func aMissingToolIsABenchmarkError() {
        let reference = ContentionBench.Reference(
            single: LlamaBenchRunner(executable: "/nonexistent/llama-bench", modelPath: "/nonexistent.gguf", threads: 1),
            batched: LlamaBatchedBenchRunner(executable: "/nonexistent/llama-batched-bench", modelPath: "/nonexistent.gguf", threads: 1))
        #expect(throws: (any Error).self) { try reference.decodeRate(sequences: 1) }
        #expect(throws: (any Error).self) { try reference.decodeRate(sequences: 4) }
    }
}
