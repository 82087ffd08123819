package import ConstrainedDecoding
package import Foundation
import JSONValues

/// The measurements of a ``MaskBenchmark`` run.
package struct MaskBenchmarkReport: Sendable {
    /// The measurements of one schema.
    package struct SchemaResult: Sendable {
        /// The schema's name.
        package var name: String
        /// The compile error, when the schema was refused.
        package var error: String?
        /// Compile time in microseconds (schema text to a matcher-ready grammar).
        package var compileMicroseconds: Double = 0
        /// Time per mask (fill plus accepting the chosen token) in microseconds.
        package var maskMicroseconds: [Double] = []
        /// The token ids of the random walk (ending with end-of-generation when it terminated).
        package var tokens: [Int] = []
        /// Indices (into ``maskMicroseconds``) of masks that computed new mask-cache entries.
        package var cacheFillingMasks: [Int] = []
        /// Whether the walk ended with end-of-generation.
        package var terminated = false
        /// Whether the walk hit an empty mask or a refused token (a defect).
        package var deadEnd = false

        init(name: String) { self.name = name }
    }

    /// Per-schema results, in input order.
    package var results: [SchemaResult]
    /// The vocabulary's one-time precomputation, in seconds.
    package var precomputationSeconds: Double

    /// The number of schemas compiled.
    package var compiledCount: Int { results.filter { $0.error == nil }.count }
    /// The number of walks that terminated with end-of-generation.
    package var terminatedCount: Int { results.filter(\.terminated).count }
    /// The number of walks that hit a dead end (should be zero).
    package var deadEndCount: Int { results.filter(\.deadEnd).count }
    /// All mask times in microseconds.
    package var maskMicroseconds: [Double] { results.flatMap(\.maskMicroseconds) }
    /// Compile times in microseconds of compiled schemas.
    package var compileMicroseconds: [Double] { results.filter { $0.error == nil }.map(\.compileMicroseconds) }

    /// The `p`-quantile (0…1) of `values` (nearest rank), 0 when empty.
    package static func quantile(_ values: [Double], _ p: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let rank = min(sorted.count - 1, max(0, Int((p * Double(sorted.count)).rounded(.up)) - 1))
        return sorted[rank]
    }

    /// A one-object JSON summary (times in µs and ms as the key names say).
    package var summaryJSON: String {
        let masks = maskMicroseconds
        let compiles = compileMicroseconds
        var fillingMasks: [Double] = []
        var hitMasks: [Double] = []
        for result in results {
            let filling = Set(result.cacheFillingMasks)
            for (index, time) in result.maskMicroseconds.enumerated() {
                if filling.contains(index) { fillingMasks.append(time) } else { hitMasks.append(time) }
            }
        }
        func format(_ value: Double) -> String { String(Double(Int(value * 1000)) / 1000) }
        return "{"
            + [
                "\"schemas\": \(results.count)", "\"compiled\": \(compiledCount)", "\"terminated\": \(terminatedCount)",
                "\"dead_ends\": \(deadEndCount)", "\"masks\": \(masks.count)",
                "\"mask_p50_us\": \(format(Self.quantile(masks, 0.5)))", "\"mask_p99_us\": \(format(Self.quantile(masks, 0.99)))",
                "\"mask_max_us\": \(format(masks.max() ?? 0))",
                "\"cache_filling_masks\": \(fillingMasks.count)",
                "\"mask_p50_us_cache_hits\": \(format(Self.quantile(hitMasks, 0.5)))", "\"mask_p99_us_cache_hits\": \(format(Self.quantile(hitMasks, 0.99)))",
                "\"mask_p50_us_cache_fills\": \(format(Self.quantile(fillingMasks, 0.5)))", "\"mask_p99_us_cache_fills\": \(format(Self.quantile(fillingMasks, 0.99)))",
                "\"compile_p50_ms\": \(format(Self.quantile(compiles, 0.5) / 1000))",
                "\"compile_p99_ms\": \(format(Self.quantile(compiles, 0.99) / 1000))",
                "\"vocabulary_precompute_ms\": \(format(precomputationSeconds * 1000))"
            ].joined(separator: ", ") + "}"
    }

    /// Writes what the reference engines read (`Benchmarks/reference`) into `folder`:
    /// `summary.json`, `sequences.jsonl`, `vocabulary.tsv` and `schemas.jsonl`.
    package func writeReferenceInputs(schemas: [MaskBenchmark.Schema], vocabulary: TokenVocabulary, to folder: URL) throws {
        try summaryJSON.write(to: folder.appendingPathComponent("summary.json"), atomically: true, encoding: .utf8)
        try sequencesJSONLines.write(to: folder.appendingPathComponent("sequences.jsonl"), atomically: true, encoding: .utf8)
        try vocabulary.dump.write(to: folder.appendingPathComponent("vocabulary.tsv"), atomically: true, encoding: .utf8)
        let lines = schemas.map { "{\"name\": \(JSONWriter.quoted($0.name)), \"schema\": \($0.text)}" }
        try lines.joined(separator: "\n").write(to: folder.appendingPathComponent("schemas.jsonl"), atomically: true, encoding: .utf8)
    }

    /// One JSON object per line per schema: name, error, compile time, tokens, terminated.
    package var sequencesJSONLines: String {
        results.map { result in
            let error = result.error.map { JSONWriter.quoted($0) } ?? "null"
            return "{\"name\": \(JSONWriter.quoted(result.name)), \"error\": \(error), \"compile_us\": \(result.compileMicroseconds), "
                + "\"terminated\": \(result.terminated), \"dead_end\": \(result.deadEnd), \"tokens\": [\(result.tokens.map(String.init).joined(separator: ", "))]}"
        }.joined(separator: "\n")
    }
}
