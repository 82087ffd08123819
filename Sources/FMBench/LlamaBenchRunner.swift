import Foundation

/// Runs llama.cpp's `llama-bench` once and reads its prefill and decode rates.
package struct LlamaBenchRunner {
    let executable: String
    let modelPath: String
    let threads: Int

    /// A runner of `executable` (llama-bench) on a model.
    package init(executable: String, modelPath: String, threads: Int) {
        self.executable = executable
        self.modelPath = modelPath
        self.threads = threads
    }

    package struct Measurement {
        package var prefillRate: Double
        package var decodeRate: Double
    }

    /// One repetition of prefill (`-p promptTokens`, from an empty context) and of decoding
    /// (`-n generateTokens` after `promptTokens` of context, `-d`, as the session decodes after
    /// its prompt), after llama-bench's own warm-up.
    package func measure(promptTokens: Int, generateTokens: Int) throws -> Measurement {
        let prefill = try run(["-p", String(promptTokens), "-n", "0"])
        let decode = try run(["-p", "0", "-n", String(generateTokens), "-d", String(promptTokens)])
        return Measurement(prefillRate: prefill.prefillRate, decodeRate: decode.decodeRate)
    }

    /// Decode tokens/s of one repetition of `generateTokens` tokens after `depth` tokens of
    /// context, after llama-bench's own warm-up.
    package func decodeRate(generateTokens: Int, depth: Int) throws -> Double {
        let rate = try run(["-p", "0", "-n", String(generateTokens), "-d", String(depth)]).decodeRate
        guard rate.isFinite, rate > 0 else { throw BenchmarkError("llama-bench reported no decode rate") }
        return rate
    }

    private func run(_ lengths: [String]) throws -> Measurement {
        let arguments = ["-m", modelPath] + lengths + ["-t", String(threads), "-r", "1", "-o", "json"]
        let data = try ReferenceProcess.output(of: executable, arguments: arguments, name: "llama-bench")
        guard let results = try JSONSerialization.jsonObject(with: data) as? [[String: Any]] else {
            throw BenchmarkError("llama-bench printed no JSON results")
        }
        var measurement = Measurement(prefillRate: .nan, decodeRate: .nan)
        for result in results {
            let prompt = result["n_prompt"] as? Int ?? 0
            let generated = result["n_gen"] as? Int ?? 0
            let rate = result["avg_ts"] as? Double ?? .nan
            if prompt > 0, generated == 0 { measurement.prefillRate = rate }
            if generated > 0, prompt == 0 { measurement.decodeRate = rate }
        }
        return measurement
    }
}
