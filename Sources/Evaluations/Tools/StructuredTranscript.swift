public import FoundationModels

/// A transcript sorted by kind of entry, as evaluators read it: every tool call and output, the
/// instructions' text, the prompts' text and the responses.
public struct StructuredTranscript: Sendable {
    /// Every tool call, in the order they were made.
    public var toolCalls: [Transcript.ToolCall]
    /// Every tool output, in order.
    public var toolOutputs: [Transcript.ToolOutput]
    /// The text of the instructions (several instruction entries are joined by blank lines).
    public var instructionText: String
    /// The text of each prompt, in order.
    public var prompts: [String]
    /// Every response, in order.
    public var responses: [Transcript.Response]

    /// A structured transcript with the given parts.
    public init(
        toolCalls: [Transcript.ToolCall] = [],
        toolOutputs: [Transcript.ToolOutput] = [],
        instructionText: String = "",
        prompts: [String] = [],
        responses: [Transcript.Response] = []
    ) {
        self.toolCalls = toolCalls
        self.toolOutputs = toolOutputs
        self.instructionText = instructionText
        self.prompts = prompts
        self.responses = responses
    }
}

extension Transcript {
    /// This transcript sorted by kind of entry, for evaluators.
    public var structuredTranscript: StructuredTranscript {
        var result = StructuredTranscript()
        var instructions: [String] = []
        for entry in self {
            switch entry {
            case .instructions(let entry): instructions.append(entry.segments.joinedText)
            case .prompt(let prompt): result.prompts.append(prompt.segments.joinedText)
            case .toolCalls(let calls): result.toolCalls.append(contentsOf: calls)
            case .toolOutput(let output): result.toolOutputs.append(output)
            case .response(let response): result.responses.append(response)
            default: break
            }
        }
        result.instructionText = instructions.joined(separator: "\n\n")
        return result
    }
}
