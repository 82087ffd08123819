import Foundation
import FoundationModels
import TestSupport

/// The SmolLM2 model as a `LanguageModel`, with a small context so that tests stay fast.
enum SessionFixtures {
    static let smolLM2 = LlamaLanguageModel(path: TestModels.smolLM2Path, contextSize: 1024, concurrentSessions: 4)

    /// SmolLM2 on an engine of its own with one slot: its requests never share a decoding step
    /// with other tests' requests. llama.cpp's arithmetic can differ in the last bits between
    /// batch compositions, which can flip a sampled token (or a greedy near-tie): tests that need
    /// bit-for-bit repeatable sampling use this model.
    static let soloSmolLM2 = LlamaLanguageModel(path: TestModels.smolLM2Path, contextSize: 1024, concurrentSessions: 1)

    static let greedy = GenerationOptions(sampling: .greedy, maximumResponseTokens: 24)

    /// A session on SmolLM2.
    static func session(instructions: String? = "You are a helpful assistant.", tools: [any Tool] = []) -> LanguageModelSession {
        LanguageModelSession(model: smolLM2, tools: tools, instructions: instructions)
    }

    /// A session on ``soloSmolLM2``.
    static func soloSession(instructions: String? = "You are a helpful assistant.", tools: [any Tool] = []) -> LanguageModelSession {
        LanguageModelSession(model: soloSmolLM2, tools: tools, instructions: instructions)
    }
}
