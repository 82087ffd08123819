import ChatTemplates
import Foundation
import Testing
@testable import FoundationModelsCore
import TestSupport

/// Thinking models on the local engine: their `<think>` block becomes reasoning, `enable_thinking`
/// follows the request, and guided output never goes into a thinking block.
@Suite struct LocalReasoningTests {
    static func split(_ pieces: [String], prompt: String = "<|im_start|>assistant\n") -> [ThinkingSplitter.Part] {
        var splitter = ThinkingSplitter(prompt: prompt)
        var parts = pieces.flatMap { splitter.append($0) }
        parts += splitter.finish()
        // Merge neighbours of the same kind, as the session does.
        return parts.reduce(into: []) { merged, part in
            switch (merged.last, part) {
            case (.reasoning(let a)?, .reasoning(let b)): merged[merged.count - 1] = .reasoning(a + b)
            case (.answer(let a)?, .answer(let b)): merged[merged.count - 1] = .answer(a + b)
            default: merged.append(part)
            }
        }
    }

    @Test func aThinkingBlockIsReasoningAndTheRestTheAnswer() {
        #expect(Self.split(["<think>\nThe user", " greets.\n</think>\n\nHello!"]) == [.reasoning("\nThe user greets.\n"), .answer("Hello!")])
    }

    @Test func tagsCutAcrossPiecesAreFound() {
        #expect(Self.split(["<", "thi", "nk>a", "b</", "thi", "nk>", " c"]) == [.reasoning("ab"), .answer("c")])
    }

    @Test func aPromptThatOpensTheBlockStartsInReasoning() {
        #expect(Self.split(["Plan.</think>Answer."], prompt: "<|im_start|>assistant\n<think>\n") == [.reasoning("Plan."), .answer("Answer.")])
    }

    @Test func outputWithoutABlockIsAllAnswer() {
        #expect(Self.split(["Hello", " <think> is not a tag here"]) == [.answer("Hello <think> is not a tag here")])
        #expect(Self.split(["<", "b>bold</b>"]) == [.answer("<b>bold</b>")])
    }

    @Test func anUnclosedBlockIsAllReasoning() {
        #expect(Self.split(["<think>still thinking</th"]) == [.reasoning("still thinking</th")])
    }

    static func formatter(_ name: String) throws -> ChatFormatter {
        let url = TestModels.packageRoot.appendingPathComponent("Tests/ChatTemplatesTests/Fixtures/templates/\(name).jinja")
        return ChatFormatter(template: try ChatTemplate(source: String(contentsOf: url, encoding: .utf8), bosToken: "", eosToken: ""))
    }

    static func request(schema: GenerationSchema? = nil, level: ContextOptions.ReasoningLevel? = nil) -> LanguageModelExecutorGenerationRequest {
        LanguageModelExecutorGenerationRequest(
            transcript: Transcript(entries: [.prompt(Transcript.Prompt(segments: [.text(.init(content: "Hi"))]))]), schema: schema,
            contextOptions: ContextOptions(reasoningLevel: level))
    }

    @Test func enableThinkingFollowsTheRequest() throws {
        let qwen3 = try Self.formatter("Qwen3-0.6B")
        #expect(qwen3.thinks && qwen3.switchesThinking)
        #expect(PromptRenderer.thinking(for: Self.request(), formatter: qwen3) == nil)
        #expect(PromptRenderer.thinking(for: Self.request(level: .light), formatter: qwen3) == true)
        #expect(PromptRenderer.thinking(for: Self.request(level: .custom("off")), formatter: qwen3) == false)
        // Guided output must be the schema's JSON from its first token.
        #expect(PromptRenderer.thinking(for: Self.request(schema: Receipt.generationSchema, level: .deep), formatter: qwen3) == false)
        let rendered = try qwen3.format([.user("Hi")], tools: [], addGenerationPrompt: true, variables: ["enable_thinking": .bool(false)])
        #expect(rendered.hasSuffix("<think>\n\n</think>\n\n"))
    }

    @Test func reasoningGoesBackAsReasoningContent() throws {
        let transcript = Transcript(entries: [
            .prompt(Transcript.Prompt(segments: [.text(.init(content: "Hi"))])),
            .reasoning(Transcript.Reasoning(segments: [.text(.init(content: "Greet back."))])),
            .response(Transcript.Response(segments: [.text(.init(content: "Hello!"))]))
        ])
        let messages = TranscriptRenderer().messages(of: transcript)
        #expect(messages.count == 2)
        #expect(messages[1].extraFields["reasoning_content"] == .string("Greet back."))
    }

    @Test(.requiresSmolLM2) func smolLM2DoesNotReason() {
        #expect(!SessionFixtures.smolLM2.capabilities.contains(.reasoning))
        #expect(SessionFixtures.smolLM2.capabilities.contains(.guidedGeneration))
    }
}
