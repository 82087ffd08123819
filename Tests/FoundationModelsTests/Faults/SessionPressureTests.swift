import Foundation
import Testing
@testable import FoundationModelsCore
import TestSupport

/// Many more sessions than the model has slots, all asking at once: each waits for a slot and
/// answers; none fails, and the sessions' transcripts stay their own.
@Suite(.requiresSmolLM2) struct SessionPressureTests {
    @Test func sixtyFourSessionsOnTwoSlotsAllAnswer() async throws {
        let model = LlamaLanguageModel(path: TestModels.smolLM2Path, contextSize: 512, concurrentSessions: 2)
        let options = GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 4)
        let answers = try await withThrowingTaskGroup(of: (Int, Int).self) { group in
            for index in 0..<64 {
                group.addTask {
                    let session = LanguageModelSession(model: model, instructions: "Answer briefly.")
                    let response = try await session.respond(to: "Say the number \(index).", options: options)
                    #expect(!response.content.isEmpty)
                    return (index, session.transcript.count)
                }
            }
            var collected: [Int: Int] = [:]
            for try await (index, entries) in group { collected[index] = entries }
            return collected
        }
        #expect(answers.count == 64)
        // Instructions, prompt, response: nothing of another session's exchange.
        #expect(Set(answers.values) == [3])
    }
}
