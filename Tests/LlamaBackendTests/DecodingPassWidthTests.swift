import Testing
@testable import LlamaBackend
import TestSupport

/// How many decoding generations a pass feeds, from given pass costs, and on the real engine.
@Suite struct DecodingPassWidthTests {
    @Test func fixedModesKeepTheirWidth() {
        #expect(DecodingPassWidth(mode: .all, rows: 8).width(decoding: 5) == 5)
        #expect(DecodingPassWidth(mode: .fixed(2), rows: 8).width(decoding: 5) == 2)
        #expect(DecodingPassWidth(mode: .fixed(2), rows: 8).width(decoding: 1) == 1)
    }

    @Test func unmeasuredWidthsAreTriedAllThenOne() {
        let policy = DecodingPassWidth(mode: .adaptive, rows: 4)
        #expect(policy.width(decoding: 4) == 4)
        policy.recordDecodingPass(rows: 4, seconds: 0.066)
        #expect(policy.width(decoding: 4) == 1)
        policy.recordDecodingPass(rows: 1, seconds: 0.020)
        // 4 rows in 66 ms beat one in 20 ms: 61 against 50 rows per second.
        #expect(policy.width(decoding: 4) == 4)
    }

    /// Measured on 2 cores, Qwen2.5-Coder-0.5B: 20 ms for one row, 50 for two, 60 for three.
    @Test func aNarrowerPassIsChosenOnlyWhenClearlyFaster() {
        let policy = DecodingPassWidth(mode: .adaptive, rows: 4)
        policy.recordDecodingPass(rows: 1, seconds: 0.020)
        policy.recordDecodingPass(rows: 2, seconds: 0.050)
        policy.recordDecodingPass(rows: 3, seconds: 0.060)
        // Two together: 40 rows per second, against 50 in turns.
        #expect(policy.width(decoding: 2) == 1)
        // Three together: 50 rows per second, as fast as one at a time: not worth turns.
        #expect(policy.width(decoding: 3) == 3)
    }

    @Test func theWidthNotInUseIsMeasuredAgainNowAndThen() {
        let policy = DecodingPassWidth(mode: .adaptive, rows: 2)
        policy.recordDecodingPass(rows: 2, seconds: 0.050)
        policy.recordDecodingPass(rows: 1, seconds: 0.020)
        var widths: [Int] = []
        for _ in 0..<(2 * DecodingPassWidth.probeInterval) {
            let width = policy.width(decoding: 2)
            widths.append(width)
            policy.recordDecodingPass(rows: width, seconds: width == 1 ? 0.020 : 0.050)
        }
        #expect(widths.filter { $0 == 2 }.count == 2)
        #expect(widths.filter { $0 == 1 }.count == 2 * DecodingPassWidth.probeInterval - 2)
    }

    /// Generations decoded one per pass, in turns, each give their solo answer.
    @Test(.requiresSmolLM2) func generationsDecodedInTurnsGetTheirSoloOutput() async throws {
        var configuration = ContextConfiguration(tokensPerSequence: 512, sequences: 3, threads: TestModels.threads)
        configuration.decodingPassWidth = .fixed(1)
        let engine = try InferenceEngine(model: try TestModels.smolLM2(), configuration: configuration)
        let vocabulary = engine.model.vocabulary
        func request(_ prompt: String) throws -> GenerationRequest {
            GenerationRequest(
                promptTokens: try vocabulary.tokenize(TestModels.chatML(system: "You are a helpful assistant.", user: prompt)),
                sampling: .init(strategy: .greedy), maximumTokens: 16)
        }
        func run(_ request: GenerationRequest) async throws -> [TokenID] {
            var produced: [TokenID] = []
            for try await event in engine.generate(request) {
                if case .text(_, let tokens) = event { produced += tokens }
            }
            return produced
        }
        let prompts = ["What is 2 + 2?", "Name three colors.", "Say hello in French."]
        var solo: [[TokenID]] = []
        for prompt in prompts { solo.append(try await run(try request(prompt))) }
        let together = try await withThrowingTaskGroup(of: (Int, [TokenID]).self) { group in
            for (index, prompt) in prompts.enumerated() {
                let request = try request(prompt)
                group.addTask { (index, try await run(request)) }
            }
            var results = [[TokenID]](repeating: [], count: prompts.count)
            for try await (index, tokens) in group { results[index] = tokens }
            return results
        }
        #expect(together == solo)
        #expect(engine.statistics().narrowedPasses > 0)
    }
}
