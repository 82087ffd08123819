import LlamaBackend

/// Formats chat messages into the model's prompt text, as its chat template does.
struct ChatFormatter: Sendable {
    /// The model's template source, if it has one.
    let template: String?

    init(model: LlamaModel) {
        self.template = model.chatTemplate
    }

    /// The prompt text for the messages, ending with the assistant's turn when `addGenerationPrompt`.
    func format(_ messages: [ChatMessage], tools: [Transcript.ToolDefinition], addGenerationPrompt: Bool) throws -> String {
        // ChatML, the format of SmolLM2, Qwen2.5 and most instruction-tuned models.
        var text = ""
        for message in messages {
            text += "<|im_start|>\(message.role)\n\(message.content)<|im_end|>\n"
        }
        if addGenerationPrompt { text += "<|im_start|>assistant\n" }
        return text
    }
}
