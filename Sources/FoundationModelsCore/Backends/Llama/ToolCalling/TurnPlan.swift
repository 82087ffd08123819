import ConstrainedDecoding
import LlamaBackend
import JSONValues

/// What a model turn may produce, and the constraint that enforces it: a free or structured
/// answer, tool calls, or either, per the request's tools, schema and `toolCallingMode`.
struct TurnPlan {
    /// Whether the turn may call tools.
    let mayCallTools: Bool
    /// Whether the turn must call tools.
    let mustCallTools: Bool
    /// Whether a call may also take the tagless form (a bare `{"name": …, "arguments": …}`).
    private(set) var acceptsBareCall = false
    /// The constraint, or nil for unconstrained text.
    let constraint: TokenConstraintFactory?

    /// - Parameter breaksLoops: Whether guided values that repeat themselves are steered to their
    ///   end (``LocalModelSettings/breaksLoops``).
    init(request: LanguageModelExecutorGenerationRequest, model: LlamaModel, breaksLoops: Bool = true) throws {
        let tools = request.enabledToolDefinitions
        let mode = request.generationOptions.toolCallingMode ?? .allowed
        mayCallTools = Self.mayCallTools(request)
        mustCallTools = mayCallTools && mode == .required
        let vocabulary = model.vocabulary
        let grammars = model.grammars

        func compile(_ key: GrammarKey, _ make: () throws(SchemaError) -> Grammar) throws -> CompiledGrammar {
            do {
                return try grammars.grammar(for: key, make: make)
            } catch {
                let name = request.schema?.rootTypeName
                throw LanguageModelSession.GenerationError.unsupportedGuide(
                    .init(
                        debugDescription: "The schema\(name.map { " of \($0)" } ?? "") cannot be enforced while decoding: \(error)",
                        details: .schemaName(name)))
            }
        }

        // An imported JSON Schema is enforced as written, all of it: a document the decoder
        // cannot compile is refused (never enforced through a weaker reading of it). The decoder
        // takes the document as a value; its compact text is only the cache key. The import
        // compiled it already to check it: that grammar is the one prepared for the model.
        let schema: (key: String, grammar: () throws(SchemaError) -> Grammar)? = request.schema.map { schema in
            let document = schema.decoderDocument
            let key = document.jsonText()
            if let checked = schema.checkedGrammar, checked.key == key { return (key, { checked.grammar }) }
            return (key, { () throws(SchemaError) in try .jsonSchema(document) })
        }
        switch (mayCallTools, schema) {
        case (false, nil) where !tools.isEmpty:
            // Tools are turned off (`.disallowed`): the text may not take the tool-call form.
            // Tagless openings (`{`, a code fence) are ruled out too: with tools in sight, small
            // models write calls that way.
            constraint = {
                TriggeredConstraint(
                    forms: [.init(trigger: ToolCallSyntax.openTag, grammar: nil)],
                    vocabulary: vocabulary, excludedStarts: ToolCallSyntax.taglessCallOpenings.union([UInt8(ascii: "{")]))
            }
        case (false, nil):
            constraint = nil
        case (false, let schema?):
            let grammar = try compile(.jsonSchema(schema.key, layout: .canonical), schema.grammar)
            constraint = { GrammarConstraint(grammar: grammar, vocabulary: vocabulary, breaksLoops: breaksLoops) }
        case (true, _) where mustCallTools && request.makesSingleToolCall:
            let grammar = try compile(.oneToolCall(ToolCallSyntax.signatures(of: tools))) { () throws(SchemaError) in
                try ToolCallSyntax.grammar(for: tools, maximumCalls: 1)
            }
            constraint = { GrammarConstraint(grammar: grammar, vocabulary: vocabulary, breaksLoops: breaksLoops) }
        case (true, _) where mustCallTools:
            let grammar = try compile(.toolCalls(ToolCallSyntax.signatures(of: tools))) { () throws(SchemaError) in
                try ToolCallSyntax.grammar(for: tools)
            }
            constraint = { GrammarConstraint(grammar: grammar, vocabulary: vocabulary, breaksLoops: breaksLoops) }
        case (true, nil):
            let grammar = try compile(.toolCalls(ToolCallSyntax.signatures(of: tools))) { () throws(SchemaError) in
                try ToolCallSyntax.grammar(for: tools)
            }
            let bare = try compile(.bareToolCall(ToolCallSyntax.signatures(of: tools))) { () throws(SchemaError) in
                try ToolCallSyntax.bareGrammar(for: tools)
            }
            // Small models often call without the tag: a text answer that opens with `{` is such a
            // call, kept valid by the grammar; one opening with a code fence is not allowed.
            acceptsBareCall = true
            constraint = {
                TriggeredConstraint(
                    forms: [.init(trigger: ToolCallSyntax.openTag, grammar: grammar), .init(trigger: "{", grammar: bare)],
                    vocabulary: vocabulary, excludedStarts: ToolCallSyntax.taglessCallOpenings)
            }
        case (true, let schema?):
            let grammar = try compile(.toolCallsOrAnswer(ToolCallSyntax.signatures(of: tools), answerSchema: schema.key)) { () throws(SchemaError) in
                .choice([try ToolCallSyntax.grammar(for: tools), try schema.grammar()])
            }
            constraint = { GrammarConstraint(grammar: grammar, vocabulary: vocabulary, breaksLoops: breaksLoops) }
        }
    }
}

extension TurnPlan {
    /// Whether a request's turn may call tools: it has tools, they are not turned off, and a
    /// `.required` request has not called them yet (once their outputs follow the prompt, the
    /// next turn answers with them, so a request always ends).
    static func mayCallTools(_ request: LanguageModelExecutorGenerationRequest) -> Bool {
        let mode = request.generationOptions.toolCallingMode ?? .allowed
        let calledAlready = request.transcript.hasToolOutputAfterLastPrompt
        return !request.enabledToolDefinitions.isEmpty && mode != .disallowed && !(mode == .required && calledAlready)
    }

    /// Whether a request's turn answers with tool outputs it may not add to: its tool calls are
    /// folded into its prompt (``TranscriptRenderer/foldsAnsweredToolCalls``).
    static func answersToolOutputs(_ request: LanguageModelExecutorGenerationRequest) -> Bool {
        !mayCallTools(request) && request.transcript.hasToolOutputAfterLastPrompt
    }
}

extension Transcript {
    /// Whether tool outputs follow the last prompt (the model already called tools this request).
    package var hasToolOutputAfterLastPrompt: Bool {
        guard let last = lastIndex(where: { if case .prompt = $0 { true } else { false } }) else { return false }
        return self[(last + 1)...].contains { if case .toolOutput = $0 { true } else { false } }
    }
}
