public import FoundationModels

/// What a language-model sample gives the model: a prompt, optional instructions and an optional
/// schema for a structured answer.
public struct ModelSampleInput: CustomStringConvertible, Sendable {
    /// The prompt.
    public var prompt: Prompt
    /// The instructions, if the sample has its own.
    public var instructions: Instructions?
    /// The schema of a structured answer, if the sample asks for one.
    public var generationSchema: GenerationSchema?

    /// The prompt's text (structured values as JSON).
    public var promptDescription: String { prompt.transcriptSegments.joinedText }

    /// The instructions' text, if any.
    public var instructionsDescription: String? { instructions?.transcriptSegments.joinedText }

    /// The prompt's text: what the results' `Input` column shows.
    public var description: String { promptDescription }

    /// An input with a prompt and, optionally, instructions and a schema.
    public init(prompt: Prompt, instructions: Instructions? = nil, generationSchema: GenerationSchema? = nil) {
        self.prompt = prompt
        self.instructions = instructions
        self.generationSchema = generationSchema
    }
}

extension ModelSampleInput: Codable {
    private enum CodingKeys: String, CodingKey {
        case prompt, instructions, generationSchema
    }

    /// Writes `{"prompt": text, "instructions": text?, "generationSchema": schema?}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(promptDescription, forKey: .prompt)
        try container.encodeIfPresent(instructionsDescription, forKey: .instructions)
        try container.encodeIfPresent(generationSchema, forKey: .generationSchema)
    }

    /// Reads what ``encode(to:)`` writes.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            prompt: Prompt(try container.decode(String.self, forKey: .prompt)),
            instructions: try container.decodeIfPresent(String.self, forKey: .instructions).map { Instructions($0) },
            generationSchema: try container.decodeIfPresent(GenerationSchema.self, forKey: .generationSchema)
        )
    }
}
