/// How the next token is chosen: the llama.cpp-side form of Apple's `GenerationOptions`.
package struct SamplingParameters: Sendable, Equatable {
    /// The choice rule.
    package enum Strategy: Sendable, Equatable {
        /// Always the most likely token.
        case greedy
        /// A random token among the `k` most likely (`SamplingMode.random(top:seed:)`).
        case topK(Int)
        /// A random token from the smallest set whose probability reaches `p`
        /// (`SamplingMode.random(probabilityThreshold:seed:)`).
        case nucleus(Double)
        /// The model's default when no mode is given: top-k 40, top-p 0.95, min-p 0.05
        /// (llama.cpp's defaults), at temperature 0.8 unless one is given.
        case standard
    }

    /// The default temperature of ``Strategy/standard``.
    package static let standardTemperature = 0.8

    /// The choice rule.
    package var strategy: Strategy
    /// The temperature; `nil` means 1.0 for explicit random modes and 0.8 for the standard one.
    package var temperature: Double?
    /// The random seed; `nil` draws one from the system's random source.
    package var seed: UInt64?

    /// Sampling parameters.
    package init(strategy: Strategy = .standard, temperature: Double? = nil, seed: UInt64? = nil) {
        self.strategy = strategy
        self.temperature = temperature
        self.seed = seed
    }

    /// The temperature that applies, after defaults.
    package var effectiveTemperature: Double {
        switch strategy {
        case .greedy: 0
        case .standard: temperature ?? Self.standardTemperature
        case .topK, .nucleus: temperature ?? 1.0
        }
    }

    /// Whether the choice is deterministic (greedy, or a temperature of zero or less).
    package var isGreedy: Bool {
        if case .greedy = strategy { return true }
        if case .topK(let k) = strategy, k <= 1 { return true }
        return effectiveTemperature <= 0
    }
}
