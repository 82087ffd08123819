import ChatTemplates
import Testing

/// `renderContinuingFinalMessage`, transformers' `continue_final_message=True` (the fixtures cover
/// real templates; these cover the edges).
@Suite struct ChatTemplateContinuationTests {
    static let chatML = """
        {% for m in messages %}<|im_start|>{{ m.role }}
        {{ m.content }}<|im_end|>
        {% endfor %}{% if add_generation_prompt %}<|im_start|>assistant
        {% endif %}
        """

    @Test func promptStopsWhereTheFinalContentEnds() throws {
        let template = try ChatTemplate(source: Self.chatML)
        let prompt = try template.renderContinuingFinalMessage(messages: [.user("JSON please"), .assistant("{\"a\": ")])
        #expect(prompt == "<|im_start|>user\nJSON please<|im_end|>\n<|im_start|>assistant\n{\"a\": ")
    }

    @Test func trimmedContentTrimsThePrompt() throws {
        let template = try ChatTemplate(source: "{% for m in messages %}[{{ m.content | trim }}]{% endfor %}")
        #expect(try template.renderContinuingFinalMessage(messages: [.assistant("text  \n")]) == "[text")
    }

    @Test func finalMessageWithoutContentIsAnError() throws {
        let template = try ChatTemplate(source: Self.chatML)
        let call = ChatMessage.ToolCall(name: "f", arguments: [:])
        #expect(throws: TemplateError.self) {
            try template.renderContinuingFinalMessage(messages: [.user("u"), .assistant(nil, toolCalls: [call])])
        }
        #expect(throws: TemplateError.self) { try template.renderContinuingFinalMessage(messages: []) }
    }

    @Test func templateThatDropsTheFinalMessageIsAnError() throws {
        let template = try ChatTemplate(source: "{% for m in messages if m.role == 'user' %}{{ m.content }}{% endfor %}")
        #expect(throws: TemplateError.self) {
            try template.renderContinuingFinalMessage(messages: [.user("u"), .assistant("partial")])
        }
    }
}
