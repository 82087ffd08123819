/// What a finished request produced, before it is turned into a typed response.
struct RequestOutcome: Sendable {
    /// The entries the request added, prompt first.
    var entries: [Transcript.Entry]
    /// The response's content as generated.
    var rawContent: GeneratedContent
    /// The tokens used.
    var usage: LanguageModelSession.Usage

    /// The typed response.
    func response<Content: Generable>(as type: Content.Type = Content.self) throws -> LanguageModelSession.Response<Content> {
        let content: Content
        do {
            content = try Content(rawContent)
        } catch {
            throw LanguageModelSession.GenerationError.decodingFailure(
                .init(
                    debugDescription: "The generated content could not be converted to \(Content.self): \(error)"))
        }
        return LanguageModelSession.Response(
            content: content, rawContent: rawContent, transcriptEntries: ArraySlice(entries), usage: usage)
    }
}

/// How far a request has come, for streaming snapshots.
struct RequestProgress: Sendable {
    /// The response text generated so far (text or JSON).
    var text: String
    /// The entries the request added before the response: the prompt, tool calls and outputs.
    var entries: [Transcript.Entry]
    /// The identifier the response entry will have.
    var responseID: String
    /// The tokens used so far.
    var usage: LanguageModelSession.Usage
}

/// What a request is asked to produce.
struct RequestSpecification: Sendable {
    var prompt: Prompt
    var schema: GenerationSchema?
    var responseFormat: Transcript.ResponseFormat?
    var options: GenerationOptions
    /// What goes into the context: the schema description, the reasoning level (OS 27).
    var contextOptions = ContextOptions()
    /// Details the app attached to the request (OS 27): recorded in the prompt entry and passed
    /// to the executor.
    var metadata: [String: any Sendable & Codable & Equatable] = [:]

    /// Whether the schema is described in the prompt (true unless the request says otherwise).
    var includeSchemaInPrompt: Bool { contextOptions.includeSchemaInPrompt ?? true }

    /// A text request.
    static func text(
        _ prompt: Prompt, options: GenerationOptions, contextOptions: ContextOptions = ContextOptions(),
        metadata: [String: any Sendable & Codable & Equatable] = [:]
    ) -> RequestSpecification {
        RequestSpecification(prompt: prompt, schema: nil, responseFormat: nil, options: options, contextOptions: contextOptions, metadata: metadata)
    }

    /// A request for content following a schema.
    static func schema(_ schema: GenerationSchema, prompt: Prompt, includeSchemaInPrompt: Bool, options: GenerationOptions) -> RequestSpecification {
        .schema(schema, prompt: prompt, options: options, contextOptions: ContextOptions(includeSchemaInPrompt: includeSchemaInPrompt))
    }

    /// A request for content following a schema, with OS 27's context options and metadata.
    static func schema(
        _ schema: GenerationSchema, prompt: Prompt, options: GenerationOptions, contextOptions: ContextOptions,
        metadata: [String: any Sendable & Codable & Equatable] = [:]
    ) -> RequestSpecification {
        RequestSpecification(
            prompt: prompt, schema: schema, responseFormat: Transcript.ResponseFormat(schema: schema), options: options,
            contextOptions: contextOptions, metadata: metadata)
    }

    /// A request for a value of a `Generable` type (text when the type is `String`).
    static func type<Content: Generable>(_ type: Content.Type, prompt: Prompt, includeSchemaInPrompt: Bool, options: GenerationOptions) -> RequestSpecification {
        .type(type, prompt: prompt, options: options, contextOptions: ContextOptions(includeSchemaInPrompt: includeSchemaInPrompt))
    }

    /// A request for a value of a `Generable` type, with OS 27's context options and metadata.
    static func type<Content: Generable>(
        _ type: Content.Type, prompt: Prompt, options: GenerationOptions, contextOptions: ContextOptions,
        metadata: [String: any Sendable & Codable & Equatable] = [:]
    ) -> RequestSpecification {
        if Content.self == String.self { return .text(prompt, options: options, contextOptions: contextOptions, metadata: metadata) }
        return RequestSpecification(
            prompt: prompt, schema: Content.generationSchema, responseFormat: Transcript.ResponseFormat(type: Content.self), options: options,
            contextOptions: contextOptions, metadata: metadata)
    }
}
