extension GenerationOptions {
    /// A strategy for choosing each token from the model's probabilities.
    public struct SamplingMode: Sendable, Equatable {
        /// The kind of sampling and its parameters.
        public enum Kind: Sendable, Equatable {
            /// Always the most likely token.
            case greedy
            /// A random token among the `k` most likely.
            case randomTopK(_ k: Int, seed: UInt64?)
            /// A random token from the smallest set whose probability reaches the threshold.
            case randomProbabilityThreshold(_ threshold: Double, seed: UInt64?)
        }

        /// The kind of sampling and its parameters.
        public let kind: Kind

        init(kind: Kind) {
            self.kind = kind
        }

        /// Always chooses the most likely token: the same prompt gives the same response.
        public static var greedy: GenerationOptions.SamplingMode {
            SamplingMode(kind: .greedy)
        }

        /// Chooses randomly among the `k` most likely tokens.
        ///
        /// - Parameters:
        ///   - k: How many of the most likely tokens to consider.
        ///   - seed: A seed that makes the choice reproducible; `nil` for a fresh random one.
        public static func random(top k: Int, seed: UInt64? = nil) -> GenerationOptions.SamplingMode {
            SamplingMode(kind: .randomTopK(k, seed: seed))
        }

        /// Chooses randomly among the most likely tokens whose probabilities add up to the threshold
        /// (nucleus sampling).
        ///
        /// - Parameters:
        ///   - probabilityThreshold: The probability mass to consider, between 0 and 1.
        ///   - seed: A seed that makes the choice reproducible; `nil` for a fresh random one.
        public static func random(probabilityThreshold: Double, seed: UInt64? = nil) -> GenerationOptions.SamplingMode {
            SamplingMode(kind: .randomProbabilityThreshold(probabilityThreshold, seed: seed))
        }
    }
}
