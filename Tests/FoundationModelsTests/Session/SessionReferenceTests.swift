import Testing
import FoundationModels
import TestSupport

/// A session's greedy answer equals llama.cpp's own: its server formats the same conversation with
/// its own Jinja implementation of the model's template and generates greedily.
@Suite(.requiresSmolLM2, .serialized) struct SessionReferenceTests {
    static let conversations: [(instructions: String?, prompt: String)] = [
        ("You are a concise meeting assistant.", "Summarize: Sara to finalize pricing by Friday. Youssef fixes the login bug."),
        (nil, "What is the capital of France?"),
        ("Answer in one short sentence.", "Why is the sky blue? Use \"quotes\" and a backslash \\ in your answer.")
    ]

    @Test func greedyAnswersMatchLlamaServer() async throws {
        let server = try await ReferenceServer(modelPath: TestModels.smolLM2Path)
        defer { server.stop() }
        for (instructions, prompt) in Self.conversations {
            var messages: [(role: String, content: String)] = []
            if let instructions { messages.append(("system", instructions)) }
            messages.append(("user", prompt))
            let reference = try await server.greedyChat(messages: messages, maximumTokens: 40)
            let model = SessionFixtures.isolatedSmolLM2(5)
            let session = LanguageModelSession(model: model, instructions: instructions)
            let ours = try await SessionFixtures.freshRespond(
                session, model: model, to: prompt,
                options: GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 40))
            #expect(ours.content == reference, "prompt: \(prompt)")
        }
    }
}
