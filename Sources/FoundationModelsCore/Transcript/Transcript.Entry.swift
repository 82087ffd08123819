extension Transcript {
    /// One exchange in a transcript.
    public enum Entry: Sendable, Identifiable, Equatable, CustomStringConvertible {
        /// The instructions that start a session, with the tools it offers.
        case instructions(Transcript.Instructions)
        /// A prompt from the user or app.
        case prompt(Transcript.Prompt)
        /// Tool calls the model made.
        case toolCalls(Transcript.ToolCalls)
        /// The output of one tool call.
        case toolOutput(Transcript.ToolOutput)
        /// The model's response.
        case response(Transcript.Response)
        /// The model's reasoning before it responded (OS 27).
        case reasoning(Transcript.Reasoning)

        /// The entry's identifier.
        public var id: String {
            switch self {
            case .instructions(let entry): entry.id
            case .prompt(let entry): entry.id
            case .toolCalls(let entry): entry.id
            case .toolOutput(let entry): entry.id
            case .response(let entry): entry.id
            case .reasoning(let entry): entry.id
            }
        }

        /// A readable rendering of the entry.
        public var description: String {
            switch self {
            case .instructions(let entry): entry.description
            case .prompt(let entry): entry.description
            case .toolCalls(let entry): entry.description
            case .toolOutput(let entry): entry.description
            case .response(let entry): entry.description
            case .reasoning(let entry): entry.description
            }
        }
    }
}

extension Transcript.Entry {
    /// The entry's content segments (tool calls have none).
    var segments: [Transcript.Segment] {
        switch self {
        case .instructions(let entry): entry.segments
        case .prompt(let entry): entry.segments
        case .toolCalls: []
        case .toolOutput(let entry): entry.segments
        case .response(let entry): entry.segments
        case .reasoning(let entry): entry.segments
        }
    }
}
