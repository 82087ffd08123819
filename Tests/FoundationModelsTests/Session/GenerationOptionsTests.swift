import Testing
import FoundationModels

@Suite struct GenerationOptionsTests {
    @Test func defaultsAreNil() {
        let options = GenerationOptions()
        #expect(options.samplingMode == nil && options.temperature == nil && options.maximumResponseTokens == nil)
        #expect(options.toolCallingMode == nil)
    }

    @Test func bothSpellingsBuildTheSameOptions() {
        let old = GenerationOptions(samplingMode: .greedy, temperature: 0.5, maximumResponseTokens: 10)
        let new = GenerationOptions(samplingMode: .greedy, temperature: 0.5, maximumResponseTokens: 10)
        #expect(old == new)
        #expect(new.samplingMode == .greedy)
        #expect(GenerationOptions(temperature: 0.3).temperature == 0.3)
    }

    @Test func samplingModesCarryTheirParameters() {
        #expect(GenerationOptions.SamplingMode.random(top: 5, seed: 9).kind == .randomTopK(5, seed: 9))
        #expect(GenerationOptions.SamplingMode.random(probabilityThreshold: 0.8).kind == .randomProbabilityThreshold(0.8, seed: nil))
        #expect(GenerationOptions.SamplingMode.greedy != .random(top: 1))
    }

    @Test func toolCallingModes() {
        let options = GenerationOptions(toolCallingMode: .required)
        #expect(options.toolCallingMode == .required)
        #expect(GenerationOptions.ToolCallingMode.disallowed.kind == .disallowed)
    }
}
