import Testing
import Foundation
@testable import LlamaBackend
import TestSupport

@Suite(.requiresSmolLM2) struct EngineSmokeTests {
    @Test func greedyGenerationProducesText() async throws {
        let engine = try #require(TestModels.smolEngine)
        for (system, user) in ReferenceComparisonTests.prompts {
            let start = Date()
            let prompt = TestModels.chatML(system: system, user: user)
            let tokens = try engine.model.vocabulary.tokenize(prompt)
            var text = ""
            var reason: FinishReason?
            for try await event in engine.generate(GenerationRequest(promptTokens: tokens, sampling: .init(strategy: .greedy), maximumTokens: 48)) {
                switch event {
                case .text(let piece, _): text += piece
                case .finished(let why): reason = why
                case .prefilled: break
                }
            }
            print("OUTPUT:", text, reason as Any, Date().timeIntervalSince(start), engine.statistics())
        }
    }
}
