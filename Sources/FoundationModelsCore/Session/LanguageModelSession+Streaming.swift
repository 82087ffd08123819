extension LanguageModelSession {
    /// Streams a text response to a prompt; each snapshot holds the whole text so far.
    ///
    /// - Parameters:
    ///   - prompt: The prompt.
    ///   - options: Sampling, temperature and token limit.
    /// - Returns: The stream of snapshots; generation starts when iteration starts.
    public func streamResponse(to prompt: Prompt, options: GenerationOptions = GenerationOptions()) -> sending ResponseStream<String> {
        ResponseStream(session: self, specification: .text(prompt, options: options))
    }

    /// Streams a text response to a prompt given as a string.
    ///
    /// - Parameters:
    ///   - prompt: The prompt.
    ///   - options: Sampling, temperature and token limit.
    /// - Returns: The stream of snapshots; generation starts when iteration starts.
    @_disfavoredOverload
    public func streamResponse(to prompt: String, options: GenerationOptions = GenerationOptions()) -> sending ResponseStream<String> {
        streamResponse(to: Prompt(prompt), options: options)
    }

    /// Streams a text response to a prompt built with a builder.
    ///
    /// - Parameters:
    ///   - options: Sampling, temperature and token limit.
    ///   - prompt: A builder of the prompt.
    /// - Returns: The stream of snapshots; generation starts when iteration starts.
    /// - Throws: Rethrows what the builder throws.
    public func streamResponse(options: GenerationOptions = GenerationOptions(), @PromptBuilder prompt: () throws -> Prompt) rethrows -> sending ResponseStream<String> {
        streamResponse(to: try prompt(), options: options)
    }

    /// Streams content that follows a schema; each snapshot holds the content so far.
    ///
    /// - Parameters:
    ///   - prompt: The prompt.
    ///   - schema: The schema the content must follow.
    ///   - includeSchemaInPrompt: Whether to describe the schema to the model in the prompt.
    ///   - options: Sampling, temperature and token limit.
    /// - Returns: The stream of snapshots; generation starts when iteration starts.
    public func streamResponse(
        to prompt: Prompt,
        schema: GenerationSchema,
        includeSchemaInPrompt: Bool = true,
        options: GenerationOptions = GenerationOptions()
    ) -> sending ResponseStream<GeneratedContent> {
        ResponseStream(session: self, specification: .schema(schema, prompt: prompt, includeSchemaInPrompt: includeSchemaInPrompt, options: options))
    }

    /// Streams content that follows a schema, for a prompt given as a string.
    ///
    /// - Parameters:
    ///   - prompt: The prompt.
    ///   - schema: The schema the content must follow.
    ///   - includeSchemaInPrompt: Whether to describe the schema to the model in the prompt.
    ///   - options: Sampling, temperature and token limit.
    /// - Returns: The stream of snapshots; generation starts when iteration starts.
    @_disfavoredOverload
    public func streamResponse(
        to prompt: String,
        schema: GenerationSchema,
        includeSchemaInPrompt: Bool = true,
        options: GenerationOptions = GenerationOptions()
    ) -> sending ResponseStream<GeneratedContent> {
        streamResponse(to: Prompt(prompt), schema: schema, includeSchemaInPrompt: includeSchemaInPrompt, options: options)
    }

    /// Streams content that follows a schema, for a prompt built with a builder.
    ///
    /// - Parameters:
    ///   - schema: The schema the content must follow.
    ///   - includeSchemaInPrompt: Whether to describe the schema to the model in the prompt.
    ///   - options: Sampling, temperature and token limit.
    ///   - prompt: A builder of the prompt.
    /// - Returns: The stream of snapshots; generation starts when iteration starts.
    /// - Throws: Rethrows what the builder throws.
    public func streamResponse(
        schema: GenerationSchema,
        includeSchemaInPrompt: Bool = true,
        options: GenerationOptions = GenerationOptions(),
        @PromptBuilder prompt: () throws -> Prompt
    ) rethrows -> sending ResponseStream<GeneratedContent> {
        streamResponse(to: try prompt(), schema: schema, includeSchemaInPrompt: includeSchemaInPrompt, options: options)
    }

    /// Streams a value of a `Generable` type; each snapshot holds a partially generated value.
    ///
    /// - Parameters:
    ///   - prompt: The prompt.
    ///   - type: The type to generate.
    ///   - includeSchemaInPrompt: Whether to describe the type's schema to the model in the prompt.
    ///   - options: Sampling, temperature and token limit.
    /// - Returns: The stream of snapshots; generation starts when iteration starts.
    public func streamResponse<Content: Generable>(
        to prompt: Prompt,
        generating type: Content.Type = Content.self,
        includeSchemaInPrompt: Bool = true,
        options: GenerationOptions = GenerationOptions()
    ) -> sending ResponseStream<Content> {
        ResponseStream(session: self, specification: .type(type, prompt: prompt, includeSchemaInPrompt: includeSchemaInPrompt, options: options))
    }

    /// Streams a value of a `Generable` type, for a prompt given as a string.
    ///
    /// - Parameters:
    ///   - prompt: The prompt.
    ///   - type: The type to generate.
    ///   - includeSchemaInPrompt: Whether to describe the type's schema to the model in the prompt.
    ///   - options: Sampling, temperature and token limit.
    /// - Returns: The stream of snapshots; generation starts when iteration starts.
    @_disfavoredOverload
    public func streamResponse<Content: Generable>(
        to prompt: String,
        generating type: Content.Type = Content.self,
        includeSchemaInPrompt: Bool = true,
        options: GenerationOptions = GenerationOptions()
    ) -> sending ResponseStream<Content> {
        streamResponse(to: Prompt(prompt), generating: type, includeSchemaInPrompt: includeSchemaInPrompt, options: options)
    }

    /// Streams a value of a `Generable` type, for a prompt built with a builder.
    ///
    /// - Parameters:
    ///   - type: The type to generate.
    ///   - includeSchemaInPrompt: Whether to describe the type's schema to the model in the prompt.
    ///   - options: Sampling, temperature and token limit.
    ///   - prompt: A builder of the prompt.
    /// - Returns: The stream of snapshots; generation starts when iteration starts.
    /// - Throws: Rethrows what the builder throws.
    public func streamResponse<Content: Generable>(
        generating type: Content.Type = Content.self,
        includeSchemaInPrompt: Bool = true,
        options: GenerationOptions = GenerationOptions(),
        @PromptBuilder prompt: () throws -> Prompt
    ) rethrows -> sending ResponseStream<Content> {
        streamResponse(to: try prompt(), generating: type, includeSchemaInPrompt: includeSchemaInPrompt, options: options)
    }
}
