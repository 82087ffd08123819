package import ConstrainedDecoding

/// `fm bench`'s measurement of the constrained decoder (`fm bench --only guided`): schema
/// compilation and per-token mask time on seeded random walks.
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
