/// Sampling as OpenAI-style knobs (`temperature`, `top_p`, `top_k`, `seed`, `max_tokens`), the way
/// `fm`'s flags and Chat Completions bodies spell it, and the one translation of them into
/// ``GenerationOptions``: `fm respond`, `fm serve` and `fm bench` all go through it, so that the
/// same knobs sample the same way whichever way a request arrives.
///
/// | knobs | sampling mode | temperature |
/// |---|---|---|
/// | none | `nil`: the model's default (locally top-k 40, top-p 0.95, min-p 0.05) | as given |
/// | `temperature` 0 | `.greedy` (whatever else is given) | `nil` |
/// | `top_k` K | `.random(top: K, seed:)` | as given |
/// | `top_p` P below 1 | `.random(probabilityThreshold: P, seed:)` | as given |
/// | `top_p` 1 or more | as if not given (1 is OpenAI's default: no cut) | as given |
/// | `seed` only | `.random(probabilityThreshold: 0.95, seed:)` | as given |
///
/// **Seed only.** Apple's sampling modes have no spelling for "the default, seeded", so a seed
/// alone picks the mode closest to the default: the default's nucleus, 0.95, without its top-k
/// and min-p cuts. `fm respond --seed` always sampled so; `fm serve` sampled the whole distribution
/// (top-p 1) until the two shared this translation.
///
/// `top_k` with a `top_p` below 1 is a ``conflict``: callers refuse it in their own words (a usage
/// error, an HTTP 400); if asked anyway, `top_k` wins.
package struct SamplingKnobs: Sendable, Equatable {
    /// `temperature`: 0 is greedy; other values scale the model's probabilities.
    package var temperature: Double?
    /// `top_p`: sample from the smallest set of tokens whose probability reaches it.
    package var topP: Double?
    /// `top_k`: sample among the K most likely tokens.
    package var topK: Int?
    /// `seed`: makes random sampling reproducible.
    package var seed: UInt64?
    /// `max_tokens`: the most tokens to generate.
    package var maximumTokens: Int?

    /// Knobs as given; `nil` for each one left out.
    package init(temperature: Double? = nil, topP: Double? = nil, topK: Int? = nil, seed: UInt64? = nil, maximumTokens: Int? = nil) {
        self.temperature = temperature
        self.topP = topP
        self.topK = topK
        self.seed = seed
        self.maximumTokens = maximumTokens
    }

    /// Knobs that cannot be combined.
    package enum Conflict: Error, Equatable {
        /// `top_k` and a `top_p` below 1: two different cuts of the distribution.
        case topKWithTopP
    }

    /// The knobs that cannot be combined, if any (greedy sampling uses neither cut).
    package var conflict: Conflict? {
        temperature != 0 && topK != nil && effectiveTopP != nil ? .topKWithTopP : nil
    }

    /// `top_p` when it cuts anything (below 1).
    private var effectiveTopP: Double? {
        topP.flatMap { $0 < 1 ? $0 : nil }
    }

    /// The generation options the knobs ask for (the table above).
    package var generationOptions: GenerationOptions {
        var sampling: GenerationOptions.SamplingMode?
        if temperature == 0 {
            sampling = .greedy
        } else if let topK {
            sampling = .random(top: topK, seed: seed)
        } else if let topP = effectiveTopP {
            sampling = .random(probabilityThreshold: topP, seed: seed)
        } else if let seed {
            sampling = .random(probabilityThreshold: 0.95, seed: seed)
        }
        return GenerationOptions(samplingMode: sampling, temperature: temperature == 0 ? nil : temperature, maximumResponseTokens: maximumTokens)
    }
}
