extension LanguageModelSession {
    /// Creates a session with instructions given as a string.
    ///
    /// - Parameters:
    ///   - model: The model; the system model by default.
    ///   - tools: The tools the model may call.
    ///   - instructions: What the model should do, for the whole session.
    @_disfavoredOverload
    public convenience init(model: SystemLanguageModel = .default, tools: [any Tool] = [], instructions: String? = nil) {
        self.init(model: model, tools: tools, instructions: instructions.map { Instructions($0) })
    }

    /// Creates a session with instructions from a builder.
    ///
    /// - Parameters:
    ///   - model: The model; the system model by default.
    ///   - tools: The tools the model may call.
    ///   - instructions: A builder of the instructions.
    /// - Throws: Rethrows what the builder throws.
    public convenience init(
        model: SystemLanguageModel = .default,
        tools: [any Tool] = [],
        @InstructionsBuilder instructions: () throws -> Instructions
    ) rethrows {
        self.init(model: model, tools: tools, instructions: try instructions())
    }

    /// Creates a session with instructions.
    ///
    /// - Parameters:
    ///   - model: The model; the system model by default.
    ///   - tools: The tools the model may call.
    ///   - instructions: What the model should do, for the whole session.
    public convenience init(model: SystemLanguageModel = .default, tools: [any Tool] = [], instructions: Instructions? = nil) {
        self.init(anyModel: model, tools: tools, instructions: instructions)
    }

    /// Creates a session that continues a transcript.
    ///
    /// - Parameters:
    ///   - model: The model; the system model by default.
    ///   - tools: The tools the model may call.
    ///   - transcript: The conversation to continue.
    public convenience init(model: SystemLanguageModel = .default, tools: [any Tool] = [], transcript: Transcript) {
        self.init(anyModel: model, tools: tools, transcript: transcript)
    }

    /// Creates a session on any language model, with instructions given as a string (OS 27).
    ///
    /// - Parameters:
    ///   - model: The model, such as a ``LlamaLanguageModel``.
    ///   - tools: The tools the model may call.
    ///   - instructions: What the model should do, for the whole session.
    @_disfavoredOverload
    public convenience init(model: some LanguageModel, tools: [any Tool] = [], instructions: String? = nil) {
        self.init(anyModel: model, tools: tools, instructions: instructions.map { Instructions($0) })
    }

    /// Creates a session on any language model, with instructions (OS 27).
    ///
    /// - Parameters:
    ///   - model: The model, such as a ``LlamaLanguageModel``.
    ///   - tools: The tools the model may call.
    ///   - instructions: What the model should do, for the whole session.
    public convenience init(model: some LanguageModel, tools: [any Tool] = [], instructions: Instructions? = nil) {
        self.init(anyModel: model, tools: tools, instructions: instructions)
    }

    /// Creates a session on any language model, with instructions from a builder (OS 27).
    ///
    /// - Parameters:
    ///   - model: The model, such as a ``LlamaLanguageModel``.
    ///   - tools: The tools the model may call.
    ///   - instructions: A builder of the instructions.
    /// - Throws: Rethrows what the builder throws.
    public convenience init(
        model: some LanguageModel,
        tools: [any Tool] = [],
        @InstructionsBuilder instructions: () throws -> Instructions
    ) rethrows {
        self.init(anyModel: model, tools: tools, instructions: try instructions())
    }

    /// Creates a session on any language model that continues a transcript (OS 27).
    ///
    /// - Parameters:
    ///   - model: The model, such as a ``LlamaLanguageModel``.
    ///   - tools: The tools the model may call.
    ///   - transcript: The conversation to continue.
    public convenience init(model: some LanguageModel, tools: [any Tool] = [], transcript: Transcript) {
        self.init(anyModel: model, tools: tools, transcript: transcript)
    }

    convenience init<Model: LanguageModel>(anyModel model: Model, tools: [any Tool], instructions: Instructions?) {
        var entries: [Transcript.Entry] = []
        if instructions != nil || !tools.isEmpty {
            entries.append(
                .instructions(
                    Transcript.Instructions(
                        segments: instructions?.transcriptSegments ?? [],
                        toolDefinitions: tools.map { Transcript.ToolDefinition(tool: $0) })))
        }
        self.init(anyModel: model, tools: tools, transcript: Transcript(entries: entries))
    }

    convenience init<Model: LanguageModel>(anyModel model: Model, tools: [any Tool], transcript: Transcript) {
        self.init(transcript: transcript, tools: tools) {
            try ExecutorBackend(model: model)
        }
    }
}

extension Instructions {
    /// The instructions as transcript segments (the Evaluations module reads them too).
    package var transcriptSegments: [Transcript.Segment] {
        segments.map(\.transcriptSegment)
    }
}

extension Prompt {
    /// The prompt as transcript segments (the Evaluations module reads them too).
    package var transcriptSegments: [Transcript.Segment] {
        segments.map(\.transcriptSegment)
    }
}

extension ContentSegment {
    /// The segment as a transcript segment.
    var transcriptSegment: Transcript.Segment {
        switch self {
        case .text(let text): .text(Transcript.TextSegment(content: text))
        case .structure(let source, let content): .structure(Transcript.StructuredSegment(schemaName: source, content: content))
        case .attachment(let segment): .attachment(segment)
        }
    }
}
