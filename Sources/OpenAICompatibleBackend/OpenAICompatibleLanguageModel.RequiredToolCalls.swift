extension OpenAICompatibleLanguageModel {
    /// How a round that must call a tool (`toolCallingMode` `.required`) asks the server for the call.
    ///
    /// OpenAI's API takes `tool_choice: "required"` and holds the model to a call. llama.cpp's
    /// `llama-server` (0.3.36) does not: with a response schema in the same request it builds its
    /// grammar from the schema alone, and without one its tool grammar still lets the model write
    /// text instead of the call (measured with Qwen2.5-Coder: the seed's tagging and sign-reading
    /// flows never called their tool, and `askMyNotes` wrote its search as text). With
    /// ``responseFormat`` the call itself is the response's JSON schema, which every server that
    /// takes `response_format` enforces token by token.
    public enum RequiredToolCalls: String, Sendable, Hashable, CaseIterable {
        /// `tool_choice: "required"`, with the request's response schema beside it: for servers that
        /// enforce it (OpenAI's API, vLLM).
        case toolChoice
        /// `tool_choice: "required"`, and as `response_format` a JSON schema of one call of one of
        /// the round's tools (`{"name": …, "arguments": {…}}`, the arguments by that tool's
        /// schema); a call that comes back as text in that form becomes the round's tool call.
        /// For llama.cpp's `llama-server`.
        case responseFormat
    }
}
