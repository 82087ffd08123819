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

    /// SmolLM2 on an engine of its own (one slot, unique by `tag`), for a test that compares exact
    /// outputs: llama.cpp's CPU kernels round differently for different batch shapes, so a prompt
    /// whose prefix another test's request computed can decode differently at a near-tie (see
    /// `CacheConsistencyTests`). Use it from one test only, with ``freshRespond(_:to:options:)``.
    static func isolatedSmolLM2(_ tag: Int) -> LlamaLanguageModel {
        LlamaLanguageModel(path: TestModels.smolLM2Path, contextSize: 1200 + tag, concurrentSessions: 1)
    }

    /// Responds with the model's cache emptied first, so that the whole prompt is computed in one
    /// batch, as llama.cpp's server (without its prompt cache) computes it.
    static func freshRespond(
        _ session: LanguageModelSession, model: LlamaLanguageModel, to prompt: String,
        options: GenerationOptions
    ) async throws -> LanguageModelSession.Response<String> {
        await model.settings.discardCachedPrompts()
        return try await session.respond(to: prompt, options: options)
    }

    static let greedy = GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 24)

    /// A session on SmolLM2.
    static func session(instructions: String? = "You are a helpful assistant.", tools: [any Tool] = []) -> LanguageModelSession {
        LanguageModelSession(model: smolLM2, tools: tools, instructions: instructions)
    }

    /// A session on ``soloSmolLM2``, whose cache is emptied first (see ``isolatedSmolLM2(_:)``):
    /// for one serialized suite.
    static func soloSession(instructions: String? = "You are a helpful assistant.", tools: [any Tool] = []) async -> LanguageModelSession {
        await soloSmolLM2.settings.discardCachedPrompts()
        return LanguageModelSession(model: soloSmolLM2, tools: tools, instructions: instructions)
    }
}
