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

    /// Records `count` decoding passes of `rows` rows in a row (the first, after a pass of another
    /// shape, is not measured).
    func feed(_ policy: DecodingPassWidth, rows: Int, seconds: Double, count: Int = 3) {
        for _ in 0..<count { policy.recordPass(rows: rows, seconds: seconds, decodesOnly: true) }
    }

    @Test func unmeasuredWidthsAreTriedAllThenOne() {
        let policy = DecodingPassWidth(mode: .adaptive, rows: 4)
        var passes = 0
        while policy.passCost(rows: 4) == nil, passes < 10 {
            #expect(policy.width(decoding: 4) == 4)
            policy.recordPass(rows: 4, seconds: 0.066, decodesOnly: true)
            passes += 1
        }
        #expect(passes == 3)
        while policy.passCost(rows: 1) == nil, passes < 10 {
            #expect(policy.width(decoding: 4) == 1)
            policy.recordPass(rows: 1, seconds: 0.020, decodesOnly: true)
            passes += 1
        }
        // 4 rows in 66 ms beat one in 20 ms: 61 against 50 rows per second.
        #expect(policy.width(decoding: 4) == 4)
    }

    @Test func aPassAfterAnotherShapeIsNotMeasured() {
        let policy = DecodingPassWidth(mode: .adaptive, rows: 4)
        feed(policy, rows: 1, seconds: 0.020)
        // The first 4-row pass after single rows also rebuilt llama.cpp's graph.
        policy.recordPass(rows: 4, seconds: 0.200, decodesOnly: true)
        #expect(policy.passCost(rows: 4) == nil)
        feed(policy, rows: 4, seconds: 0.066, count: 2)
        #expect(policy.passCost(rows: 4) == 0.066)
        // Nor one after a prompt.
        policy.recordPass(rows: 30, seconds: 0.300, decodesOnly: false)
        policy.recordPass(rows: 4, seconds: 0.500, decodesOnly: true)
        #expect(policy.passCost(rows: 4) == 0.066)
    }

    @Test func oneSlowPassDoesNotMoveTheCost() {
        let policy = DecodingPassWidth(mode: .adaptive, rows: 2)
        for seconds in [0.020, 0.020, 0.021, 0.019, 0.500, 0.020] { policy.recordPass(rows: 1, seconds: seconds, decodesOnly: true) }
        #expect(policy.passCost(rows: 1) == 0.020)
    }

    /// Measured on 2 cores, Qwen2.5-Coder-0.5B: 20 ms for one row, 50 for two, 60 for three.
    @Test func aNarrowerPassIsChosenOnlyWhenClearlyFaster() {
        let policy = DecodingPassWidth(mode: .adaptive, rows: 4)
        feed(policy, rows: 1, seconds: 0.020)
        feed(policy, rows: 2, seconds: 0.050)
        feed(policy, rows: 3, seconds: 0.060)
        // Two together: 40 rows per second, against 50 in turns.
        #expect(policy.width(decoding: 2) == 1)
        // Three together: 50 rows per second, as fast as one at a time: not worth turns.
        #expect(policy.width(decoding: 3) == 3)
    }

    /// Two rows become cheaper while one at a time is in use: a re-measurement finds it.
    @Test func theChoiceFollowsTheMachine() {
        let policy = DecodingPassWidth(mode: .adaptive, rows: 2)
        feed(policy, rows: 2, seconds: 0.050)
        feed(policy, rows: 1, seconds: 0.020)
        var widths: [Int] = []
        for _ in 0..<(3 * DecodingPassWidth.probeInterval) {
            let width = policy.width(decoding: 2)
            widths.append(width)
            policy.recordPass(rows: width, seconds: width == 1 ? 0.020 : 0.030, decodesOnly: true)
        }
        #expect(widths.first == 1)
        // From then on two together, but for a re-measurement of one at a time now and then.
        let late = widths.suffix(DecodingPassWidth.probeInterval)
        #expect(late.filter { $0 == 1 }.count <= DecodingPassWidth.probePasses, "\(widths)")
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
