import JSONValues

/// `fm bench`'s measurement of the decoder, kept `package` (not part of the module's API): it runs
/// inside the module because it times internal steps (token bytes, special tokens, schema options).
///
/// Measures schema compilation and per-token mask time on seeded random walks.
///
/// For each schema: compile it (timed), then repeatedly fill the mask (timed), pick a random
/// allowed token (biased towards closing strings, arrays and objects, and towards ending), and
/// accept it (timed, counted with the mask: "time between masks"), until the grammar terminates or
/// `maxTokens` is reached. The produced token sequences are reported so that other engines can be
/// measured on exactly the same sequences.
package enum MaskBenchmark {
    /// One schema to measure.
    package struct Schema: Sendable {
        /// A name for reports (for example the file name).
        package var name: String
        /// The JSON Schema text.
        package var text: String

        /// Creates a schema entry.
        package init(name: String, text: String) {
            self.name = name
            self.text = text
        }
    }

    /// Runs the benchmark.
    /// - Parameters:
    ///   - vocabulary: the model vocabulary.
    ///   - schemas: the schemas, measured in order.
    ///   - seed: the random walk seed (same seed, same sequences).
    ///   - maxTokens: the cap on tokens per instance.
    ///   - options: schema compilation options.
    package static func run(
        vocabulary: TokenVocabulary, schemas: [Schema], seed: UInt64 = 42, maxTokens: Int = 500,
        options: JSONSchemaOptions = JSONSchemaOptions()
    ) -> MaskBenchmarkReport {
        let clock = ContinuousClock()
        var random = SplitMix64(seed: seed)
        var results: [MaskBenchmarkReport.SchemaResult] = []
        var mask = TokenBitmask(tokenCount: vocabulary.tokenCount)
        let closers: Set<UInt8> = [UInt8(ascii: "\""), UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: ",")]
        var closing = [Bool](repeating: false, count: vocabulary.tokenCount)
        for id in 0..<vocabulary.tokenCount where vocabulary.tokenBytes[id].contains(where: closers.contains) { closing[id] = true }
        let endOfGeneration = Set(vocabulary.endOfGenerationTokens)

        for schema in schemas {
            var result = MaskBenchmarkReport.SchemaResult(name: schema.name)
            let compileStart = clock.now
            let compiled: CompiledGrammar
            do {
                compiled = try CompiledGrammar(jsonSchema: schema.text, vocabulary: vocabulary, options: options)
            } catch {
                result.error = error.description
                results.append(result)
                continue
            }
            result.compileMicroseconds = microseconds(clock.now - compileStart)
            let matcher = GrammarMatcher(grammar: compiled)
            while result.tokens.count < maxTokens {
                let cachedBefore = compiled.cachedStateCount
                let maskStart = clock.now
                matcher.fillNextTokenBitmask(&mask)
                let maskTime = clock.now - maskStart
                let filledCache = compiled.cachedStateCount != cachedBefore
                let allowed = mask.allowedTokens
                guard !allowed.isEmpty else { result.deadEnd = true; break }
                let progress = Double(result.tokens.count) / Double(maxTokens)
                var choice = allowed[Int(random.next() % UInt64(allowed.count))]
                if let end = allowed.first(where: endOfGeneration.contains), random.unit() < 0.8 {
                    choice = end
                } else if random.unit() < 0.5 + 0.5 * progress {
                    let closingTokens = allowed.filter { closing[$0] }
                    if !closingTokens.isEmpty { choice = closingTokens[Int(random.next() % UInt64(closingTokens.count))] }
                }
                let acceptStart = clock.now
                do {
                    try matcher.acceptToken(choice)
                } catch {
                    result.deadEnd = true
                    break
                }
                let acceptTime = clock.now - acceptStart
                result.maskMicroseconds.append(microseconds(maskTime + acceptTime))
                if filledCache { result.cacheFillingMasks.append(result.maskMicroseconds.count - 1) }
                result.tokens.append(choice)
                if endOfGeneration.contains(choice) { result.terminated = true; break }
            }
            results.append(result)
        }
        return MaskBenchmarkReport(results: results, precomputationSeconds: vocabulary.precomputationSeconds)
    }

    static func microseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1e6 + Double(attoseconds) / 1e12
    }
}

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

    /// One JSON object per line per schema: name, error, compile time, tokens, terminated.
    package var sequencesJSONLines: String {
        results.map { result in
            let error = result.error.map { JSONWriter.quoted($0) } ?? "null"
            return "{\"name\": \(JSONWriter.quoted(result.name)), \"error\": \(error), \"compile_us\": \(result.compileMicroseconds), "
                + "\"terminated\": \(result.terminated), \"dead_end\": \(result.deadEnd), \"tokens\": [\(result.tokens.map(String.init).joined(separator: ", "))]}"
        }.joined(separator: "\n")
    }
}

/// A small seeded generator (SplitMix64) so that benchmark walks are reproducible.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}

extension TokenVocabulary {
    /// The vocabulary as text, one token per line: `id<TAB>hex bytes<TAB>kind` where kind is
    /// `normal`, `special` or `eog` (for reference engines fed the same vocabulary).
    package var dump: String {
        let eog = Set(endOfGenerationTokens)
        var lines: [String] = []
        lines.reserveCapacity(tokenCount)
        let digits = Array("0123456789abcdef".utf8)
        for id in 0..<tokenCount {
            var hex: [UInt8] = []
            for byte in tokenBytes[id] { hex.append(digits[Int(byte >> 4)]); hex.append(digits[Int(byte & 15)]) }
            let kind = eog.contains(id) ? "eog" : isSpecial[id] ? "special" : "normal"
            lines.append("\(id)\t\(String(decoding: hex, as: UTF8.self))\t\(kind)")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
