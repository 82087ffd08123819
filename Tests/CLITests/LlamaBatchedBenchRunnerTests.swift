@testable import FMBench
import Foundation
import FoundationModels
import Testing
import TestSupport

/// The reference of `fm bench`'s concurrency figures: llama.cpp's `llama-batched-bench`.
@Suite struct LlamaBatchedBenchRunnerTests {
    @Test func decodeRatesAreReadByTheirSequenceCount() {
        let output = """
            {"n_kv_max": 512, "pp": 8, "tg": 4, "pl": 1, "n_kv": 12, "t_tg": 0.1, "speed_tg": 40.5, "speed": 90.1}
            not a result
            {"n_kv_max": 512, "pp": 8, "tg": 4, "pl": 4, "n_kv": 48, "t_tg": 0.2, "speed_tg": 80, "speed": 120.0}
            {"pl": 2}
            """
        #expect(LlamaBatchedBenchRunner.decodeRates(jsonLines: output) == [1: 40.5, 4: 80])
    }

    /// The tool set-up builds, on the test model: a rate for every sequence count asked.
    @Test(.requiresSmolLM2) func theToolReportsARateForEachSequenceCount() throws {
        let tools = try #require(ModelCatalog.referenceToolsDirectory, "llama.cpp's tools are not set up")
        let runner = LlamaBatchedBenchRunner(executable: tools + "/llama-batched-bench", modelPath: TestModels.smolLM2Path, threads: 1)
        #expect(runner.isAvailable)
        let rates = try runner.decodeRates(promptTokens: 8, generateTokens: 4, sequences: [1, 2])
        #expect(Set(rates.keys) == [1, 2])
        #expect(rates.values.allSatisfy { $0.isFinite && $0 > 0 })
    }

    @Test func aMissingToolIsABenchmarkErrorNamingIt() {
        let runner = LlamaBatchedBenchRunner(executable: "/nonexistent/llama-batched-bench", modelPath: "/nonexistent.gguf", threads: 1)
        #expect(!runner.isAvailable)
        #expect(throws: (any Error).self) { try runner.decodeRates(promptTokens: 8, generateTokens: 4, sequences: [1]) }
    }
}
