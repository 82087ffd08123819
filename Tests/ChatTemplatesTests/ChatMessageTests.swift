import ChatTemplates
import Testing

/// The dictionaries templates receive for messages and tool calls.
@Suite struct ChatMessageTests {
    @Test func messageFieldsAppearInTransformersOrderAndNilFieldsAreLeftOut() throws {
        let call = ChatMessage.ToolCall(id: "call_1", name: "get_weather", arguments: ["city": "Paris"])
        let assistant = ChatMessage.assistant(nil, toolCalls: [call])
        #expect(
            try assistant.templateValue.jsonText()
                == #"{"role": "assistant", "tool_calls": [{"id": "call_1", "type": "function", "function": {"name": "get_weather", "arguments": {"city": "Paris"}}}]}"#
        )
        let tool = ChatMessage.tool("21", toolCallID: "call_1", name: "get_weather")
        #expect(try tool.templateValue.jsonText() == #"{"role": "tool", "content": "21", "name": "get_weather", "tool_call_id": "call_1"}"#)
        #expect(try ChatMessage.user("hi").templateValue.jsonText() == #"{"role": "user", "content": "hi"}"#)
    }

    @Test func toolCallWithoutIDHasNoIDKey() throws {
        let call = ChatMessage.ToolCall(name: "f", arguments: [:])
        #expect(try call.templateValue.jsonText() == #"{"type": "function", "function": {"name": "f", "arguments": {}}}"#)
    }

    @Test func extraFieldsFollowTheStandardOnesAndNoneIsDropped() throws {
        let message = ChatMessage(
            role: .assistant, content: "answer", extraFields: ["reasoning_content": "because", "skipped": nil])
        #expect(try message.templateValue.jsonText() == #"{"role": "assistant", "content": "answer", "reasoning_content": "because"}"#)
    }

    @Test func rolesAreOpenEnded() {
        let role: ChatMessage.Role = "developer"
        #expect(role.rawValue == "developer")
        #expect(ChatMessage.Role.assistant.rawValue == "assistant")
    }

    @Test func templateSeesMissingContentAsUndefined() throws {
        let template = try ChatTemplate(
            source: "{% for m in messages %}[{{ m.content is defined }}|{{ m.tool_calls is defined }}]{% endfor %}")
        let call = ChatMessage.ToolCall(name: "f", arguments: [:])
        let output = try template.render(messages: [.user("u"), .assistant(nil, toolCalls: [call])], addGenerationPrompt: false)
        #expect(output == "[True|False][False|True]")
    }

    @Test func contextHasTransformersVariables() throws {
        let template = try ChatTemplate(
            source: "{{ bos_token }}|{{ eos_token }}|{{ tools }}|{{ documents }}|{{ add_generation_prompt }}|{{ custom }}",
            bosToken: "<s>", eosToken: "</s>")
        #expect(try template.render(messages: [], addGenerationPrompt: true, extraContext: ["custom": 1]) == "<s>|</s>|None|None|True|1")
        #expect(try template.render(messages: [], tools: [], addGenerationPrompt: false) == "<s>|</s>|[]|None|False|")
        #expect(try template.render(messages: [], extraContext: ["bos_token": "override"]).hasPrefix("override|"))
    }
}
