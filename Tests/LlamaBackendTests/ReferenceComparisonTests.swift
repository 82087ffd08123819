import Testing
@testable import LlamaBackend
import TestSupport

/// Our greedy output must equal llama.cpp's own, token for token, for the same formatted prompt.
@Suite(.requiresSmolLM2, .serialized) struct ReferenceComparisonTests {
    static let prompts: [(system: String, user: String)] = [
        ("You are a helpful assistant.", "What is the capital of France?"),
        ("You are a concise meeting assistant.", "Summarize: Sara to finalize pricing by Friday. Youssef fixes the login bug."),
        ("You are a helpful assistant.", "Write a haiku about the sea."),
        ("Réponds en français.", "Qu'est-ce qu'un arc-en-ciel ? Donne des détails, avec des émojis 🌈."),
        ("You are a helpful assistant.", "List three prime numbers and explain why each is prime.")
    ]

    @Test func greedyTokensMatchLlamaServer() async throws {
        let engine = try #require(TestModels.smolEngine)
        let server = try await ReferenceServer(modelPath: TestModels.smolLM2Path)
        defer { server.stop() }
        for (system, user) in Self.prompts {
            let prompt = TestModels.chatML(system: system, user: user)
            let reference = try await server.greedyTokens(prompt: prompt, count: 48)
            let promptTokens = try engine.model.vocabulary.tokenize(prompt)
            var ours: [TokenID] = []
            var reason: FinishReason?
            let request = GenerationRequest(promptTokens: promptTokens, sampling: .init(strategy: .greedy), maximumTokens: 48)
            for try await event in engine.generate(request) {
                if case .text(_, let tokens) = event { ours += tokens }
                if case .finished(let why) = event { reason = why }
            }
            #expect(ours == reference.tokens, "prompt: \(user)")
            #expect((reason == .endOfGeneration) == reference.stoppedAtEnd, "prompt: \(user)")
        }
    }

    @Test func tokenizerMatchesLlamaServer() async throws {
        let model = try TestModels.smolLM2()
        let server = try await ReferenceServer(modelPath: TestModels.smolLM2Path)
        defer { server.stop() }
        let texts = [
            "Hello, world!", "  leading spaces and\ttabs\n\nnewlines", "émojis 🌈🦊 and accents: café, naïve",
            "<|im_start|>user\nhi<|im_end|>", "{\"name\": \"Sara\", \"tags\": [\"a\", \"b\"]}", "日本語のテキスト"
        ]
        for text in texts {
            let reference = try await server.tokenize(text)
            #expect(try model.vocabulary.tokenize(text) == reference, "text: \(text)")
        }
    }
}
