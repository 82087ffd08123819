import ConstrainedDecoding
import Foundation
import Testing
@testable import LlamaBackend
import TestSupport

/// Prompt lookup drafts, without a model.
@Suite struct PromptLookupTests {
    let settings = SpeculationSettings(maximumDraft: 8, minimumMatch: 2, maximumMatch: 4)

    @Test func theTokensAfterTheLatestEarlierOccurrenceAreDrafted() {
        // "1 2" occurs at 0 (followed by 3 4) and at 5 (followed by 9 8); the latest wins.
        let history: [TokenID] = [1, 2, 3, 4, 0, 1, 2, 9, 8, 7, 1, 2]
        #expect(PromptLookup.draft(history: history, limit: 3, settings: settings) == [9, 8, 7])
    }

    @Test func longerMatchesAreTriedFirst() {
        // "5 1 2" recurs only at the start, so its continuation wins over the later "1 2".
        let history: [TokenID] = [5, 1, 2, 30, 31, 6, 1, 2, 40, 41, 5, 1, 2]
        #expect(PromptLookup.draft(history: history, limit: 2, settings: settings) == [30, 31])
    }

    @Test func theDraftStopsAtTheLimitAndAtTheEndOfHistory() {
        let history: [TokenID] = [1, 2, 3, 4, 5, 6, 7, 1, 2]
        #expect(PromptLookup.draft(history: history, limit: 2, settings: settings) == [3, 4])
        #expect(PromptLookup.draft(history: history, limit: 100, settings: settings) == [3, 4, 5, 6, 7, 1, 2])
        #expect(PromptLookup.draft(history: history, limit: 0, settings: settings).isEmpty)
    }

    @Test func nothingIsDraftedWithoutARecurringNGram() {
        #expect(PromptLookup.draft(history: [1, 2, 3, 4, 5, 6], limit: 4, settings: settings).isEmpty)
        // A single recurring token is below the minimum match of 2.
        #expect(PromptLookup.draft(history: [7, 1, 2, 7], limit: 4, settings: settings).isEmpty)
        #expect(PromptLookup.draft(history: [7, 1, 2, 7], limit: 4, settings: SpeculationSettings(maximumDraft: 4, minimumMatch: 1)) == [1, 2, 7])
        #expect(PromptLookup.draft(history: [], limit: 4, settings: settings).isEmpty)
    }

    @Test func aRunOfOneTokenDraftsItsContinuation() {
        #expect(PromptLookup.draft(history: [9, 9, 9, 9], limit: 4, settings: settings) == [9])
    }
}

/// Speculative decoding on the real SmolLM2 model: the same tokens as decoding one per pass.
@Suite(.requiresSmolLM2, .serialized) struct SpeculationTests {
    /// One engine without speculation and one with, on the same model.
    static let engines: (plain: InferenceEngine, speculative: InferenceEngine)? = {
        guard let model = try? TestModels.smolLM2() else { return nil }
        var configuration = ContextConfiguration(tokensPerSequence: 1024, sequences: 4, threads: TestModels.threads)
        guard let plain = try? InferenceEngine(model: model, configuration: configuration) else { return nil }
        configuration.speculation = SpeculationSettings(maximumDraft: 8)
        guard let speculative = try? InferenceEngine(model: model, configuration: configuration) else { return nil }
        return (plain, speculative)
    }()

    func engines() throws -> (plain: InferenceEngine, speculative: InferenceEngine) { try #require(Self.engines) }

    /// A text with spans the answer copies.
    static let notes = """
        Weekly sync, product team. Sara to finalize pricing by Friday. Youssef needs to fix the login bug \
        before the release. Lina will share the new onboarding mockups next week.
        """

    func prompt(_ user: String) throws -> [TokenID] {
        try engines().plain.model.vocabulary.tokenize(TestModels.chatML(system: "You are a helpful assistant.", user: user))
    }

    func run(_ request: GenerationRequest, on engine: InferenceEngine) async throws -> (tokens: [TokenID], text: String, reason: FinishReason?) {
        var tokens: [TokenID] = []
        var text = ""
        var reason: FinishReason?
        for try await event in engine.generate(request) {
            switch event {
            case .text(let piece, let produced):
                tokens += produced
                text += piece
            case .finished(let why): reason = why
            case .prefilled: break
            }
        }
        return (tokens, text, reason)
    }

    /// Runs the request on both engines and checks they agree; returns the speculative engine's
    /// drafted and accepted token counts for the run.
    func compare(_ request: GenerationRequest) async throws -> (drafted: Int, accepted: Int, tokens: Int) {
        let (plain, speculative) = try engines()
        await plain.discardIdleCaches()
        await speculative.discardIdleCaches()
        let expected = try await run(request, on: plain)
        let before = speculative.statistics()
        let actual = try await run(request, on: speculative)
        let after = speculative.statistics()
        #expect(actual.tokens == expected.tokens, "speculative: \(actual.text)\nplain: \(expected.text)")
        #expect(actual.text == expected.text)
        #expect(actual.reason == expected.reason)
        return (after.draftedTokens - before.draftedTokens, after.acceptedDraftTokens - before.acceptedDraftTokens, actual.tokens.count)
    }

    @Test func greedyOutputIsIdenticalAndDraftsAreAccepted() async throws {
        let request = GenerationRequest(
            promptTokens: try prompt("Copy these notes word for word:\n\(Self.notes)"), sampling: .init(strategy: .greedy), maximumTokens: 80)
        let counts = try await compare(request)
        // The answer copies the notes, so drafts were made and some held: this test exercised
        // verification, not only the plain path.
        #expect(counts.drafted > 0)
        #expect(counts.accepted > 0, "\(counts)")
    }

    @Test func seededSamplingIsIdentical() async throws {
        for seed: UInt64 in [1, 7, 42] {
            let request = GenerationRequest(
                promptTokens: try prompt("Repeat the notes, then list who does what:\n\(Self.notes)"),
                sampling: .init(strategy: .standard, temperature: 0.8, seed: seed), maximumTokens: 60)
            let counts = try await compare(request)
            #expect(counts.drafted > 0)
        }
    }

    @Test func guidedOutputIsIdentical() async throws {
        let vocabulary = try engines().plain.model.vocabulary
        let grammars = ModelGrammars(vocabulary: vocabulary)
        let grammar = try grammars.grammar(
            forJSONSchema:
                #"{"type": "object", "properties": {"items": {"type": "array", "items": {"type": "object", "properties": {"owner": {"type": "string"}, "task": {"type": "string"}}, "required": ["owner", "task"]}}}, "required": ["items"]}"#
        )
        let request = GenerationRequest(
            promptTokens: try prompt("List each person's task from these notes as JSON:\n\(Self.notes)"), sampling: .init(strategy: .greedy),
            maximumTokens: 120, constraint: { GrammarConstraint(grammar: grammar, vocabulary: vocabulary) })
        let counts = try await compare(request)
        #expect(counts.accepted > 0, "\(counts)")
    }

    @Test func theTokenLimitHoldsExactly() async throws {
        for limit in [1, 5, 13] {
            let request = GenerationRequest(
                promptTokens: try prompt("Copy these notes word for word:\n\(Self.notes)"), sampling: .init(strategy: .greedy), maximumTokens: limit)
            let counts = try await compare(request)
            #expect(counts.tokens == limit)
        }
    }

    @Test func concurrentGenerationsEachGetTheirOutput() async throws {
        let (plain, speculative) = try engines()
        let requests = try [
            "Copy these notes word for word:\n\(Self.notes)", "What is 2 + 2?", "Who fixes the login bug? Quote the notes:\n\(Self.notes)",
            "Say hello in French."
        ].map { GenerationRequest(promptTokens: try prompt($0), sampling: .init(strategy: .greedy), maximumTokens: 40) }
        var expected: [[TokenID]] = []
        for request in requests { expected.append(try await run(request, on: plain).tokens) }
        await speculative.discardIdleCaches()
        let before = speculative.statistics().acceptedDraftTokens
        let together = try await withThrowingTaskGroup(of: (Int, [TokenID]).self) { group in
            for (index, request) in requests.enumerated() {
                group.addTask { (index, try await run(request, on: speculative).tokens) }
            }
            var results = [[TokenID]](repeating: [], count: requests.count)
            for try await (index, tokens) in group { results[index] = tokens }
            return results
        }
        // Each answer is its solo answer (as without speculation, these prompts have no near tie
        // that a batch's other rounding would flip), and drafts held while batched together.
        #expect(together == expected)
        #expect(speculative.statistics().acceptedDraftTokens > before)
    }

    @Test func aFullContextFailsAtTheSameTokenAsWithoutSpeculation() async throws {
        let model = try TestModels.smolLM2()
        var configuration = ContextConfiguration(tokensPerSequence: 96, sequences: 1, threads: TestModels.threads)
        let plain = try InferenceEngine(model: model, configuration: configuration)
        configuration.speculation = SpeculationSettings(maximumDraft: 8)
        let speculative = try InferenceEngine(model: model, configuration: configuration)
        let request = GenerationRequest(promptTokens: try prompt("Count from 1 to 1000, separated by commas."), sampling: .init(strategy: .greedy), maximumTokens: 500)
        var outcomes: [(tokens: Int, error: LlamaError?)] = []
        for engine in [plain, speculative] {
            var produced = 0
            var failure: LlamaError?
            do {
                for try await event in engine.generate(request) {
                    if case .text(_, let tokens) = event { produced += tokens.count }
                }
            } catch let error as LlamaError {
                failure = error
            }
            outcomes.append((produced, failure))
        }
        #expect(outcomes[0].error == .contextOverflow(tokenCount: 97, contextLength: 96))
        #expect(outcomes[1].tokens == outcomes[0].tokens)
        #expect(outcomes[1].error == outcomes[0].error)
        #expect(speculative.statistics().draftedTokens > 0)
    }
}
