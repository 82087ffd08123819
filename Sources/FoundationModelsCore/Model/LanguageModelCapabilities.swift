/// What a language model can do.
public struct LanguageModelCapabilities: Sendable {
    /// One capability.
    public struct Capability: Sendable, Hashable {
        let name: String

        /// The model understands images.
        public static var vision: Capability { Capability(name: "vision") }
        /// The model can generate output constrained to a schema.
        public static var guidedGeneration: Capability { Capability(name: "guidedGeneration") }
        /// The model can reason before it answers.
        public static var reasoning: Capability { Capability(name: "reasoning") }
        /// The model can call tools.
        public static var toolCalling: Capability { Capability(name: "toolCalling") }
    }

    let capabilities: Set<Capability>

    /// Creates a set of capabilities.
    ///
    /// - Parameter capabilities: The capabilities.
    public init(_ capabilities: [Capability]) {
        self.capabilities = Set(capabilities)
    }

    /// Creates a set of capabilities.
    ///
    /// - Parameter capabilities: The capabilities.
    @available(*, deprecated, renamed: "init(_:)")
    public init(capabilities: [Capability]) {
        self.init(capabilities)
    }

    /// Whether the model has a capability.
    ///
    /// - Parameter capability: The capability.
    /// - Returns: True when the model has it.
    public func contains(_ capability: Capability) -> Bool {
        capabilities.contains(capability)
    }
}
