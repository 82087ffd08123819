/// Chooses each next token from the logits, per ``SamplingParameters``, honouring an allowed-token
/// mask from constrained decoding.
///
/// Holds the per-generation random state; create one per response.
package struct TokenSampler {
    /// The parameters it implements.
    package let parameters: SamplingParameters
    private let stages: [any SamplingStage]
    private var generator: SeededGenerator
    private var candidates = CandidateSet()

    /// A sampler; a `nil` seed draws one from the system's random source.
    package init(parameters: SamplingParameters) {
        self.parameters = parameters
        self.generator = SeededGenerator(seed: parameters.seed ?? UInt64.random(in: .min ... .max))
        var stages: [any SamplingStage] = []
        if !parameters.isGreedy {
            let temperature = TemperatureStage(temperature: parameters.effectiveTemperature)
            switch parameters.strategy {
            case .greedy:
                break
            case .topK(let k):
                stages = [TopKStage(k: k), temperature]
            case .nucleus(let p):
                stages = [temperature, NucleusStage(probabilityThreshold: p)]
            case .standard:
                stages = [TopKStage(k: 40), temperature, NucleusStage(probabilityThreshold: 0.95), MinProbabilityStage(p: 0.05)]
            }
        }
        self.stages = stages
    }

    /// The next token, or `nil` when the mask allows nothing.
    ///
    /// - Parameters:
    ///   - logits: one logit per vocabulary token.
    ///   - allowed: one bit per token, set when allowed; `nil` allows every token.
    package mutating func sample(logits: UnsafeBufferPointer<Float>, allowed: UnsafeBufferPointer<UInt32>?) -> TokenID? {
        if parameters.isGreedy {
            return Self.argmax(logits: logits, allowed: allowed)
        }
        candidates.load(logits: logits, allowed: allowed)
        guard candidates.count > 0 else { return nil }
        for stage in stages { stage.apply(to: &candidates) }
        candidates.normalize()
        var remaining = generator.nextUnit()
        for (index, probability) in candidates.probabilities.enumerated() {
            remaining -= Double(probability)
            if remaining < 0 { return candidates.tokens[index] }
        }
        return candidates.tokens.last
    }

    /// The allowed token with the highest logit (the lowest id among equals).
    static func argmax(logits: UnsafeBufferPointer<Float>, allowed: UnsafeBufferPointer<UInt32>?) -> TokenID? {
        var best: Int = -1
        var bestLogit = -Float.infinity
        if let allowed {
            for wordIndex in 0..<allowed.count {
                var word = allowed[wordIndex]
                while word != 0 {
                    let token = wordIndex << 5 | word.trailingZeroBitCount
                    word &= word &- 1
                    guard token < logits.count else { break }
                    let logit = logits[token]
                    if best < 0 || logit > bestLogit {
                        best = token
                        bestLogit = logit
                    }
                }
            }
        } else {
            for token in 0..<logits.count where best < 0 || logits[token] > bestLogit {
                best = token
                bestLogit = logits[token]
            }
        }
        return best >= 0 ? TokenID(best) : nil
    }
}
