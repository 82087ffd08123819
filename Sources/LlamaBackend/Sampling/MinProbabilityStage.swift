/// Drops candidates less likely than `p` times the most likely one (min-p sampling,
/// Nguyen et al. 2024), as llama.cpp's default sampler chain does.
package struct MinProbabilityStage: SamplingStage {
    /// The fraction of the top probability a candidate needs.
    package let p: Float

    /// A min-p stage.
    package init(p: Double) {
        self.p = Float(p)
    }

    package func apply(to candidates: inout CandidateSet) {
        guard p > 0, candidates.count > 1, let maximum = candidates.logits.max() else { return }
        // p_i >= p * p_max  <=>  logit_i >= logit_max + ln p
        let threshold = maximum + logf(p)
        var keptTokens: [TokenID] = []
        var keptLogits: [Float] = []
        for index in 0..<candidates.count where candidates.logits[index] >= threshold {
            keptTokens.append(candidates.tokens[index])
            keptLogits.append(candidates.logits[index])
        }
        candidates.tokens = keptTokens
        candidates.logits = keptLogits
        candidates.probabilities.removeAll(keepingCapacity: true)
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
