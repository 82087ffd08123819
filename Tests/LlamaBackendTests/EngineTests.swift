import Foundation
import Testing
@testable import LlamaBackend
import TestSupport

/// The inference engine on the real SmolLM2 model.
@Suite(.requiresSmolLM2, .serialized) struct EngineTests {
    func engine() throws -> InferenceEngine { try #require(TestModels.smolEngine) }

    func tokens(_ user: String, system: String = "You are a helpful assistant.") throws -> [TokenID] {
        try engine().model.vocabulary.tokenize(TestModels.chatML(system: system, user: user))
    }

    /// Runs a request to the end and returns its tokens, finish reason and prefill report.
    func run(_ request: GenerationRequest) async throws -> (tokens: [TokenID], reason: FinishReason?, cached: Int) {
        var produced: [TokenID] = []
        var reason: FinishReason?
        var cached = -1
        for try await event in try engine().generate(request) {
            switch event {
            case .text(_, let tokens): produced += tokens
            case .finished(let why): reason = why
            case .prefilled(_, let reused): cached = reused
            }
        }
        return (produced, reason, cached)
    }

    @Test func maximumTokensHolds() async throws {
        let request = GenerationRequest(promptTokens: try tokens("Write a long story about a dragon."),
                                        sampling: .init(strategy: .greedy), maximumTokens: 12)
        let result = try await run(request)
        #expect(result.tokens.count == 12)
        #expect(result.reason == .maximumTokens)
    }

    @Test func aSecondTurnReusesTheCachedConversation() async throws {
        let first = try tokens("Name a fruit.")
        let firstResult = try await run(GenerationRequest(promptTokens: first, sampling: .init(strategy: .greedy), maximumTokens: 8))
        // The next turn starts with the whole first turn.
        let vocabulary = try engine().model.vocabulary
        let followUp = first + firstResult.tokens + (try vocabulary.tokenize("<|im_end|>\n<|im_start|>user\nAnother one?<|im_end|>\n<|im_start|>assistant\n"))
        let second = try await run(GenerationRequest(promptTokens: followUp, sampling: .init(strategy: .greedy), maximumTokens: 8))
        #expect(second.cached >= first.count, "reused \(second.cached) of \(followUp.count) prompt tokens")
        // And the output is what a full prefill on a fresh engine gives.
        let freshEngine = try InferenceEngine(model: try TestModels.smolLM2(), configuration: ContextConfiguration(tokensPerSequence: 512, sequences: 1))
        var fresh: [TokenID] = []
        var cached = -1
        for try await event in freshEngine.generate(GenerationRequest(promptTokens: followUp, sampling: .init(strategy: .greedy), maximumTokens: 8)) {
            if case .text(_, let tokens) = event { fresh += tokens }
            if case .prefilled(_, let reused) = event { cached = reused }
        }
        #expect(cached == 0)
        #expect(fresh == second.tokens)
    }

    @Test func concurrentGenerationsEachGetTheirSoloOutput() async throws {
        let prompts = ["What is 2 + 2?", "Name three colors.", "Say hello in French.", "What is the capital of Italy?"]
        var solo: [[TokenID]] = []
        for prompt in prompts {
            solo.append(try await run(GenerationRequest(promptTokens: try tokens(prompt), sampling: .init(strategy: .greedy), maximumTokens: 16)).tokens)
        }
        let together = try await withThrowingTaskGroup(of: (Int, [TokenID]).self) { group in
            for (index, prompt) in prompts.enumerated() {
                let request = GenerationRequest(promptTokens: try tokens(prompt), sampling: .init(strategy: .greedy), maximumTokens: 16)
                group.addTask { (index, try await run(request).tokens) }
            }
            var results = [[TokenID]](repeating: [], count: prompts.count)
            for try await (index, tokens) in group { results[index] = tokens }
            return results
        }
        #expect(together == solo)
        #expect(try engine().statistics().largestBatchSequences >= 2)
    }

    @Test func cancellingOneGenerationLeavesTheOthersAndTheEngineWorking() async throws {
        let long = GenerationRequest(promptTokens: try tokens("Count from 1 to 1000."), sampling: .init(strategy: .greedy), maximumTokens: 400)
        let short = GenerationRequest(promptTokens: try tokens("What is 2 + 2?"), sampling: .init(strategy: .greedy), maximumTokens: 16)
        let expected = try await run(short).tokens
        let cancelled = Task { try await run(long) }
        let other = Task { try await run(short) }
        try await Task.sleep(for: .milliseconds(300))
        cancelled.cancel()
        let started = ContinuousClock.now
        let outcome = await cancelled.result
        // The cancelled stream ends (iteration stops) promptly, with fewer tokens than asked for.
        if case .success(let result) = outcome { #expect(result.tokens.count < 400) }
        #expect(ContinuousClock.now - started < .seconds(5))
        #expect(try await other.value.tokens == expected)
        #expect(try await run(short).tokens == expected)
    }

    @Test func promptsLongerThanTheContextFail() async throws {
        let huge = [TokenID](repeating: 28, count: 3000)
        await #expect(throws: LlamaError.contextOverflow(tokenCount: 3001, contextLength: 2048)) {
            _ = try await run(GenerationRequest(promptTokens: huge, maximumTokens: 4))
        }
    }

    @Test func generationStopsWithAnErrorWhenTheContextFills() async throws {
        let small = try InferenceEngine(model: try TestModels.smolLM2(), configuration: ContextConfiguration(tokensPerSequence: 64, sequences: 1))
        let prompt = try tokens("Count from 1 to 1000, separated by commas.")
        var produced = 0
        await #expect(throws: LlamaError.contextOverflow(tokenCount: 65, contextLength: 64)) {
            for try await event in small.generate(GenerationRequest(promptTokens: prompt, sampling: .init(strategy: .greedy), maximumTokens: 500)) {
                if case .text(_, let tokens) = event { produced += tokens.count }
            }
        }
        // Every cell was used first (the last token produced needs no cell): nothing is silently cut.
        #expect(prompt.count + produced == 65)
    }

    @Test func prewarmingCachesThePrompt() async throws {
        let prompt = try tokens("Describe the ocean in one sentence.", system: "You are a poet who writes about water.")
        try await engine().prewarm(tokens: prompt)
        let result = try await run(GenerationRequest(promptTokens: prompt, sampling: .init(strategy: .greedy), maximumTokens: 4))
        #expect(result.cached == prompt.count - 1)
    }
}

@Suite struct ModelLoadingTests {
    @Test func aMissingFileIsReported() {
        #expect(throws: LlamaError.modelFileNotFound(path: "/nonexistent/model.gguf")) {
            try LlamaModel.load(path: "/nonexistent/model.gguf")
        }
    }

    @Test func aFileThatIsNotGGUFIsReported() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("not-a-model-\(UUID()).gguf").path
        try Data("hello, world".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: LlamaError.notAGGUFFile(path: path)) { try LlamaModel.load(path: path) }
    }

    @Test func aCorruptGGUFFileIsReported() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("corrupt-\(UUID()).gguf").path
        var bytes = Array("GGUF".utf8) + [3, 0, 0, 0]
        bytes += (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: LlamaError.modelLoadFailed(path: path)) { try LlamaModel.load(path: path) }
    }

    @Test(.requiresSmolLM2) func aTruncatedModelIsReported() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("truncated-\(UUID()).gguf").path
        let data = try Data(contentsOf: URL(fileURLWithPath: TestModels.smolLM2Path))
        try data.prefix(data.count / 2).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: LlamaError.modelLoadFailed(path: path)) { try LlamaModel.load(path: path) }
    }
}
