/// Divides the logits by a temperature: below 1 sharpens the distribution, above 1 flattens it.
package struct TemperatureStage: SamplingStage {
    /// The temperature (greater than zero).
    package let temperature: Float

    /// A temperature stage; callers route temperatures of zero or less to greedy decoding.
    package init(temperature: Double) {
        self.temperature = Float(max(temperature, 1e-6))
    }

    package func apply(to candidates: inout CandidateSet) {
        guard temperature != 1 else { return }
        for index in candidates.logits.indices { candidates.logits[index] /= temperature }
        candidates.probabilities.removeAll(keepingCapacity: true)
    }
}
