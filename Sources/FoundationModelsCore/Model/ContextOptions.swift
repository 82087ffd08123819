/// Options about what goes into the model's context for a request (OS 27).
public struct ContextOptions: Sendable, Equatable {
    /// How much the model may reason before answering.
    public enum ReasoningLevel: Sendable, Equatable, Hashable {
        /// Brief reasoning.
        case light
        /// Some reasoning.
        case moderate
        /// Extensive reasoning.
        case deep
        /// A model-specific level.
        case custom(String)
    }

    /// Whether the response schema is written into the prompt; `nil` means true.
    public var includeSchemaInPrompt: Bool?
    /// How much the model may reason; `nil` for the model's default.
    public var reasoningLevel: ReasoningLevel?

    /// Creates context options.
    ///
    /// - Parameters:
    ///   - includeSchemaInPrompt: Whether the response schema is written into the prompt.
    ///   - reasoningLevel: How much the model may reason.
    public init(includeSchemaInPrompt: Bool? = nil, reasoningLevel: ReasoningLevel? = nil) {
        self.includeSchemaInPrompt = includeSchemaInPrompt
        self.reasoningLevel = reasoningLevel
    }
}
