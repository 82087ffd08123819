@testable import FoundationModelsCore
import Testing

/// The one translation of OpenAI-style sampling knobs into generation options, shared by
/// `fm respond`, `fm serve` and `fm bench`: the table in `SamplingKnobs`' documentation, row by row.
@Suite struct SamplingKnobsTests {
    typealias Row = (knobs: SamplingKnobs, sampling: GenerationOptions.SamplingMode?, temperature: Double?)

    static let table: [Row] = [
        (SamplingKnobs(), nil, nil),
        (SamplingKnobs(temperature: 0.7), nil, 0.7),
        (SamplingKnobs(temperature: 0), .greedy, nil),
        (SamplingKnobs(temperature: 0, topP: 0.5, topK: 4, seed: 1), .greedy, nil),
        (SamplingKnobs(topK: 20), .random(top: 20), nil),
        (SamplingKnobs(temperature: 0.5, topK: 20, seed: 7), .random(top: 20, seed: 7), 0.5),
        (SamplingKnobs(topP: 0.9, seed: 3), .random(probabilityThreshold: 0.9, seed: 3), nil),
        (SamplingKnobs(topP: 1), nil, nil),
        (SamplingKnobs(topP: 1, seed: 3), .random(probabilityThreshold: 0.95, seed: 3), nil),
        // A seed alone: the default's nucleus, seeded (the CLI and the server agree).
        (SamplingKnobs(seed: 3), .random(probabilityThreshold: 0.95, seed: 3), nil),
        (SamplingKnobs(temperature: 1.2, seed: 3), .random(probabilityThreshold: 0.95, seed: 3), 1.2)
    ]

    @Test func theTableHolds() {
        for (knobs, sampling, temperature) in Self.table {
            let options = knobs.generationOptions
            #expect(options.samplingMode == sampling, "\(knobs)")
            #expect(options.temperature == temperature, "\(knobs)")
            #expect(options.maximumResponseTokens == nil)
        }
    }

    @Test func maximumTokensPassThrough() {
        #expect(SamplingKnobs(temperature: 0, maximumTokens: 64).generationOptions == GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 64))
    }

    @Test func topKWithACuttingTopPConflicts() {
        #expect(SamplingKnobs(topP: 0.9, topK: 5).conflict == .topKWithTopP)
        #expect(SamplingKnobs(topP: 1, topK: 5).conflict == nil)
        #expect(SamplingKnobs(temperature: 0, topP: 0.9, topK: 5).conflict == nil)
        // Asked anyway, top_k wins.
        #expect(SamplingKnobs(topP: 0.9, topK: 5).generationOptions.samplingMode == .random(top: 5))
    }
}
