import Synchronization
import Foundation
import RequestExecution

extension LanguageModelSession {
    /// The most rounds of tool calls in one request before it fails.
    static let maximumToolRounds = 8

    /// Runs one request to completion: the model's turns, with tool calls run in between.
    ///
    /// - Parameter onProgress: Called with the response text generated so far (text or JSON),
    ///   the entries added before it and the tokens used so far.
    /// - Returns: The entries to add and the response's raw content. The caller commits them.
    /// - Throws: What generating throws, and ``LanguageModelSession/Error/transcriptMutationWhileResponding``
    ///   when the transcript was set meanwhile (the response is then not recorded).
    func performRequest(
        _ specification: RequestSpecification,
        onProgress: (RequestProgress) -> Void = { _ in }
    ) async throws -> RequestOutcome {
        try beginResponding()
        // Traced only while someone observes traces: otherwise this is one atomic load.
        let recorder = RequestTracing.isEnabled ? TraceRecorder(sessionID: traceSessionID) : nil
        // The request's own work runs on the package's executor, so it goes on while the caller's
        // code holds every thread of the cooperative pool (see `RequestExecutor`).
        return try await withTaskExecutorPreference(RequestExecutor.shared) {
            // Tools (and later profiles) read this session's values through `SessionProperty`.
            try await SessionPropertyValues.$current.withValue(properties) {
                try await TraceRecorder.$current.withValue(recorder) {
                    try await perform(specification, onProgress: onProgress)
                }
            }
        }
    }

    private func perform(
        _ specification: RequestSpecification,
        onProgress: (RequestProgress) -> Void
    ) async throws -> RequestOutcome {
        var draft = RequestDraft()
        do {
            let outcome = try await runTurns(specification, draft: &draft, onProgress: onProgress)
            guard endResponding(committing: outcome.entries, usage: outcome.usage) else {
                throw LanguageModelSession.Error.transcriptMutationWhileResponding
            }
            Self.finishTrace(specification, outcome: outcome, error: nil, usage: outcome.usage)
            return outcome
        } catch let error as LanguageModelSession.Error {
            Self.finishTrace(specification, outcome: nil, error: error, usage: draft.usage)
            throw error
        } catch {
            let preserves = (draft.errorHandlingPolicy ?? transcriptErrorHandlingPolicy)?.kind == .preserve
            endResponding(committing: preserves ? draft.producedEntries : nil, usage: draft.usage)
            Self.finishTrace(specification, outcome: nil, error: error, usage: draft.usage)
            throw error
        }
    }

    /// Hands the request's trace to the observers, when it is traced.
    private static func finishTrace(_ specification: RequestSpecification, outcome: RequestOutcome?, error: (any Swift.Error)?, usage: Usage) {
        guard let recorder = TraceRecorder.current else { return }
        let response = outcome.map { outcome in
            if specification.schema == nil, case .string(let text) = outcome.rawContent.kind { return text }
            return outcome.rawContent.jsonString
        }
        let schemaName = specification.responseFormat?.name ?? specification.schema?.rootTypeName
        RequestTracing.finished(
            recorder.finish(prompt: specification.prompt, schemaName: schemaName, response: response, error: error, usage: usage))
    }

    private func runTurns(
        _ specification: RequestSpecification, draft: inout RequestDraft, onProgress: (RequestProgress) -> Void
    ) async throws -> RequestOutcome {
        let history = state.withLock { $0.transcript.entries }
        let prompt = Transcript.Prompt(
            metadata: specification.metadata,
            segments: specification.prompt.transcriptSegments,
            options: specification.options,
            responseFormat: specification.responseFormat,
            contextOptions: specification.contextOptions)
        draft.entries = [.prompt(prompt)]
        if let profileState {
            // Resolved here for the policy and the prompt hooks; `plan()` resolves again before
            // the model request, because a prompt hook may change what the profile reads.
            let resolution = profileState.resolve()
            draft.errorHandlingPolicy = resolution.errorHandlingPolicy
            await profileState.updateActivation(resolution)
            for hook in resolution.hooks.onPrompt { try await hook(prompt) }
        }
        let responseID = UUID().uuidString
        var madeCalls: Set<String> = []
        var toolsTurnedOff = false
        for _ in 0..<Self.maximumToolRounds {
            var metadata: [String: any Sendable & Codable & Equatable]? = nil
            try Task.checkCancellation()
            let round = try await plan(specification, history: history, draft: draft)
            var options = round.options
            if toolsTurnedOff { options.toolCallingMode = .disallowed }
            if madeCalls.isEmpty, options.toolCallingMode == nil {
                if Self.promptNeedsAttachmentTool(specification, tools: round.tools, capabilities: round.backend.capabilities) {
                    options.toolCallingMode = .required
                    // One image, and reading it is all the tools can do: the next round answers with
                    // tools turned off, so it is an answer round, the tool's text folded into the
                    // prompt (design note 0017). Left free after its read, the default model wrote
                    // "Summary" as a sign's headline in 23 of 50 photos (Docs/Quality.md). With
                    // several images it stays free, to read the ones the first round did not.
                    if Self.answersAfterOneRead(specification, tools: round.tools) { toolsTurnedOff = true }
                } else if Self.searchesFirst(tools: round.tools) {
                    // One search, then the answer from what it found: a small model left free
                    // after its search searches again (often with an empty query).
                    options.toolCallingMode = .required
                    toolsTurnedOff = true
                    metadata = round.metadata.merging([LanguageModelExecutorGenerationRequest.singleToolCallKey: true]) { $1 }
                }
            }
            if madeCalls.isEmpty {
                try Self.checkCapabilities(
                    round.backend.capabilities, specification: specification, history: history, contextOptions: round.contextOptions,
                    tools: round.tools)
            }
            let request = LanguageModelExecutorGenerationRequest(
                id: UUID(),
                transcript: round.transcript,
                enabledTools: round.tools.map { Transcript.ToolDefinition(tool: $0) },
                schema: specification.schema,
                generationOptions: options,
                contextOptions: round.contextOptions,
                metadata: metadata ?? round.metadata)
            let usageBefore = draft.usage
            let entriesBefore = draft.entries
            // The round's trace begins and ends in the fold, which also marks its first output.
            let (turn, _) = try await TurnFold.run(request, on: round.backend) { fold, _ in
                let turn = fold.turn
                var total = usageBefore
                total.add(turn.usage)
                draft.usage = total
                draft.partialResponse = turn.text
                draft.entries = entriesBefore + turn.reasoningEntries
                onProgress(RequestProgress(text: turn.text, entries: draft.entries, responseID: responseID, usage: total))
                return true
            }
            draft.usage = usageBefore
            draft.usage.add(turn.usage)
            draft.entries = entriesBefore + turn.reasoningEntries
            draft.partialResponse = ""
            if let reasoning = turn.reasoning, !reasoning.isEmpty {
                for hook in round.hooks.onReasoning { try await hook(reasoning.entry) }
            }
            if !turn.toolCalls.isEmpty {
                // The same call twice in one turn (small models repeat themselves) runs once.
                var seen: Set<String> = []
                let turnCalls = turn.toolCalls.filter { seen.insert($0.toolName + $0.arguments.jsonString).inserted }
                // A model that repeats calls it already made this request has its answer in the
                // transcript: ask again with tools turned off instead of running them again.
                let signatures = turnCalls.map { $0.toolName + $0.arguments.jsonString }
                if signatures.allSatisfy(madeCalls.contains) {
                    toolsTurnedOff = true
                    continue
                }
                madeCalls.formUnion(signatures)
                let calls = Transcript.ToolCalls(id: turn.toolCallsEntryID ?? UUID().uuidString, turnCalls)
                draft.entries.append(.toolCalls(calls))
                for call in turnCalls {
                    for hook in round.hooks.onToolCall { try await hook(call) }
                }
                let attachments = ToolAttachments.collected(from: history + draft.entries)
                let outputs = try await ToolAttachments.$current.withValue(attachments) {
                    try await runTools(turnCalls, tools: round.tools)
                }
                draft.entries.append(contentsOf: outputs.map(Transcript.Entry.toolOutput))
                for (call, output) in zip(turnCalls, outputs) {
                    for hook in round.hooks.onToolOutput { try await hook(call, output) }
                }
                continue
            }
            try Task.checkCancellation()
            let (rawContent, segment) = try finalContent(of: turn.text, specification: specification)
            var response = Transcript.Response(
                id: turn.responseEntryID ?? responseID, assetIDs: turn.assetIDs, segments: [segment] + turn.extraSegments)
            response.storedMetadata = turn.responseMetadata
            draft.entries.append(.response(response))
            for hook in round.hooks.onResponse { try await hook(response) }
            return RequestOutcome(entries: draft.entries, rawContent: rawContent, usage: draft.usage)
        }
        throw GenerationError.decodingFailure(
            .init(
                debugDescription: "The model kept calling tools for \(Self.maximumToolRounds) rounds without answering."))
    }

    /// What one model request of a request uses: its model, tools, transcript, options and hooks;
    /// from the session's fixed setup, or from its profile evaluated now.
    struct RoundPlan {
        var backend: any SessionBackend
        var tools: [any Tool]
        var transcript: Transcript
        var options: GenerationOptions
        var contextOptions: ContextOptions
        var metadata: [String: any Sendable & Codable & Equatable]
        var hooks = ProfileHooks()
    }

    private func plan(_ specification: RequestSpecification, history: [Transcript.Entry], draft: RequestDraft) async throws -> RoundPlan {
        guard let profileState else {
            return RoundPlan(
                backend: try backend(), tools: tools, transcript: Transcript(entries: history + draft.entries),
                options: specification.options, contextOptions: specification.contextOptions,
                metadata: Self.requestMetadata(specification.metadata, tools: tools))
        }
        let resolution = profileState.resolve()
        await profileState.updateActivation(resolution)
        var options = specification.options
        options.temperature = options.temperature ?? resolution.temperature
        options.samplingMode = options.samplingMode ?? resolution.samplingMode
        options.maximumResponseTokens = options.maximumResponseTokens ?? resolution.maximumResponseTokens
        options.toolCallingMode = options.toolCallingMode ?? resolution.toolCallingMode
        var contextOptions = specification.contextOptions
        contextOptions.reasoningLevel = contextOptions.reasoningLevel ?? resolution.reasoningLevel
        let entries = resolution.modelTranscript(history: history, draft: draft.entries)
        let backend = try resolution.model.map(Self.backend(for:)) ?? backend()
        return RoundPlan(
            backend: backend, tools: resolution.tools, transcript: Transcript(entries: entries), options: options,
            contextOptions: contextOptions, metadata: Self.requestMetadata(specification.metadata, tools: resolution.tools),
            hooks: resolution.hooks)
    }

    /// The executor backend of a model a profile names.
    static func backend(for model: any LanguageModel) throws -> any SessionBackend {
        func open<Model: LanguageModel>(_ model: Model) throws -> any SessionBackend { try ExecutorBackend(model: model) }
        return try open(model)
    }

    /// The request's metadata, with the names of tools whose schema stays out of the prompt and
    /// of tools whose outputs are material to answer from (readers of attachments, retrieval).
    static func requestMetadata(
        _ metadata: [String: any Sendable & Codable & Equatable], tools: [any Tool]
    ) -> [String: any Sendable & Codable & Equatable] {
        var metadata = metadata
        let schemaHidden = tools.filter { !$0.includesSchemaInInstructions }.map(\.name)
        if !schemaHidden.isEmpty { metadata[LanguageModelExecutorGenerationRequest.toolsWithoutSchemaKey] = schemaHidden }
        let material = tools.filter { $0 is any AttachmentReadingTool || $0 is any RetrievalTool }.map(\.name)
        if !material.isEmpty { metadata[LanguageModelExecutorGenerationRequest.materialToolsKey] = material }
        return metadata
    }

    /// Refuses, before generating, a request that needs a capability the model lacks: images
    /// need ``LanguageModelCapabilities/Capability/vision`` (unless an ``AttachmentReadingTool``
    /// is offered, which reads them for the model) and a reasoning level needs
    /// ``LanguageModelCapabilities/Capability/reasoning``.
    static func checkCapabilities(
        _ capabilities: LanguageModelCapabilities, specification: RequestSpecification, history: [Transcript.Entry],
        contextOptions: ContextOptions, tools: [any Tool] = []
    ) throws {
        if contextOptions.reasoningLevel != nil, !capabilities.contains(.reasoning) {
            throw LanguageModelError.unsupportedCapability(
                .init(
                    capability: .reasoning,
                    debugDescription: "The request sets a reasoning level, but the model does not reason. Leave reasoningLevel nil for this model."))
        }
        let promptSegments = specification.prompt.transcriptSegments
        let hasImage =
            promptSegments.contains(where: \.isAttachment)
            || history.contains { $0.segments.contains(where: \.isAttachment) }
        if hasImage, !capabilities.contains(.vision), !tools.contains(where: { $0 is any AttachmentReadingTool }) {
            throw LanguageModelError.unsupportedCapability(
                .init(
                    capability: .vision,
                    debugDescription: "The prompt or transcript holds an image, but the model has no vision. Use a model with the vision capability."))
        }
    }

    /// Whether the prompt holds an image that the model cannot see but an offered
    /// ``AttachmentReadingTool`` can read: its first round then calls a tool (unless the request
    /// set a tool-calling mode), since nothing else in the conversation says what the image holds.
    static func promptNeedsAttachmentTool(
        _ specification: RequestSpecification, tools: [any Tool], capabilities: LanguageModelCapabilities
    ) -> Bool {
        !capabilities.contains(.vision) && specification.prompt.transcriptSegments.contains(where: \.isAttachment)
            && tools.contains { $0 is any AttachmentReadingTool }
    }

    /// Whether the prompt holds one image and every tool offered reads attachments: after the
    /// first round's read, nothing is left for a tool to do.
    static func answersAfterOneRead(_ specification: RequestSpecification, tools: [any Tool]) -> Bool {
        specification.prompt.transcriptSegments.filter(\.isAttachment).count == 1 && tools.allSatisfy { $0 is any AttachmentReadingTool }
    }

    /// Whether every tool offered is a ``RetrievalTool``: the request's first round then calls one
    /// and the next answers with tools turned off (unless the request set a tool-calling mode), so
    /// that the answer comes from what the search found.
    static func searchesFirst(tools: [any Tool]) -> Bool {
        !tools.isEmpty && tools.allSatisfy { $0 is any RetrievalTool }
    }

    /// The response's content from its generated text.
    private func finalContent(of text: String, specification: RequestSpecification) throws -> (GeneratedContent, Transcript.Segment) {
        guard let schema = specification.schema else {
            return (GeneratedContent(text), .text(Transcript.TextSegment(content: text)))
        }
        let content: GeneratedContent
        do {
            content = try GeneratedContent(json: text)
        } catch {
            throw GenerationError.decodingFailure(
                .init(
                    debugDescription: "The response is not valid JSON: \(error). Text: \(text)",
                    details: .rawContent(text, underlyingError: error)))
        }
        guard content.isComplete else {
            throw GenerationError.decodingFailure(
                .init(
                    debugDescription: "The response ended before the \(schema.rootTypeName) value was complete: \(text)",
                    details: .rawContent(text, underlyingError: nil)))
        }
        let source = specification.responseFormat?.name ?? schema.rootTypeName
        return (content, .structure(Transcript.StructuredSegment(schemaName: source, content: content)))
    }

    /// Runs the turn's tool calls concurrently and returns their outputs in call order.
    private func runTools(_ calls: [Transcript.ToolCall], tools: [any Tool]) async throws -> [Transcript.ToolOutput] {
        return try await withThrowingTaskGroup(of: (Int, Transcript.ToolOutput).self) { group in
            for (index, call) in calls.enumerated() {
                guard let tool = tools.first(where: { $0.name == call.toolName }) else {
                    throw GenerationError.decodingFailure(.init(debugDescription: "The model called an unknown tool \"\(call.toolName)\"."))
                }
                group.addTask {
                    let recorder = TraceRecorder.current
                    let started = recorder?.elapsed ?? .zero
                    do {
                        let segments = try await Self.invoke(tool, with: call.arguments)
                        let output = Transcript.ToolOutput(id: call.id, toolName: call.toolName, segments: segments)
                        recorder?.recordToolCall(call, started: started, output: output, error: nil)
                        return (index, output)
                    } catch {
                        recorder?.recordToolCall(call, started: started, output: nil, error: error)
                        throw error
                    }
                }
            }
            var outputs = [Transcript.ToolOutput?](repeating: nil, count: calls.count)
            for try await (index, output) in group { outputs[index] = output }
            return outputs.compactMap { $0 }
        }
    }

    /// Decodes the arguments, runs the tool, and returns its output as transcript segments.
    private static func invoke<T: Tool>(_ tool: T, with arguments: GeneratedContent) async throws -> [Transcript.Segment] {
        do {
            let decoded = try T.Arguments(arguments)
            let output = try await tool.call(arguments: decoded)
            return output.promptRepresentation.transcriptSegments
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw ToolCallError(tool: tool, underlyingError: error)
        }
    }
}
