import ConstrainedDecoding
import JSONValues
import Foundation
package import FoundationModels
import FoundationModelsCore
import LlamaBackend

/// The guided-generation figures of `fm bench`: mask and compile times of the constrained decoder
/// on real schemas and both vocabularies, beside llguidance on exactly the same token sequences,
/// and end-to-end guided generation against free generation of the same length.
package struct GuidedBench {
    /// A folder of JSONSchemaBench-style files (`{"schema": …}`), or nil for the built-in schemas.
    var schemaFolder: String?
    /// At most this many schemas (every n-th file is taken to spread the sample).
    var schemaLimit: Int
    /// Whether to run llguidance (needs PyPI for its wheel on first use).
    var withReference: Bool
    var log: (String) -> Void
    /// The schemas to measure when no schema folder is available (the caller's own types).
    var builtInSchemas: [MaskBenchmark.Schema]

    /// A benchmark over a folder of schemas, or the built-in ones.
    package init(
        schemaFolder: String?, schemaLimit: Int, withReference: Bool, builtInSchemas: [MaskBenchmark.Schema],
        log: @escaping (String) -> Void
    ) {
        self.schemaFolder = schemaFolder
        self.schemaLimit = schemaLimit
        self.withReference = withReference
        self.builtInSchemas = builtInSchemas
        self.log = log
    }

    /// Mask and compile figures for one vocabulary, with the reference engine's when it ran.
    package func masks(modelPath: String, label: String) throws -> [String: Any] {
        let model = try LlamaModelStore.shared.vocabularyModel(at: modelPath)
        let vocabulary = model.grammars.tokenVocabulary
        let schemas = try loadSchemas()
        log("masks on \(label): \(schemas.count) schemas, vocabulary of \(vocabulary.tokenCount) tokens")
        let report = MaskBenchmark.run(vocabulary: vocabulary, schemas: schemas, seed: 42, maxTokens: 400)
        var result = try parse(report.summaryJSON)
        logSlowest(report, label: label)
        guard withReference else { return result }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fm-bench-\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try report.writeReferenceInputs(schemas: schemas, vocabulary: vocabulary, to: folder)
        log("llguidance on the same \(label) sequences (a throwaway virtualenv in /tmp/cd-venv)")
        if let reference = try? runReference(folder) {
            for (key, value) in reference where key.hasPrefix("llg_") { result[key] = value }
        } else {
            log("llguidance could not run (no PyPI access?): reference fields are left out")
        }
        return result
    }

    /// Names the schemas with the slowest compile and the slowest mask, so that a tail can be traced.
    private func logSlowest(_ report: MaskBenchmarkReport, label: String) {
        let compiled = report.results.filter { $0.error == nil }
        let byCompile = compiled.sorted { $0.compileMicroseconds > $1.compileMicroseconds }.prefix(5)
        let byMask = compiled.sorted { ($0.maskMicroseconds.max() ?? 0) > ($1.maskMicroseconds.max() ?? 0) }.prefix(5)
        func milliseconds(_ value: Double) -> String { String(format: "%.2f ms", value / 1000) }
        log("slowest compiles on \(label): " + byCompile.map { "\($0.name) \(milliseconds($0.compileMicroseconds))" }.joined(separator: ", "))
        log("slowest masks on \(label): " + byMask.map { "\($0.name) \(milliseconds($0.maskMicroseconds.max() ?? 0))" }.joined(separator: ", "))
        let overOne = compiled.map { ($0.name, $0.maskMicroseconds.filter { $0 > 1000 }.count) }.filter { $0.1 > 0 }.sorted { $0.1 > $1.1 }
        log(
            "masks over 1 ms on \(label): \(overOne.map(\.1).reduce(0, +)) of \(report.maskMicroseconds.count)"
                + (overOne.isEmpty ? "" : ", most in " + overOne.prefix(5).map { "\($0.0) (\($0.1))" }.joined(separator: ", ")))
    }

    private func runReference(_ folder: URL) throws -> [String: Any] {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Benchmarks/reference/run_reference.sh")
        let data = try ReferenceProcess.output(of: "/bin/sh", arguments: [script.path, folder.path], name: "the llguidance script")
        return try parse(String(decoding: data, as: UTF8.self))
    }

    private func parse(_ json: String) throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else {
            throw BenchmarkError("unexpected benchmark output")
        }
        return object
    }

    func loadSchemas() throws -> [MaskBenchmark.Schema] {
        guard let schemaFolder, FileManager.default.fileExists(atPath: schemaFolder) else {
            return builtInSchemas
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: schemaFolder).filter { $0.hasSuffix(".json") }.sorted()
        let stride = max(1, files.count / max(1, schemaLimit))
        var schemas: [MaskBenchmark.Schema] = []
        for (index, file) in files.enumerated() where index % stride == 0 && schemas.count < schemaLimit {
            let text = try String(contentsOfFile: schemaFolder + "/" + file, encoding: .utf8)
            let wrapper = try JSONReader.read(text)
            let schema = wrapper["schema"] ?? wrapper
            schemas.append(.init(name: file, text: schema.serialized(layout: .compact)))
        }
        return schemas
    }

    /// Guided generation of a digest of `notes` against free generation of as many tokens, in
    /// decoded tokens per second through the session API (greedy), from the first token to the
    /// last, so that the prompts' different prefill work does not count.
    package func endToEnd<Digest: Generable>(repeats: Int, notes: String, generating: Digest.Type) async throws -> [String: Any] {
        var guidedRates: [Double] = []
        var freeRates: [Double] = []
        var guidedTokens = 0
        for run in 1...repeats {
            log("guided vs free generation, run \(run)/\(repeats)")
            let guidedSession = LanguageModelSession(instructions: "Extract a summary and action items from meeting notes.")
            let guided = try await Self.decodeRate(session: guidedSession) { session in
                session.streamResponse(
                    to: "Analyze these notes (\(run)):\n\n\(notes)", generating: Digest.self,
                    options: SamplingKnobs(temperature: 0, maximumTokens: 600).generationOptions)
            }
            guidedTokens = guided.tokens
            let freeSession = LanguageModelSession(instructions: "Extract a summary and action items from meeting notes.")
            let free = try await Self.decodeRate(session: freeSession) { session in
                session.streamResponse(
                    to: "Analyze these notes (\(run)) and describe each action item in detail:\n\n\(notes)",
                    options: SamplingKnobs(temperature: 0, maximumTokens: guided.tokens).generationOptions)
            }
            guidedRates.append(guided.rate)
            freeRates.append(free.rate)
        }
        return [
            "guided_tps": guidedRates.median, "free_tps": freeRates.median,
            "guided_tokens": guidedTokens, "guided_vs_free_ratio": guidedRates.median / freeRates.median
        ]
    }

    /// Tokens after the first, per second between the first and the last snapshot.
    static func decodeRate<Content: Generable>(
        session: LanguageModelSession,
        _ start: (LanguageModelSession) -> LanguageModelSession.ResponseStream<Content>
    ) async throws -> (rate: Double, tokens: Int) {
        var first: ContinuousClock.Instant?
        var last = ContinuousClock.now
        for try await _ in start(session) {
            let now = ContinuousClock.now
            if first == nil { first = now }
            last = now
        }
        let tokens = session.usage.output.totalTokenCount
        guard let first, tokens > 1, last > first else { throw BenchmarkError("the benchmark generation was too short") }
        return (Double(tokens - 1) / (last - first).seconds, tokens)
    }
}

extension GuidedBench {
    /// What the guided part of `fm bench` measured.
    package struct Figures {
        /// The mask benchmark's summary per vocabulary label (`smollm2`, `qwen`).
        package var masks: [String: [String: Any]] = [:]
        /// Guided against free decoding (``GuidedBench/endToEnd(repeats:notes:generating:)``).
        package var endToEnd: [String: Any] = [:]

        /// No figures yet.
        package init() {}

        /// The members of `fm bench --json`: the end-to-end figures; the Qwen vocabulary's mask
        /// figures as they are (`mask_p50_us`, `llg_mask_p50_us`, …), the others prefixed with
        /// their vocabulary (`smollm2_mask_p50_us`, …).
        package var jsonMembers: [String: Any] {
            var members = endToEnd
            for (label, summary) in masks {
                for (key, value) in summary { members[label == "qwen" ? key : "\(label)_\(key)"] = value }
            }
            return members
        }

        /// The figures as `fm bench` prints them.
        package var table: String {
            func number(_ value: Any?) -> String {
                guard let value = value as? Double ?? (value as? Int).map(Double.init) else { return "-" }
                return String(format: "%.1f", value)
            }
            var lines = ["guided generation          ours      llguidance"]
            for label in masks.keys.sorted() {
                let summary = masks[label] ?? [:]
                let schemas = summary["schemas"].map { "\($0)" } ?? "?"
                lines.append("\(label) mask p50 µs".padding(22) + number(summary["mask_p50_us"]).padding(10) + number(summary["llg_mask_p50_us"]) + "   (\(schemas) schemas)")
                lines.append("\(label) mask p99 µs".padding(22) + number(summary["mask_p99_us"]).padding(10) + number(summary["llg_mask_p99_us"]))
                lines.append("\(label) compile p50 ms".padding(22) + number(summary["compile_p50_ms"]).padding(10) + number(summary["llg_compile_p50_ms"]))
            }
            if let ratio = endToEnd["guided_vs_free_ratio"] as? Double {
                lines.append(
                    "guided / free decode tok/s: " + String(format: "%.3f", ratio)
                        + " (\(number(endToEnd["guided_tps"])) / \(number(endToEnd["free_tps"])))")
            }
            return lines.joined(separator: "\n")
        }
    }
}

extension GenerationSchema {
    /// The schema's JSON Schema text, as the decoder receives it.
    package var jsonSchemaTextForBench: String {
        (try? String(decoding: JSONEncoder().encode(self), as: UTF8.self)) ?? "{}"
    }
}
