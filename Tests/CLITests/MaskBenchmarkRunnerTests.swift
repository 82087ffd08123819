import ConstrainedDecoding
@testable import FMBench
import Foundation
import JSONValues
import LlamaBackend
import Testing
import TestSupport

/// Runs ``MaskBenchmark`` on JSONSchemaBench and writes the files the reference engines read.
///
/// Opt-in: set `CD_BENCH_OUT` to an output folder (see `Benchmarks/reference/README.md`).
/// `CD_BENCH_VOCAB` is `smol` (default) or `qwen`; `CD_BENCH_LIMIT` caps the number of schemas;
/// `CD_BENCH_STRIDE` takes every n-th schema; the schemas are `FM_JSONSCHEMABENCH_DIR`, or
/// `../shared/data/jsonschemabench-dev` beside the package. Performance is reported, never asserted.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["CD_BENCH_OUT"] != nil))
struct MaskBenchmarkRunnerTests {
    @Test func runBenchmark() throws {
        let environment = ProcessInfo.processInfo.environment
        let output = URL(fileURLWithPath: try #require(environment["CD_BENCH_OUT"]))
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        let useQwen = environment["CD_BENCH_VOCAB"] == "qwen"
        let model = try LlamaModelStore.shared.vocabularyModel(at: useQwen ? TestModels.qwenPath : TestModels.smolLM2Path)
        let vocabulary = model.grammars.tokenVocabulary
        let benchFolder =
            environment["FM_JSONSCHEMABENCH_DIR"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("shared/data/jsonschemabench-dev")
        let files = try FileManager.default.contentsOfDirectory(atPath: benchFolder.path).filter { $0.hasSuffix(".json") }.sorted()
        let stride = Int(environment["CD_BENCH_STRIDE"] ?? "1") ?? 1
        let limit = Int(environment["CD_BENCH_LIMIT"] ?? "") ?? Int.max
        var schemas: [MaskBenchmark.Schema] = []
        for (index, file) in files.enumerated() where index % stride == 0 && schemas.count < limit {
            let data = try Data(contentsOf: benchFolder.appendingPathComponent(file))
            let wrapper = try JSONReader.read(String(decoding: data, as: UTF8.self))
            guard let schema = wrapper["schema"] else { continue }
            schemas.append(.init(name: file, text: schema.serialized(layout: .compact)))
        }
        let report = MaskBenchmark.run(vocabulary: vocabulary, schemas: schemas, seed: 42, maxTokens: 400)
        try report.writeReferenceInputs(schemas: schemas, vocabulary: vocabulary, to: output)
        print("MaskBenchmark (\(useQwen ? "qwen" : "smol")): \(report.summaryJSON)")
        #expect(report.deadEndCount == 0)
    }
}
