/// How an answer round puts tool outputs to the model, in both renderers (the local
/// `TranscriptRenderer` and the OpenAI-compatible request): the outputs after the last prompt are
/// written into that prompt, and the calls and outputs after it are left out
/// (`Docs/Evolution/0017-answer-rounds.md`).
extension Transcript {
    /// The index of the last prompt, if there is one.
    package var lastPromptIndex: Int? {
        lastIndex { if case .prompt = $0 { true } else { false } }
    }

    /// The tool outputs after the last prompt, in order (none without a prompt).
    package var toolOutputsAfterLastPrompt: [Transcript.ToolOutput] {
        guard let last = lastPromptIndex else { return [] }
        return self[(last + 1)...].compactMap { entry in
            if case .toolOutput(let output) = entry { return output }
            return nil
        }
    }

    /// Whether tool outputs follow the last prompt (the model already called tools this request).
    package var hasToolOutputAfterLastPrompt: Bool {
        !toolOutputsAfterLastPrompt.isEmpty
    }

    /// Whether the entry at `index` is left out of a rendering whose answer round folds
    /// `foldedOutputs` into the last prompt: the tool calls, outputs and reasoning after that
    /// prompt. Nothing is left out when no outputs are folded.
    package func isLeftOutWhenFolding(_ foldedOutputs: [Transcript.ToolOutput], at index: Int) -> Bool {
        guard !foldedOutputs.isEmpty, let last = lastPromptIndex, index > last else { return false }
        switch self[index] {
        case .toolCalls, .toolOutput, .reasoning: return true
        default: return false
        }
    }

    /// A prompt's text with tool outputs folded in before it, each in `<tool_response>` tags.
    package static func folding(_ outputs: [Transcript.ToolOutput], into prompt: String) -> String {
        guard !outputs.isEmpty else { return prompt }
        let blocks = outputs.map { "<tool_response>\n" + $0.segments.joinedText + "\n</tool_response>" }
        return blocks.joined(separator: "\n") + "\n\n" + prompt
    }
}
