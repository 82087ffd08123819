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
    var includeSchemaInPrompt: Bool
    var options: GenerationOptions

    /// A text request.
    static func text(_ prompt: Prompt, options: GenerationOptions) -> RequestSpecification {
        RequestSpecification(prompt: prompt, schema: nil, responseFormat: nil, includeSchemaInPrompt: true, options: options)
    }

    /// A request for content following a schema.
    static func schema(_ schema: GenerationSchema, prompt: Prompt, includeSchemaInPrompt: Bool, options: GenerationOptions) -> RequestSpecification {
        RequestSpecification(
            prompt: prompt, schema: schema, responseFormat: Transcript.ResponseFormat(schema: schema),
            includeSchemaInPrompt: includeSchemaInPrompt, options: options)
    }

    /// A request for a value of a `Generable` type (text when the type is `String`).
    static func type<Content: Generable>(_ type: Content.Type, prompt: Prompt, includeSchemaInPrompt: Bool, options: GenerationOptions) -> RequestSpecification {
        if Content.self == String.self { return .text(prompt, options: options) }
        return RequestSpecification(
            prompt: prompt, schema: Content.generationSchema, responseFormat: Transcript.ResponseFormat(type: Content.self),
            includeSchemaInPrompt: includeSchemaInPrompt, options: options)
    }
}
