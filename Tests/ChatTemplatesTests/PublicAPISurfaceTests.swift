import ChatTemplates
import Foundation
import Testing

/// Pins the public API without `@testable`: what the lead engineer's code calls compiles, and the
/// types it passes across tasks are `Sendable`.
@Suite struct PublicAPISurfaceTests {
    private func requireSendable<T: Sendable>(_: T.Type) {}

    @Test func publicTypesAreSendable() {
        requireSendable(ChatTemplate.self)
        requireSendable(ChatMessage.self)
        requireSendable(ChatMessage.ToolCall.self)
        requireSendable(ChatMessage.Role.self)
        requireSendable(JinjaTemplate.self)
        requireSendable(JinjaTemplate.Options.self)
        requireSendable(TemplateValue.self)
        requireSendable(TemplateDictionary.self)
        requireSendable(TemplateError.self)
        requireSendable(TemplateLocation.self)
        requireSendable(ToolCallFormat.self)
    }

    @Test func chatTemplateEndToEnd() async throws {
        let source = """
            {%- for message in messages %}<|{{ message.role }}|>{{ message.content }}
            {% endfor %}{% if add_generation_prompt %}<|assistant|>{% endif %}
            """
        let template = try ChatTemplate(source: source, bosToken: "<s>", eosToken: "</s>")
        // A parsed template crosses task boundaries and renders concurrently.
        let outputs = try await withThrowingTaskGroup(of: String.self) { group in
            for index in 0..<4 {
                group.addTask { try template.render(messages: [.user("hi \(index)")]) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(Set(outputs) == Set((0..<4).map { "<|user|>hi \($0)\n<|assistant|>" }))
        #expect(template.source == source)
        #expect(template.bosToken == "<s>")
        #expect(template.eosToken == "</s>")
        #expect(!template.supportsTools)
        #expect(template.template.references(variable: "messages"))
    }

    @Test func toolDefinitionsFromJSONText() throws {
        let tool = try TemplateValue(jsonText: #"{"type": "function", "function": {"name": "get_weather", "parameters": {"type": "object"}}}"#)
        let template = try ChatTemplate(source: "{% for tool in tools %}{{ tool.function | tojson }}{% endfor %}")
        #expect(try template.render(messages: [], tools: [tool]) == #"{"name": "get_weather", "parameters": {"type": "object"}}"#)
    }

    @Test func strftimeNowUsesTheGivenMoment() throws {
        let template = try ChatTemplate(source: "{{ strftime_now('%d %b %Y') }}")
        #expect(try template.render(messages: [], now: Fixtures.now) == "26 Jul 2024")
    }

    @Test func messageValuesRenderContentLists() throws {
        let template = try ChatTemplate(source: "{% for m in messages %}{% for part in m.content %}{{ part.text }}{% endfor %}{% endfor %}")
        let message: TemplateValue = ["role": "user", "content": [["type": "text", "text": "a"], ["type": "text", "text": "b"]]]
        #expect(try template.render(messageValues: [message], tools: nil, addGenerationPrompt: false) == "ab")
    }
}
