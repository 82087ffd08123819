extension GenerationOptions {
    /// Whether the model may call tools while it responds (OS 27).
    ///
    /// The mode is enforced while decoding: with ``required`` the model's first turn can only be
    /// tool calls and the turn after their outputs is the answer; with ``disallowed`` no tool call
    /// can be produced at all; with ``allowed`` the model chooses at every turn.
    public struct ToolCallingMode: Sendable, Equatable, Hashable {
        /// The kinds of tool-calling behaviour.
        public enum Kind: Sendable, Equatable, Hashable {
            /// The model decides whether to call a tool.
            case allowed
            /// The model must call a tool before it answers.
            case required
            /// The model must answer without calling tools.
            case disallowed
        }

        /// The behaviour.
        public var kind: Kind

        init(kind: Kind) {
            self.kind = kind
        }

        /// The model decides whether to call a tool (the default).
        public static let allowed = ToolCallingMode(kind: .allowed)
        /// The model must call tools first, then answers with their outputs.
        public static let required = ToolCallingMode(kind: .required)
        /// The model must answer without calling tools.
        public static let disallowed = ToolCallingMode(kind: .disallowed)
    }
}
