/// Keeps the smallest set of most likely candidates whose probabilities add up to at least `p`
/// (nucleus or top-p sampling, Holtzman et al. 2019).
package struct NucleusStage: SamplingStage {
    /// The probability mass to keep, in (0, 1].
    package let probabilityThreshold: Double

    /// A nucleus stage; thresholds are clamped to (0, 1].
    package init(probabilityThreshold: Double) {
        self.probabilityThreshold = min(1, max(probabilityThreshold, .leastNonzeroMagnitude))
    }

    package func apply(to candidates: inout CandidateSet) {
        guard probabilityThreshold < 1, candidates.count > 1 else { return }
        // Sorting 150K candidates per token would cost milliseconds: narrow to growing top-k sets
        // until they hold enough mass. The result is exactly the nucleus of the full set.
        candidates.normalize()
        var k = 64
        while true {
            var narrowed = candidates
            TopKStage(k: k).apply(to: &narrowed)
            narrowed.probabilities = narrowed.tokens.isEmpty ? [] : Self.probabilities(of: narrowed, within: candidates)
            var mass = 0.0
            for (index, probability) in narrowed.probabilities.enumerated() {
                mass += Double(probability)
                if mass >= probabilityThreshold {
                    narrowed.truncate(to: index + 1)
                    candidates = narrowed
                    candidates.normalize()
                    return
                }
            }
            if k >= candidates.count { return }
            k *= 8
        }
    }

    /// The full-set probabilities of the narrowed candidates (sorted like them).
    private static func probabilities(of narrowed: CandidateSet, within full: CandidateSet) -> [Float] {
        guard let maximum = full.logits.max() else { return [] }
        var total: Float = 0
        for logit in full.logits { total += expf(logit - maximum) }
        return narrowed.logits.map { expf($0 - maximum) / total }
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
