import Testing
@testable import LlamaBackend

@Suite(.requiresSmolLM2) struct EngineSmokeTests {
    @Test func greedyGenerationProducesText() async throws {
        let engine = try #require(TestModels.smolEngine)
        let prompt = TestModels.chatML(system: "You are a helpful assistant.", user: "What is the capital of France?")
        let tokens = try engine.model.vocabulary.tokenize(prompt)
        var text = ""
        var reason: FinishReason?
        for try await event in engine.generate(GenerationRequest(promptTokens: tokens, sampling: .init(strategy: .greedy), maximumTokens: 40)) {
            switch event {
            case .text(let piece, _): text += piece
            case .finished(let why): reason = why
            case .prefilled: break
            }
        }
        print("OUTPUT:", text, reason as Any)
        #expect(text.contains("Paris"))
    }
}
