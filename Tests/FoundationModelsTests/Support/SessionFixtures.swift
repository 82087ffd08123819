import Foundation
import FoundationModels
import TestSupport

/// The SmolLM2 model as a `LanguageModel`, with a small context so that tests stay fast.
enum SessionFixtures {
    static let smolLM2 = LlamaLanguageModel(path: TestModels.smolLM2Path, contextSize: 1024, concurrentSessions: 4)

    static let greedy = GenerationOptions(sampling: .greedy, maximumResponseTokens: 24)

    /// A session on SmolLM2.
    static func session(instructions: String? = "You are a helpful assistant.", tools: [any Tool] = []) -> LanguageModelSession {
        LanguageModelSession(model: smolLM2, tools: tools, instructions: instructions)
    }
}
