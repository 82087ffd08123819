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
    func run(_ request: GenerationRequest, on engine: InferenceEngine? = nil) async throws -> (tokens: [TokenID], reason: FinishReason?, cached: Int) {
        var produced: [TokenID] = []
        var reason: FinishReason?
        var cached = -1
        for try await event in try (engine ?? self.engine()).generate(request) {
            switch event {
            case .text(_, let tokens): produced += tokens
            case .finished(let why): reason = why
            case .prefilled(_, let reused): cached = reused
            }
        }
        return (produced, reason, cached)
    }

    @Test func maximumTokensHolds() async throws {
        let request = GenerationRequest(
            promptTokens: try tokens("Write a long story about a dragon."),
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
        let freshEngine = try InferenceEngine(
            model: try TestModels.smolLM2(), configuration: ContextConfiguration(tokensPerSequence: 512, sequences: 1, threads: TestModels.threads))
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

    @Test func anEmptyPromptFailsWithItsOwnError() async throws {
        await #expect(throws: LlamaError.emptyPrompt) {
            _ = try await run(GenerationRequest(promptTokens: [], maximumTokens: 4))
        }
        // The engine goes on serving the next request.
        #expect(try await run(GenerationRequest(promptTokens: try tokens("Hi."), sampling: .init(strategy: .greedy), maximumTokens: 2)).tokens.count == 2)
    }

    @Test func generationStopsWithAnErrorWhenTheContextFills() async throws {
        let small = try InferenceEngine(model: try TestModels.smolLM2(), configuration: ContextConfiguration(tokensPerSequence: 64, sequences: 1, threads: TestModels.threads))
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

/// How the engine shares its slots between conversations: prefix copies, eviction, fairness.
@Suite(.requiresSmolLM2, .serialized) struct EngineSlotSharingTests {
    static let librarian = """
        You are a meticulous librarian in a small town. You answer questions about books, authors \
        and reading habits with care, you never invent titles, and you keep every answer short, \
        friendly and precise, in plain English.
        """

    /// A fresh engine, so that other tests' requests cannot take its cache.
    func freshEngine(
        sequences: Int = 2, prefillChunk: Int? = nil, hostCacheBytes: Int? = nil, layout: MicroBatchLayout.Mode = .adaptive
    ) throws -> InferenceEngine {
        var configuration = ContextConfiguration(
            tokensPerSequence: 1024, sequences: sequences, threads: TestModels.threads, prefillChunkWhileDecoding: prefillChunk)
        if let hostCacheBytes { configuration.hostCacheBytes = hostCacheBytes }
        configuration.microBatchLayout = layout
        return try InferenceEngine(model: try TestModels.smolLM2(), configuration: configuration)
    }

    func tokens(_ user: String, system: String = librarian) throws -> [TokenID] {
        try TestModels.smolLM2().vocabulary.tokenize(TestModels.chatML(system: system, user: user))
    }

    func greedy(_ prompt: [TokenID], _ maximum: Int = 12) -> GenerationRequest {
        GenerationRequest(promptTokens: prompt, sampling: .init(strategy: .greedy), maximumTokens: maximum)
    }

    func run(_ request: GenerationRequest, on engine: InferenceEngine) async throws -> (tokens: [TokenID], cached: Int) {
        var produced: [TokenID] = []
        var cached = -1
        for try await event in engine.generate(request) {
            if case .text(_, let tokens) = event { produced += tokens }
            if case .prefilled(_, let reused) = event { cached = reused }
        }
        return (produced, cached)
    }

    /// What a request gives on an engine with nothing cached.
    func solo(_ request: GenerationRequest) async throws -> [TokenID] {
        let result = try await run(request, on: try freshEngine(sequences: 1))
        #expect(result.cached == 0)
        return result.tokens
    }

    @Test func aSecondConversationCopiesTheSharedInstructionsAndKeepsTheFirst() async throws {
        let engine = try freshEngine()
        let fruit = try tokens("Name a fruit.")
        let color = try tokens("Name a color.")
        let common = SlotPlanner.sharedPrefixLength(fruit, color)
        #expect(common > 40)
        let first = try await run(greedy(fruit), on: engine)
        #expect(first.cached == 0)

        let second = try await run(greedy(color), on: engine)
        let statistics = engine.statistics()
        #expect(statistics.prefixCopies == 1)
        #expect(statistics.copiedPromptTokens == common)
        #expect(second.cached == common)
        #expect(second.tokens == (try await solo(greedy(color))))

        // The first conversation kept its slot: its next turn reuses all of it.
        let followUp =
            fruit + first.tokens
            + (try TestModels.smolLM2().vocabulary.tokenize(
                "<|im_end|>\n<|im_start|>user\nAnother one?<|im_end|>\n<|im_start|>assistant\n"))
        let next = try await run(greedy(followUp), on: engine)
        // (The last generated token was never fed to the model, so it is not cached.)
        #expect(next.cached >= fruit.count + first.tokens.count - 1)
        #expect(next.tokens == (try await solo(greedy(followUp))))
    }

    @Test func aRunningConversationDonatesItsPrefixWithoutDisturbingItself() async throws {
        let engine = try freshEngine()
        let long = greedy(try tokens("Count from 1 to 100, separated by commas."), 60)
        let other = greedy(try tokens("Who wrote Hamlet?"))
        let expectedLong = try await solo(long)
        let expectedOther = try await solo(other)
        let running = Task { try await run(long, on: engine) }
        while engine.statistics().sampledTokens < 2 { try await Task.sleep(for: .milliseconds(5)) }
        let copied = try await run(other, on: engine)
        #expect(engine.statistics().prefixCopies == 1)
        #expect(copied.cached == SlotPlanner.sharedPrefixLength(long.promptTokens, other.promptTokens))
        #expect(copied.tokens == expectedOther)
        #expect(try await running.value.tokens == expectedLong)
    }

    @Test func moreConversationsThanSlotsEvictTheLeastRecentlyUsed() async throws {
        // Without the host-memory cache, an evicted conversation is gone.
        let engine = try freshEngine(hostCacheBytes: 0)
        let vocabulary = try TestModels.smolLM2().vocabulary
        let systems = ["You are a pirate.", "You are a chef who loves soup.", "You are a tired astronaut."]
        var prompts = try systems.map { try tokens("Say hello.", system: $0) }
        var firstTurns: [[TokenID]] = []
        for prompt in prompts { firstTurns.append(try await run(greedy(prompt), on: engine).tokens) }
        // Conversation 0 was evicted by conversation 2; 1 and 2 are cached.
        let turn = try vocabulary.tokenize("<|im_end|>\n<|im_start|>user\nAnd goodbye?<|im_end|>\n<|im_start|>assistant\n")
        for index in prompts.indices { prompts[index] += firstTurns[index] + turn }
        let second1 = try await run(greedy(prompts[1]), on: engine)
        let second2 = try await run(greedy(prompts[2]), on: engine)
        #expect(second1.cached >= prompts[1].count - turn.count - 1)
        #expect(second2.cached >= prompts[2].count - turn.count - 1)
        // Conversation 0 starts over, in the slot used least recently (conversation 1's).
        let second0 = try await run(greedy(prompts[0]), on: engine)
        #expect(second0.cached < 16)
        #expect(engine.statistics().droppedCacheTokens > 0)
        let again2 = try await run(greedy(prompts[2] + second2.tokens), on: engine)
        #expect(again2.cached >= prompts[2].count)
        #expect(second0.tokens == (try await solo(greedy(prompts[0]))))
        #expect(second1.tokens == (try await solo(greedy(prompts[1]))))
    }

    /// Three conversations on two slots, as above, with the host-memory cache on: the evicted
    /// conversation is saved, and its next turn restores it (into another slot) instead of
    /// computing it again, with the answer it would have had.
    @Test func anEvictedConversationIsRestoredFromHostMemory() async throws {
        let engine = try freshEngine()
        let vocabulary = try TestModels.smolLM2().vocabulary
        let systems = ["You are a pirate.", "You are a chef who loves soup.", "You are a tired astronaut."]
        var prompts = try systems.map { try tokens("Say hello.", system: $0) }
        var firstTurns: [[TokenID]] = []
        for prompt in prompts { firstTurns.append(try await run(greedy(prompt), on: engine).tokens) }
        #expect(engine.statistics().savedSequences == 1)
        #expect(engine.statistics().hostCacheBytes > 0)
        let turn = try vocabulary.tokenize("<|im_end|>\n<|im_start|>user\nAnd goodbye?<|im_end|>\n<|im_start|>assistant\n")
        for index in prompts.indices { prompts[index] += firstTurns[index] + turn }
        // Conversation 1 holds the least recently used slot: conversation 0 is restored there.
        let second0 = try await run(greedy(prompts[0]), on: engine)
        let history = prompts[0].count - turn.count
        #expect(second0.cached >= history - 1)
        let statistics = engine.statistics()
        #expect(statistics.restoredSequences == 1)
        #expect(statistics.restoredPromptTokens == second0.cached)
        // Conversation 1, evicted in turn, was saved too.
        #expect(statistics.savedSequences == 2)
        #expect(second0.tokens == (try await solo(greedy(prompts[0]))))
        let second1 = try await run(greedy(prompts[1]), on: engine)
        #expect(second1.cached >= prompts[1].count - turn.count - 1)
        #expect(second1.tokens == (try await solo(greedy(prompts[1]))))
        // A prompt that shares only the start of a saved conversation (conversation 2, saved when
        // conversation 1 took its slot) restores it and drops the rest.
        let other = try tokens("Say bye.", system: systems[2])
        let shared = SlotPlanner.sharedPrefixLength(other, prompts[2])
        #expect(shared > 8 && shared < prompts[2].count - turn.count, "\(shared)")
        let partial = try await run(greedy(other), on: engine)
        #expect(partial.cached == shared)
        #expect(engine.statistics().restoredSequences == 3)
        #expect(partial.tokens == (try await solo(greedy(other))))
        // Discarding caches empties host memory too.
        await engine.discardIdleCaches()
        #expect(engine.statistics().hostCacheBytes == 0)
        #expect(try await run(greedy(prompts[2]), on: engine).cached == 0)
    }

    /// Three generations decoding together, their rows computed together or alone (the batch
    /// in descending slot order): each gets its own answer, as decoded alone.
    @Test(arguments: [MicroBatchLayout.Mode.together, .alone])
    func rowsComputedAloneOrTogetherKeepTheirOwnAnswers(layout: MicroBatchLayout.Mode) async throws {
        let engine = try freshEngine(sequences: 3, layout: layout)
        let requests = try ["Name a poet.", "Count from 1 to 20.", "Name three colors."].map { greedy(try tokens($0), 24) }
        var expected: [[TokenID]] = []
        for request in requests { expected.append(try await solo(request)) }
        #expect(Set(expected).count == 3)
        let answers = try await withThrowingTaskGroup(of: (Int, [TokenID]).self) { group in
            for (index, request) in requests.enumerated() {
                group.addTask { (index, try await self.run(request, on: engine).tokens) }
            }
            var answers = [[TokenID]](repeating: [], count: requests.count)
            for try await (index, tokens) in group { answers[index] = tokens }
            return answers
        }
        #expect(engine.statistics().largestBatchSequences >= 2)
        #expect(answers == expected)
    }

    /// Three generations in slots 0, 1 and 2; the one in slot 1 finishes first, and the one in
    /// slot 2 moves down into its place (so that the busy slots stay side by side). Every answer
    /// is the one decoded alone. The one in slot 1 runs for 24 tokens: with 12, one full-suite run
    /// on 2 busy cores admitted the third only after the second had finished (it took slot 1
    /// directly, and nothing moved).
    @Test func aGenerationMovedIntoAFinishedOnesSlotKeepsItsAnswer() async throws {
        let engine = try freshEngine(sequences: 3)
        let requests = [
            greedy(try tokens("Count from 1 to 100, separated by commas."), 48),
            greedy(try tokens("Count from 1 to 20."), 24),
            greedy(try tokens("Count from 1 to 100, separated by commas.", system: "You count."), 48)
        ]
        var expected: [[TokenID]] = []
        for request in requests { expected.append(try await solo(request)) }
        let answers = try await withThrowingTaskGroup(of: (Int, [TokenID]).self) { group in
            for (index, request) in requests.enumerated() {
                group.addTask { (index, try await self.run(request, on: engine).tokens) }
                // One after the other, so that each takes the next slot.
                while engine.statistics().sampledTokens < 2 * (index + 1) { try await Task.sleep(for: .milliseconds(2)) }
            }
            var answers = [[TokenID]](repeating: [], count: requests.count)
            for try await (index, tokens) in group { answers[index] = tokens }
            return answers
        }
        #expect(answers == expected)
        #expect(engine.statistics().movedGenerations >= 1)
    }

    /// Without the host cache (an eviction could not be undone), nothing moves.
    @Test func withoutTheHostCacheGenerationsStayInTheirSlots() async throws {
        let engine = try freshEngine(sequences: 3, hostCacheBytes: 0)
        let short = greedy(try tokens("Name a poet."), 8)
        let long = greedy(try tokens("Count from 1 to 20."), 48)
        let first = Task { try await run(short, on: engine).tokens }
        while engine.statistics().sampledTokens < 1 { try await Task.sleep(for: .milliseconds(2)) }
        async let second = run(long, on: engine)
        async let third = run(greedy(try tokens("Name three colors."), 48), on: engine)
        _ = try await (first.value, second, third)
        #expect(engine.statistics().movedGenerations == 0)
    }

    @Test func longPromptsArePrefilledInChunksWhileOthersDecode() async throws {
        let engine = try freshEngine(prefillChunk: 64)
        let decoding = greedy(try tokens("Count from 1 to 1000, separated by commas.", system: "You count."), 400)
        let words = (0..<300).map { ["apple", "river", "window", "garden", "music"][$0 % 5] }.joined(separator: " ")
        let longPrompt = greedy(try tokens("Here are words: \(words). Which word comes first?"))
        #expect(longPrompt.promptTokens.count > 300)
        let expected = try await solo(longPrompt)
        let running = Task { try await run(decoding, on: engine) }
        while engine.statistics().sampledTokens < 2 { try await Task.sleep(for: .milliseconds(5)) }
        let result = try await run(longPrompt, on: engine)
        running.cancel()
        _ = await running.result
        let statistics = engine.statistics()
        // The long prompt went in chunks of at most 64 tokens, each beside a decoding step.
        #expect(statistics.mixedSteps >= 4)
        #expect(statistics.largestPrefillWhileDecoding == 64)
        #expect(result.tokens == expected)
    }

    @Test func discardingIdleCachesForcesAFullPrefill() async throws {
        let engine = try freshEngine()
        let request = greedy(try tokens("Name a poet."))
        let first = try await run(request, on: engine)
        #expect(try await run(request, on: engine).cached == request.promptTokens.count - 1)
        await engine.discardIdleCaches()
        let again = try await run(request, on: engine)
        #expect(again.cached == 0)
        #expect(again.tokens == first.tokens)
    }
}

@Suite struct ModelLoadingTests {
    @Test func aMissingFileIsReported() {
        #expect(throws: LlamaError.modelFileNotFound(path: "/nonexistent/model.gguf")) {
            try LlamaModel.load(path: "/nonexistent/model.gguf")
        }
    }

    @Test func aFileThatIsNotGGUFIsReported() throws {
        let path = try ScratchFolder.file("not-a-model.gguf").path
        try Data("hello, world".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: LlamaError.notAGGUFFile(path: path)) { try LlamaModel.load(path: path) }
    }

    @Test func aCorruptGGUFFileIsReported() throws {
        let path = try ScratchFolder.file("corrupt.gguf").path
        var bytes = Array("GGUF".utf8) + [3, 0, 0, 0]
        bytes += (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect(throws: LlamaError.modelLoadFailed(path: path)) { try LlamaModel.load(path: path) }
    }

    @Test(.requiresSmolLM2) func aTruncatedModelIsReported() throws {
        let path = try ScratchFolder.file("truncated.gguf").path
        let data = try Data(contentsOf: URL(fileURLWithPath: TestModels.smolLM2Path))
        try data.prefix(data.count / 2).write(to: URL(fileURLWithPath: path))
        #expect(throws: LlamaError.modelLoadFailed(path: path)) { try LlamaModel.load(path: path) }
    }
}
