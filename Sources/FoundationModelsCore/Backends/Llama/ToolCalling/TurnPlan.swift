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
        mayCallTools = request.mayCallTools
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

extension LanguageModelExecutorGenerationRequest {
    /// Whether the request's turn may call tools: it has tools, they are not turned off, and a
    /// `.required` request has not called them yet (once their outputs follow the prompt, the
    /// next turn answers with them, so a request always ends).
    package var mayCallTools: Bool {
        let mode = generationOptions.toolCallingMode ?? .allowed
        let calledAlready = transcript.hasToolOutputAfterLastPrompt
        return !enabledToolDefinitions.isEmpty && mode != .disallowed && !(mode == .required && calledAlready)
    }

    /// Whether the request's turn answers with tool outputs it may not add to.
    package var answersToolOutputs: Bool {
        !mayCallTools && transcript.hasToolOutputAfterLastPrompt
    }

    /// Whether the request's turn answers with tool outputs folded into its prompt
    /// (``TranscriptRenderer/foldsAnsweredToolCalls``, and on servers that fold them, the
    /// OpenAI-compatible backend's answer rounds): an answer round in free text, whatever the
    /// tools (a small model that sees its own call there writes it again), or a guided one whose
    /// outputs are all material to answer from (the text of a sign, search results). A guided
    /// answer after a lookup keeps the call and its output in the template's roles: folded, the
    /// seed's tagging flow reused a fitting existing tag in 9 of 20 answers, unfolded in 18
    /// (`Docs/Evolution/0017-answer-rounds.md`).
    package var foldsToolOutputs: Bool {
        guard answersToolOutputs else { return false }
        guard schema != nil else { return true }
        let material = materialTools
        return transcript.toolOutputsAfterLastPrompt.allSatisfy { material.contains($0.toolName) }
    }
}
