@testable import ConstrainedDecoding
import JSONValues
import Foundation
import Testing

/// Runs ``MaskBenchmark`` on JSONSchemaBench and writes files for the reference engines.
///
/// Opt-in: set `CD_BENCH_OUT` to an output folder (see `Benchmarks/reference/README.md`).
/// `CD_BENCH_VOCAB` is `smol` (default) or `qwen`; `CD_BENCH_LIMIT` caps the number of schemas;
/// `CD_BENCH_STRIDE` takes every n-th schema. Performance is reported, never asserted.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["CD_BENCH_OUT"] != nil))
struct BenchmarkRunnerTests {
    @Test func runBenchmark() throws {
        let environment = ProcessInfo.processInfo.environment
        let output = URL(fileURLWithPath: try #require(environment["CD_BENCH_OUT"]))
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        let useQwen = environment["CD_BENCH_VOCAB"] == "qwen"
        let url = useQwen ? TestVocabularies.qwenURL : TestVocabularies.smolURL
        let gguf = try GGUFVocabulary(contentsOf: url)
        let vocabulary = gguf.makeTokenVocabulary()
        let files = try FileManager.default.contentsOfDirectory(atPath: TestVocabularies.benchFolder.path)
            .filter { $0.hasSuffix(".json") }.sorted()
        let stride = Int(environment["CD_BENCH_STRIDE"] ?? "1") ?? 1
        let limit = Int(environment["CD_BENCH_LIMIT"] ?? "") ?? Int.max
        var schemas: [MaskBenchmark.Schema] = []
        for (index, file) in files.enumerated() where index % stride == 0 && schemas.count < limit {
            let data = try Data(contentsOf: TestVocabularies.benchFolder.appendingPathComponent(file))
            let wrapper = try JSONReader.read(String(decoding: data, as: UTF8.self))
            guard let schema = wrapper["schema"] else { continue }
            schemas.append(.init(name: file, text: schema.serialized(layout: .compact)))
        }
        let report = MaskBenchmark.run(vocabulary: vocabulary, schemas: schemas, seed: 42, maxTokens: 400)
        try report.summaryJSON.write(to: output.appendingPathComponent("summary.json"), atomically: true, encoding: .utf8)
        try report.sequencesJSONLines.write(to: output.appendingPathComponent("sequences.jsonl"), atomically: true, encoding: .utf8)
        try vocabulary.dump.write(to: output.appendingPathComponent("vocabulary.tsv"), atomically: true, encoding: .utf8)
        var schemaLines: [String] = []
        for schema in schemas { schemaLines.append("{\"name\": \(JSONWriter.quoted(schema.name)), \"schema\": \(schema.text)}") }
        try schemaLines.joined(separator: "\n").write(to: output.appendingPathComponent("schemas.jsonl"), atomically: true, encoding: .utf8)
        print("MaskBenchmark (\(useQwen ? "qwen" : "smol")): \(report.summaryJSON)")
        #expect(report.deadEndCount == 0)
    }
}
