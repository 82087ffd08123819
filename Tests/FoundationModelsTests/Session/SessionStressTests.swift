import Foundation
import Testing
@testable import FoundationModels
import LlamaBackend
import TestSupport

/// Many sessions with the same instructions on a few slots, arriving at staggered times: waiting,
/// eviction and prefix copies between busy and idle slots all happen. Every greedy answer must
/// start as it does alone (a kept or copied cache may part ways later only at a near-tie).
@Suite(.requiresSmolLM2) struct SessionStressTests {
    static let prompts = [
        "What is the capital of France?", "Name three animals.", "Write a haiku about rain.", "What is 2 + 2?",
        "Who wrote Hamlet?", "Name a color.", "What is a library card?", "Say hello.",
        "Name a fruit.", "What is the capital of Italy?", "Give me a synonym for happy.", "Count to five.",
    ]
    static let options = GenerationOptions(sampling: .greedy, maximumResponseTokens: 16)

    @Test func manySessionsOnFewSlotsGetTheirSoloAnswers() async throws {
        let solo = LlamaLanguageModel(path: TestModels.smolLM2Path, contextSize: 1030, concurrentSessions: 1)
        var alone: [String] = []
        for prompt in Self.prompts {
            await solo.settings.discardCachedPrompts()
            alone.append(try await LanguageModelSession(model: solo, instructions: "You are a helpful assistant.")
                .respond(to: prompt, options: Self.options).content)
        }
        let shared = LlamaLanguageModel(path: TestModels.smolLM2Path, contextSize: 1040, concurrentSessions: 4)
        for round in 0 ..< 3 {
            let together = try await withThrowingTaskGroup(of: (Int, String).self) { group in
                for (index, prompt) in Self.prompts.enumerated() {
                    group.addTask {
                        try await Task.sleep(for: .milliseconds((index * 37 + round * 11) % 120))
                        let session = LanguageModelSession(model: shared, instructions: "You are a helpful assistant.")
                        return (index, try await session.respond(to: prompt, options: Self.options).content)
                    }
                }
                var answers = [String](repeating: "", count: Self.prompts.count)
                for try await (index, answer) in group { answers[index] = answer }
                return answers
            }
            for index in Self.prompts.indices {
                let a = Array(alone[index].prefix(12)), b = Array(together[index].prefix(12))
                #expect(a == b, "round \(round), \(Self.prompts[index]): alone \(alone[index].debugDescription), together \(together[index].debugDescription)")
            }
        }
        let statistics = try #require(await EngineStore.shared.runningEngine(for: shared.settings)).statistics()
        print("stress statistics: copies \(statistics.prefixCopies), largest batch \(statistics.largestBatchSequences)")
    }
}
