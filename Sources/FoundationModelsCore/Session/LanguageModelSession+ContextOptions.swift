extension LanguageModelSession {
    // OS 27's request forms: `contextOptions` (schema in prompt, reasoning level) and `metadata`
    // per request. They behave as the OS 26 forms otherwise; see ``respond(to:options:)-(Prompt,_)``.
    /// Responds to a prompt with text, with context options and metadata (OS 27).
    ///
    /// - Throws: See ``respond(to:options:)-(Prompt,_)``; ``LanguageModelError/unsupportedCapability(_:)``
    ///   when the request needs a capability the model lacks (a reasoning level, an image).
    @discardableResult
    public func respond(
        to prompt: Prompt,
        options: GenerationOptions = GenerationOptions(),
        contextOptions: ContextOptions = ContextOptions(),
        metadata: [String: any Sendable & Codable & Equatable] = [:]
    ) async throws -> Response<String> {
        try await performRequest(.text(prompt, options: options, contextOptions: contextOptions, metadata: metadata)).response()
    }

    /// Responds to a prompt given as a string with text, with context options and metadata (OS 27).
    ///
    /// - Throws: See ``respond(to:options:)-(Prompt,_)``; ``LanguageModelError/unsupportedCapability(_:)``
    ///   when the request needs a capability the model lacks (a reasoning level, an image).
    @_disfavoredOverload
    @discardableResult
    public func respond(
        to prompt: String,
        options: GenerationOptions = GenerationOptions(),
        contextOptions: ContextOptions = ContextOptions(),
        metadata: [String: any Sendable & Codable & Equatable] = [:]
    ) async throws -> Response<String> {
        try await respond(to: Prompt(prompt), options: options, contextOptions: contextOptions, metadata: metadata)
    }

    /// Responds with text to a prompt built with a builder, with context options and metadata (OS 27).
    ///
    /// - Throws: See ``respond(to:options:)-(Prompt,_)``; ``LanguageModelError/unsupportedCapability(_:)``
    ///   when the request needs a capability the model lacks (a reasoning level, an image).
    @discardableResult
    public func respond(
        options: GenerationOptions = GenerationOptions(),
        contextOptions: ContextOptions = ContextOptions(),
        metadata: [String: any Sendable & Codable & Equatable] = [:],
        @PromptBuilder prompt: () throws -> Prompt
    ) async throws -> Response<String> {
        try await respond(to: try prompt(), options: options, contextOptions: contextOptions, metadata: metadata)
    }

    /// Responds to a prompt with content that follows a schema, with context options and metadata (OS 27).
    ///
    /// - Throws: See ``respond(to:options:)-(Prompt,_)``; ``LanguageModelError/unsupportedCapability(_:)``
    ///   when the request needs a capability the model lacks (a reasoning level, an image).
    @_disfavoredOverload
    @discardableResult
    public func respond(
        to prompt: Prompt,
        schema: GenerationSchema,
        options: GenerationOptions = GenerationOptions(),
        contextOptions: ContextOptions = ContextOptions(includeSchemaInPrompt: true),
        metadata: [String: any Sendable & Codable & Equatable] = [:]
    ) async throws -> Response<GeneratedContent> {
        try await performRequest(.schema(schema, prompt: prompt, options: options, contextOptions: contextOptions, metadata: metadata)).response()
    }

    /// Responds to a prompt given as a string with content that follows a schema (OS 27 form).
    ///
    /// - Throws: See ``respond(to:options:)-(Prompt,_)``; ``LanguageModelError/unsupportedCapability(_:)``
    ///   when the request needs a capability the model lacks (a reasoning level, an image).
    @_disfavoredOverload
    @discardableResult
    public func respond(
        to prompt: String,
        schema: GenerationSchema,
        options: GenerationOptions = GenerationOptions(),
        contextOptions: ContextOptions = ContextOptions(includeSchemaInPrompt: true),
        metadata: [String: any Sendable & Codable & Equatable] = [:]
    ) async throws -> Response<GeneratedContent> {
        try await respond(to: Prompt(prompt), schema: schema, options: options, contextOptions: contextOptions, metadata: metadata)
    }

    /// Responds to a prompt built with a builder with content that follows a schema (OS 27 form).
    ///
    /// - Throws: See ``respond(to:options:)-(Prompt,_)``; ``LanguageModelError/unsupportedCapability(_:)``
    ///   when the request needs a capability the model lacks (a reasoning level, an image).
    @_disfavoredOverload
    @discardableResult
    public func respond(
        schema: GenerationSchema,
        options: GenerationOptions = GenerationOptions(),
        contextOptions: ContextOptions = ContextOptions(includeSchemaInPrompt: true),
        metadata: [String: any Sendable & Codable & Equatable] = [:],
        @PromptBuilder prompt: () throws -> Prompt
    ) async throws -> Response<GeneratedContent> {
        try await respond(to: try prompt(), schema: schema, options: options, contextOptions: contextOptions, metadata: metadata)
    }

    /// Responds to a prompt with a value of a `Generable` type, with context options and metadata (OS 27).
    ///
    /// - Throws: See ``respond(to:options:)-(Prompt,_)``; ``LanguageModelError/unsupportedCapability(_:)``
    ///   when the request needs a capability the model lacks (a reasoning level, an image).
    @discardableResult
    public func respond<Content: Generable>(
        to prompt: Prompt,
        generating type: Content.Type = Content.self,
        options: GenerationOptions = GenerationOptions(),
        contextOptions: ContextOptions = ContextOptions(includeSchemaInPrompt: true),
        metadata: [String: any Sendable & Codable & Equatable] = [:]
    ) async throws -> Response<Content> {
        try await performRequest(.type(type, prompt: prompt, options: options, contextOptions: contextOptions, metadata: metadata)).response()
    }

    /// Responds to a prompt given as a string with a value of a `Generable` type (OS 27 form).
    ///
    /// - Throws: See ``respond(to:options:)-(Prompt,_)``; ``LanguageModelError/unsupportedCapability(_:)``
    ///   when the request needs a capability the model lacks (a reasoning level, an image).
    @_disfavoredOverload
    @discardableResult
    public func respond<Content: Generable>(
        to prompt: String,
        generating type: Content.Type = Content.self,
        options: GenerationOptions = GenerationOptions(),
        contextOptions: ContextOptions = ContextOptions(includeSchemaInPrompt: true),
        metadata: [String: any Sendable & Codable & Equatable] = [:]
    ) async throws -> Response<Content> {
        try await respond(to: Prompt(prompt), generating: type, options: options, contextOptions: contextOptions, metadata: metadata)
    }

    /// Responds to a prompt built with a builder with a value of a `Generable` type (OS 27 form).
    ///
    /// - Throws: See ``respond(to:options:)-(Prompt,_)``; ``LanguageModelError/unsupportedCapability(_:)``
    ///   when the request needs a capability the model lacks (a reasoning level, an image).
    @discardableResult
    public func respond<Content: Generable>(
        generating type: Content.Type = Content.self,
        options: GenerationOptions = GenerationOptions(),
        contextOptions: ContextOptions = ContextOptions(includeSchemaInPrompt: true),
        metadata: [String: any Sendable & Codable & Equatable] = [:],
        @PromptBuilder prompt: () throws -> Prompt
    ) async throws -> Response<Content> {
        try await respond(to: try prompt(), generating: type, options: options, contextOptions: contextOptions, metadata: metadata)
    }

    /// Streams a text response, with context options and metadata (OS 27).
    public func streamResponse(
        to prompt: Prompt,
        options: GenerationOptions = GenerationOptions(),
        contextOptions: ContextOptions = ContextOptions(),
        metadata: [String: any Sendable & Codable & Equatable] = [:]
    ) -> sending ResponseStream<String> {
        ResponseStream(session: self, specification: .text(prompt, options: options, contextOptions: contextOptions, metadata: metadata))
    }

    /// Streams a text response to a prompt given as a string (OS 27 form).
    @_disfavoredOverload
    public func streamResponse(
        to prompt: String,
        options: GenerationOptions = GenerationOptions(),
        contextOptions: ContextOptions = ContextOptions(),
        metadata: [String: any Sendable & Codable & Equatable] = [:]
    ) -> sending ResponseStream<String> {
        streamResponse(to: Prompt(prompt), options: options, contextOptions: contextOptions, metadata: metadata)
    }

    /// Streams a text response to a prompt built with a builder (OS 27 form).
    public func streamResponse(
        options: GenerationOptions = GenerationOptions(),
        contextOptions: ContextOptions = ContextOptions(),
        metadata: [String: any Sendable & Codable & Equatable] = [:],
        @PromptBuilder prompt: () throws -> Prompt
    ) rethrows -> sending ResponseStream<String> {
        streamResponse(to: try prompt(), options: options, contextOptions: contextOptions, metadata: metadata)
    }

    /// Streams content that follows a schema, with context options and metadata (OS 27).
    @_disfavoredOverload
    public func streamResponse(
        to prompt: Prompt,
        schema: GenerationSchema,
        options: GenerationOptions = GenerationOptions(),
        contextOptions: ContextOptions = ContextOptions(includeSchemaInPrompt: true),
        metadata: [String: any Sendable & Codable & Equatable] = [:]
    ) -> sending ResponseStream<GeneratedContent> {
        ResponseStream(session: self, specification: .schema(schema, prompt: prompt, options: options, contextOptions: contextOptions, metadata: metadata))
    }

    /// Streams content that follows a schema, for a prompt given as a string (OS 27 form).
    @_disfavoredOverload
    public func streamResponse(
        to prompt: String,
        schema: GenerationSchema,
        options: GenerationOptions = GenerationOptions(),
        contextOptions: ContextOptions = ContextOptions(includeSchemaInPrompt: true),
        metadata: [String: any Sendable & Codable & Equatable] = [:]
    ) -> sending ResponseStream<GeneratedContent> {
        streamResponse(to: Prompt(prompt), schema: schema, options: options, contextOptions: contextOptions, metadata: metadata)
    }

    /// Streams content that follows a schema, for a prompt built with a builder (OS 27 form).
    @_disfavoredOverload
    public func streamResponse(
        schema: GenerationSchema,
        options: GenerationOptions = GenerationOptions(),
        contextOptions: ContextOptions = ContextOptions(includeSchemaInPrompt: true),
        metadata: [String: any Sendable & Codable & Equatable] = [:],
        @PromptBuilder prompt: () throws -> Prompt
    ) rethrows -> sending ResponseStream<GeneratedContent> {
        streamResponse(to: try prompt(), schema: schema, options: options, contextOptions: contextOptions, metadata: metadata)
    }

    /// Streams a value of a `Generable` type, with context options and metadata (OS 27).
    public func streamResponse<Content: Generable>(
        to prompt: Prompt,
        generating type: Content.Type = Content.self,
        options: GenerationOptions = GenerationOptions(),
        contextOptions: ContextOptions = ContextOptions(includeSchemaInPrompt: true),
        metadata: [String: any Sendable & Codable & Equatable] = [:]
    ) -> sending ResponseStream<Content> {
        ResponseStream(session: self, specification: .type(type, prompt: prompt, options: options, contextOptions: contextOptions, metadata: metadata))
    }

    /// Streams a value of a `Generable` type, for a prompt given as a string (OS 27 form).
    @_disfavoredOverload
    public func streamResponse<Content: Generable>(
        to prompt: String,
        generating type: Content.Type = Content.self,
        options: GenerationOptions = GenerationOptions(),
        contextOptions: ContextOptions = ContextOptions(includeSchemaInPrompt: true),
        metadata: [String: any Sendable & Codable & Equatable] = [:]
    ) -> sending ResponseStream<Content> {
        streamResponse(to: Prompt(prompt), generating: type, options: options, contextOptions: contextOptions, metadata: metadata)
    }

    /// Streams a value of a `Generable` type, for a prompt built with a builder (OS 27 form).
    public func streamResponse<Content: Generable>(
        generating type: Content.Type = Content.self,
        options: GenerationOptions = GenerationOptions(),
        contextOptions: ContextOptions = ContextOptions(includeSchemaInPrompt: true),
        metadata: [String: any Sendable & Codable & Equatable] = [:],
        @PromptBuilder prompt: () throws -> Prompt
    ) rethrows -> sending ResponseStream<Content> {
        streamResponse(to: try prompt(), generating: type, options: options, contextOptions: contextOptions, metadata: metadata)
    }
}
