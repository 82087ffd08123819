import ChatTemplates
import Testing

/// Generation prompts, assistant-turn endings and tool-call formats found by probing real templates.
@Suite struct ChatTemplateProbingTests {
    struct Expectation: Sendable, CustomTestStringConvertible {
        var template: String
        var generationPrompt: String?
        var assistantSuffix: String?
        var supportsTools: Bool
        var testDescription: String { template }
    }

    static let expectations: [Expectation] = [
        Expectation(template: "SmolLM2-135M-Instruct", generationPrompt: "<|im_start|>assistant\n", assistantSuffix: "<|im_end|>\n", supportsTools: false),
        Expectation(template: "Qwen2.5-Coder-0.5B-Instruct", generationPrompt: "<|im_start|>assistant\n", assistantSuffix: "<|im_end|>\n", supportsTools: true),
        Expectation(template: "Qwen3-0.6B", generationPrompt: "<|im_start|>assistant\n", assistantSuffix: "<|im_end|>\n", supportsTools: true),
        Expectation(template: "Hermes-2-Pro-Llama-3-8B-tool_use", generationPrompt: "<|im_start|>assistant\n", assistantSuffix: "<|im_end|>\n", supportsTools: true),
        Expectation(template: "Llama-3.1-8B-Instruct", generationPrompt: "<|start_header_id|>assistant<|end_header_id|>\n\n", assistantSuffix: "<|eot_id|>", supportsTools: true),
        Expectation(template: "gemma-2-2b-it", generationPrompt: "<start_of_turn>model\n", assistantSuffix: "<end_of_turn>\n", supportsTools: false),
        Expectation(template: "gemma-3-it", generationPrompt: "<start_of_turn>model\n", assistantSuffix: "<end_of_turn>\n", supportsTools: false),
        Expectation(template: "Mistral-Nemo-Instruct-2407", generationPrompt: nil, assistantSuffix: "</s>", supportsTools: true),
        Expectation(template: "Mixtral-8x7B-Instruct-v0.1", generationPrompt: nil, assistantSuffix: "</s>", supportsTools: false),
        Expectation(template: "Phi-3.5-mini-instruct", generationPrompt: "<|assistant|>\n", assistantSuffix: "<|end|>\n", supportsTools: false),
        Expectation(template: "phi-4", generationPrompt: "<|im_start|>assistant<|im_sep|>", assistantSuffix: "<|im_end|>", supportsTools: false),
        Expectation(template: "DeepSeek-R1-Distill-Qwen-32B", generationPrompt: "<｜Assistant｜><think>\n</think>", assistantSuffix: "<｜end▁of▁sentence｜>", supportsTools: false),
        Expectation(template: "granite-3.3-2b-instruct", generationPrompt: "<|start_of_role|>assistant<|end_of_role|>", assistantSuffix: "<|end_of_text|>\n", supportsTools: true)
    ]

    @Test(arguments: expectations)
    func probesFindTheTurnStructure(_ expectation: Expectation) throws {
        let template = try Fixtures.template(named: expectation.template)
        #expect(template.generationPrompt() == expectation.generationPrompt)
        #expect(template.assistantMessageSuffix() == expectation.assistantSuffix)
        #expect(template.supportsTools == expectation.supportsTools)
    }

    @Test(arguments: ["Qwen2.5-Coder-0.5B-Instruct", "Qwen3-0.6B", "Hermes-2-Pro-Llama-3-8B-tool_use"])
    func hermesStyleToolCalls(_ name: String) throws {
        let format = try #require(try Fixtures.template(named: name).toolCallFormat())
        #expect(format.isHermesStyle)
        #expect(format.prefix.hasSuffix("<tool_call>\n"))
        #expect(format.suffix == "\n</tool_call>")
        #expect(format.nameKey == "name")
        #expect(format.argumentsKey == "arguments")
    }

    @Test func llamaToolCallsAreBareJSONWithParameters() throws {
        let format = try #require(try Fixtures.template(named: "Llama-3.1-8B-Instruct").toolCallFormat())
        #expect(!format.isHermesStyle)
        #expect(format.prefix.isEmpty)
        #expect(format.suffix.isEmpty)
        #expect(format.argumentsKey == "parameters")
    }

    @Test func mistralToolCallsAreAJSONList() throws {
        let format = try #require(try Fixtures.template(named: "Mistral-Nemo-Instruct-2407").toolCallFormat())
        #expect(format.prefix == "[TOOL_CALLS][")
        #expect(format.suffix == "]")
        #expect(format.nameKey == "name")
        #expect(format.argumentsKey == "arguments")
    }

    @Test func templatesWithoutToolSupportHaveNoToolCallFormat() throws {
        #expect(try Fixtures.template(named: "SmolLM2-135M-Instruct").toolCallFormat() == nil)
        #expect(try Fixtures.template(named: "gemma-3-it").toolCallFormat() == nil)
    }

    @Test func extraContextReachesTheProbes() throws {
        let template = try Fixtures.template(named: "Qwen3-0.6B")
        #expect(template.generationPrompt(extraContext: ["enable_thinking": false]) == "<|im_start|>assistant\n<think>\n\n</think>\n\n")
    }
}
