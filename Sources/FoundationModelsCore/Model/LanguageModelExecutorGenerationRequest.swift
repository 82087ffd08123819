public import Foundation

/// One request to a ``LanguageModelExecutor``: the transcript to continue and how.
public struct LanguageModelExecutorGenerationRequest: Sendable {
    /// The request's identifier.
    public var id: UUID
    /// The conversation so far, ending with the prompt (and any tool outputs) to respond to.
    public var transcript: Transcript
    /// The tools the model may call in this request.
    public var enabledToolDefinitions: [Transcript.ToolDefinition]
    /// The schema the response must follow, for guided generation.
    public var schema: GenerationSchema?
    /// Sampling, temperature, token limit and tool-calling mode.
    public var generationOptions: GenerationOptions
    /// What goes into the context (the schema, reasoning).
    public var contextOptions: ContextOptions
    /// Extra values for the executor.
    public var metadata: [String: any Sendable & Codable & Equatable]

    /// Creates a request.
    ///
    /// - Parameters:
    ///   - id: The request's identifier.
    ///   - transcript: The conversation so far.
    ///   - enabledTools: The tools the model may call.
    ///   - schema: The schema the response must follow, if any.
    ///   - generationOptions: Sampling, temperature, token limit and tool-calling mode.
    ///   - contextOptions: What goes into the context.
    ///   - metadata: Extra values for the executor.
    public init(
        id: UUID = UUID(),
        transcript: Transcript,
        enabledTools: [Transcript.ToolDefinition] = [],
        schema: GenerationSchema? = nil,
        generationOptions: GenerationOptions = GenerationOptions(),
        contextOptions: ContextOptions = ContextOptions(),
        metadata: [String: any Sendable & Codable & Equatable] = [:]
    ) {
        self.id = id
        self.transcript = transcript
        self.enabledToolDefinitions = enabledTools
        self.schema = schema
        self.generationOptions = generationOptions
        self.contextOptions = contextOptions
        self.metadata = metadata
    }
}

extension LanguageModelExecutorGenerationRequest {
    /// The metadata key listing the tools whose schema stays out of the instructions
    /// (`Tool.includesSchemaInInstructions == false`), as `[String]`.
    public static let toolsWithoutSchemaKey = "FoundationModelsLinux.toolsWithoutSchemaInInstructions"

    /// The names of the tools whose schema stays out of the instructions.
    var toolsWithoutSchema: Set<String> {
        Set(metadata[Self.toolsWithoutSchemaKey] as? [String] ?? [])
    }

    /// The metadata key listing the tools whose outputs are material to answer from, as
    /// `[String]`: an ``AttachmentReadingTool`` (the text of an image) or a ``RetrievalTool``
    /// (what a search found). Set by the session.
    public static let materialToolsKey = "FoundationModelsLinux.materialTools"

    /// The names of the tools whose outputs are material to answer from.
    var materialTools: Set<String> {
        Set(metadata[Self.materialToolsKey] as? [String] ?? [])
    }

    /// The metadata key that limits a turn that must call tools to one call, as `Bool` (set by
    /// the session for the search that a request offering only a ``RetrievalTool`` starts with).
    public static let singleToolCallKey = "FoundationModelsLinux.singleToolCall"

    /// Whether a turn that must call tools makes exactly one call.
    var makesSingleToolCall: Bool {
        metadata[Self.singleToolCallKey] as? Bool ?? false
    }
}
