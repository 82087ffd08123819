import Foundation

/// Runs llama.cpp's `llama-batched-bench` once and reads the aggregate decode rate of several
/// sequences decoding together: the reference for the session engine's concurrency figures.
///
/// `llama-bench`'s prompt rate over 4 tokens overstates what 4 sessions can reach: a prompt
/// computes the output layer (152K rows of the vocabulary on Qwen) for its last token only, while
/// 4 decoding sessions each need their own logits. `llama-batched-bench` decodes `B` sequences one
/// token each per pass, each with logits, over its own KV stream per sequence, as the engine does.
package struct LlamaBatchedBenchRunner {
    let executable: String
    let modelPath: String
    let threads: Int

    /// A runner of `executable` (llama-batched-bench) on a model.
    package init(executable: String, modelPath: String, threads: Int) {
        self.executable = executable
        self.modelPath = modelPath
        self.threads = threads
    }

    /// Whether the tool is there (set-up builds it with llama.cpp's other tools).
    package var isAvailable: Bool {
        FileManager.default.isExecutableFile(atPath: executable)
    }

    /// Aggregate decode tokens/s by number of sequences: each sequence first reads `promptTokens`
    /// tokens of its own, then all of them decode `generateTokens` tokens together.
    ///
    /// - Throws: ``BenchmarkError`` when the tool fails or reports no rate for one of `sequences`.
    package func decodeRates(promptTokens: Int, generateTokens: Int, sequences: [Int]) throws -> [Int: Double] {
        let largest = sequences.max() ?? 1
        let arguments = [
            "-m", modelPath, "-c", String(largest * (promptTokens + generateTokens)), "-npp", String(promptTokens),
            "-ntg", String(generateTokens), "-npl", sequences.map(String.init).joined(separator: ","), "-t", String(threads),
            "--output-format", "jsonl"
        ]
        let data = try ReferenceProcess.output(of: executable, arguments: arguments, name: "llama-batched-bench")
        let rates = Self.decodeRates(jsonLines: String(decoding: data, as: UTF8.self))
        for count in sequences where rates[count] == nil {
            throw BenchmarkError("llama-batched-bench reported no decode rate for \(count) sequences")
        }
        return rates
    }

    /// The `speed_tg` of each result line, by its `pl` (sequences); other lines are skipped.
    static func decodeRates(jsonLines text: String) -> [Int: Double] {
        var rates: [Int: Double] = [:]
        for line in text.split(whereSeparator: \.isNewline) where line.first == "{" {
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                let sequences = (object["pl"] as? NSNumber)?.intValue, let rate = (object["speed_tg"] as? NSNumber)?.doubleValue
            else { continue }
            rates[sequences] = rate
        }
        return rates
    }
}
