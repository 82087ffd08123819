extension LanguageModelSession {
    /// Responds to a prompt with text.
    ///
    /// - Parameters:
    ///   - prompt: The prompt.
    ///   - options: Sampling, temperature and token limit.
    /// - Returns: The response, whose `content` is the generated text.
    /// - Throws: ``GenerationError`` (for example ``GenerationError/exceededContextWindowSize(_:)``),
    ///   ``ToolCallError`` when a tool throws, or `CancellationError` when the task is cancelled,
    ///   which stops decoding within one token. The transcript is unchanged by a failed request.
    @discardableResult
    public func respond(to prompt: Prompt, options: GenerationOptions = GenerationOptions()) async throws -> Response<String> {
        try await performRequest(.text(prompt, options: options)).response()
    }

    /// Responds to a prompt given as a string with text.
    ///
    /// - Parameters:
    ///   - prompt: The prompt.
    ///   - options: Sampling, temperature and token limit.
    /// - Returns: The response, whose `content` is the generated text.
    /// - Throws: See ``respond(to:options:)-(Prompt,_)``.
    @_disfavoredOverload
    @discardableResult
    public func respond(to prompt: String, options: GenerationOptions = GenerationOptions()) async throws -> Response<String> {
        try await respond(to: Prompt(prompt), options: options)
    }

    /// Responds with text to a prompt built with a builder.
    ///
    /// - Parameters:
    ///   - options: Sampling, temperature and token limit.
    ///   - prompt: A builder of the prompt.
    /// - Returns: The response, whose `content` is the generated text.
    /// - Throws: See ``respond(to:options:)-(Prompt,_)``, and what the builder throws.
    @discardableResult
    public func respond(options: GenerationOptions = GenerationOptions(), @PromptBuilder prompt: () throws -> Prompt) async throws -> Response<String> {
        try await respond(to: try prompt(), options: options)
    }

    /// Responds to a prompt with content that follows a schema.
    ///
    /// Decoding is constrained token by token, so the content always follows the schema.
    ///
    /// - Parameters:
    ///   - prompt: The prompt.
    ///   - schema: The schema the content must follow.
    ///   - includeSchemaInPrompt: Whether to describe the schema to the model in the prompt.
    ///   - options: Sampling, temperature and token limit.
    /// - Returns: The response, whose `content` is the generated content.
    /// - Throws: See ``respond(to:options:)-(Prompt,_)``; ``GenerationError/decodingFailure(_:)`` when
    ///   the token limit ends the response before the content is complete.
    @discardableResult
    public func respond(
        to prompt: Prompt,
        schema: GenerationSchema,
        includeSchemaInPrompt: Bool = true,
        options: GenerationOptions = GenerationOptions()
    ) async throws -> Response<GeneratedContent> {
        try await performRequest(.schema(schema, prompt: prompt, includeSchemaInPrompt: includeSchemaInPrompt, options: options)).response()
    }

    /// Responds to a prompt given as a string with content that follows a schema.
    ///
    /// - Parameters:
    ///   - prompt: The prompt.
    ///   - schema: The schema the content must follow.
    ///   - includeSchemaInPrompt: Whether to describe the schema to the model in the prompt.
    ///   - options: Sampling, temperature and token limit.
    /// - Returns: The response, whose `content` is the generated content.
    /// - Throws: See ``respond(to:schema:includeSchemaInPrompt:options:)-(Prompt,_,_,_)``.
    @_disfavoredOverload
    @discardableResult
    public func respond(
        to prompt: String,
        schema: GenerationSchema,
        includeSchemaInPrompt: Bool = true,
        options: GenerationOptions = GenerationOptions()
    ) async throws -> Response<GeneratedContent> {
        try await respond(to: Prompt(prompt), schema: schema, includeSchemaInPrompt: includeSchemaInPrompt, options: options)
    }

    /// Responds to a prompt built with a builder with content that follows a schema.
    ///
    /// - Parameters:
    ///   - schema: The schema the content must follow.
    ///   - includeSchemaInPrompt: Whether to describe the schema to the model in the prompt.
    ///   - options: Sampling, temperature and token limit.
    ///   - prompt: A builder of the prompt.
    /// - Returns: The response, whose `content` is the generated content.
    /// - Throws: See ``respond(to:schema:includeSchemaInPrompt:options:)-(Prompt,_,_,_)``.
    @discardableResult
    public func respond(
        schema: GenerationSchema,
        includeSchemaInPrompt: Bool = true,
        options: GenerationOptions = GenerationOptions(),
        @PromptBuilder prompt: () throws -> Prompt
    ) async throws -> Response<GeneratedContent> {
        try await respond(to: try prompt(), schema: schema, includeSchemaInPrompt: includeSchemaInPrompt, options: options)
    }

    /// Responds to a prompt with a value of a `Generable` type.
    ///
    /// ```swift
    /// let digest = try await session.respond(to: "Analyze these notes: \(notes)", generating: NotesDigest.self).content
    /// ```
    ///
    /// - Parameters:
    ///   - prompt: The prompt.
    ///   - type: The type to generate.
    ///   - includeSchemaInPrompt: Whether to describe the type's schema to the model in the prompt.
    ///   - options: Sampling, temperature and token limit.
    /// - Returns: The response, whose `content` is the generated value.
    /// - Throws: See ``respond(to:schema:includeSchemaInPrompt:options:)-(Prompt,_,_,_)``.
    @discardableResult
    public func respond<Content: Generable>(
        to prompt: Prompt,
        generating type: Content.Type = Content.self,
        includeSchemaInPrompt: Bool = true,
        options: GenerationOptions = GenerationOptions()
    ) async throws -> Response<Content> {
        try await performRequest(.type(type, prompt: prompt, includeSchemaInPrompt: includeSchemaInPrompt, options: options)).response()
    }

    /// Responds to a prompt given as a string with a value of a `Generable` type.
    ///
    /// - Parameters:
    ///   - prompt: The prompt.
    ///   - type: The type to generate.
    ///   - includeSchemaInPrompt: Whether to describe the type's schema to the model in the prompt.
    ///   - options: Sampling, temperature and token limit.
    /// - Returns: The response, whose `content` is the generated value.
    /// - Throws: See ``respond(to:schema:includeSchemaInPrompt:options:)-(Prompt,_,_,_)``.
    @_disfavoredOverload
    @discardableResult
    public func respond<Content: Generable>(
        to prompt: String,
        generating type: Content.Type = Content.self,
        includeSchemaInPrompt: Bool = true,
        options: GenerationOptions = GenerationOptions()
    ) async throws -> Response<Content> {
        try await respond(to: Prompt(prompt), generating: type, includeSchemaInPrompt: includeSchemaInPrompt, options: options)
    }

    /// Responds to a prompt built with a builder with a value of a `Generable` type.
    ///
    /// - Parameters:
    ///   - type: The type to generate.
    ///   - includeSchemaInPrompt: Whether to describe the type's schema to the model in the prompt.
    ///   - options: Sampling, temperature and token limit.
    ///   - prompt: A builder of the prompt.
    /// - Returns: The response, whose `content` is the generated value.
    /// - Throws: See ``respond(to:schema:includeSchemaInPrompt:options:)-(Prompt,_,_,_)``.
    @discardableResult
    public func respond<Content: Generable>(
        generating type: Content.Type = Content.self,
        includeSchemaInPrompt: Bool = true,
        options: GenerationOptions = GenerationOptions(),
        @PromptBuilder prompt: () throws -> Prompt
    ) async throws -> Response<Content> {
        try await respond(to: try prompt(), generating: type, includeSchemaInPrompt: includeSchemaInPrompt, options: options)
    }
}
