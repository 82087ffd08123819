import Testing
@testable import LlamaBackend

@Suite struct SamplerTests {
    /// Logits for a 40-token vocabulary with distinct values.
    static let logits: [Float] = (0..<40).map { Float(($0 * 37) % 40) / 4 - 3 }

    static func mask(allowing tokens: [Int], count: Int = 40) -> [UInt32] {
        var words = [UInt32](repeating: 0, count: (count + 31) / 32)
        for token in tokens { words[token / 32] |= 1 << UInt32(token % 32) }
        return words
    }

    @Test func greedyPicksTheLargestLogit() {
        let best = Self.logits.indices.max { Self.logits[$0] < Self.logits[$1] }!
        var sampler = TokenSampler(parameters: SamplingParameters(strategy: .greedy))
        let token = Self.logits.withUnsafeBufferPointer { sampler.sample(logits: $0, allowed: nil) }
        #expect(token == TokenID(best))
    }

    @Test func greedyRespectsTheMask() {
        let allowed = [3, 17, 33]
        let best = allowed.max { Self.logits[$0] < Self.logits[$1] }!
        var sampler = TokenSampler(parameters: SamplingParameters(strategy: .greedy))
        let words = Self.mask(allowing: allowed)
        let token = Self.logits.withUnsafeBufferPointer { logits in
            words.withUnsafeBufferPointer { sampler.sample(logits: logits, allowed: $0) }
        }
        #expect(token == TokenID(best))
    }

    @Test func emptyMaskYieldsNoToken() {
        var sampler = TokenSampler(parameters: SamplingParameters(strategy: .topK(5), seed: 1))
        let words = Self.mask(allowing: [])
        let token = Self.logits.withUnsafeBufferPointer { logits in
            words.withUnsafeBufferPointer { sampler.sample(logits: logits, allowed: $0) }
        }
        #expect(token == nil)
    }

    @Test(arguments: [1, 3, 10, 39, 40, 100])
    func topKKeepsTheKLargest(k: Int) {
        var candidates = CandidateSet()
        Self.logits.withUnsafeBufferPointer { candidates.load(logits: $0, allowed: nil) }
        TopKStage(k: k).apply(to: &candidates)
        let expected = Self.logits.indices.sorted { Self.logits[$0] > Self.logits[$1] }.prefix(k).map { TokenID($0) }
        #expect(candidates.tokens == expected)
    }

    @Test(arguments: [0.1, 0.5, 0.9, 0.99])
    func nucleusMatchesBruteForce(p: Double) {
        var candidates = CandidateSet()
        Self.logits.withUnsafeBufferPointer { candidates.load(logits: $0, allowed: nil) }
        NucleusStage(probabilityThreshold: p).apply(to: &candidates)
        // Brute force: sort everything, accumulate softmax probabilities until they reach p.
        let maximum = Self.logits.max()!
        let weights = Self.logits.map { Double(expf($0 - maximum)) }
        let total = weights.reduce(0, +)
        let order = Self.logits.indices.sorted { Self.logits[$0] > Self.logits[$1] }
        var mass = 0.0
        var expected: [TokenID] = []
        for index in order {
            expected.append(TokenID(index))
            mass += weights[index] / total
            if mass >= p { break }
        }
        #expect(candidates.tokens == expected)
    }

    @Test func minProbabilityDropsUnlikelyTokens() {
        var candidates = CandidateSet()
        let logits: [Float] = [0, -1, -2, -3, -4]
        logits.withUnsafeBufferPointer { candidates.load(logits: $0, allowed: nil) }
        MinProbabilityStage(p: 0.1).apply(to: &candidates)
        // e^-1 = 0.37, e^-2 = 0.135 ≥ 0.1; e^-3 = 0.05 < 0.1.
        #expect(Set(candidates.tokens) == [0, 1, 2])
    }

    @Test func theSameSeedGivesTheSameSequence() {
        func draw(seed: UInt64) -> [TokenID] {
            var sampler = TokenSampler(parameters: SamplingParameters(strategy: .topK(20), temperature: 1.5, seed: seed))
            return (0..<50).compactMap { _ in Self.logits.withUnsafeBufferPointer { sampler.sample(logits: $0, allowed: nil) } }
        }
        #expect(draw(seed: 42) == draw(seed: 42))
        #expect(draw(seed: 42) != draw(seed: 43))
    }

    /// Top-k sampling at temperature 1 draws each kept token with its softmax probability.
    @Test func topKSamplingFollowsTheDistribution() {
        let logits: [Float] = [2, 1, 0, -1, -5]
        var sampler = TokenSampler(parameters: SamplingParameters(strategy: .topK(3), temperature: 1, seed: 7))
        var counts = [Int](repeating: 0, count: 5)
        let draws = 20_000
        for _ in 0..<draws {
            let token = logits.withUnsafeBufferPointer { sampler.sample(logits: $0, allowed: nil) }
            counts[Int(token!)] += 1
        }
        let weights = logits.prefix(3).map { Double(expf($0)) }
        let total = weights.reduce(0, +)
        for index in 0..<3 {
            let expected = weights[index] / total
            let observed = Double(counts[index]) / Double(draws)
            #expect(abs(observed - expected) < 0.02, "token \(index): \(observed) vs \(expected)")
        }
        #expect(counts[3] == 0 && counts[4] == 0)
    }

    @Test func temperatureZeroIsGreedy() {
        #expect(SamplingParameters(strategy: .nucleus(0.9), temperature: 0).isGreedy)
        #expect(SamplingParameters(strategy: .topK(1)).isGreedy)
        #expect(!SamplingParameters(strategy: .standard).isGreedy)
        #expect(SamplingParameters(strategy: .standard).effectiveTemperature == 0.8)
        #expect(SamplingParameters(strategy: .topK(5)).effectiveTemperature == 1.0)
    }
}

#if canImport(Glibc)
    import Glibc
#endif
