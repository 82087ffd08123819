import Synchronization
import Foundation

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
        do {
            let outcome = try await runTurns(specification, onProgress: onProgress)
            guard endResponding(committing: outcome.entries, usage: outcome.usage) else {
                throw LanguageModelSession.Error.transcriptMutationWhileResponding
            }
            return outcome
        } catch let error as LanguageModelSession.Error {
            throw error
        } catch {
            endResponding(committing: nil, usage: nil)
            throw error
        }
    }

    private func runTurns(_ specification: RequestSpecification, onProgress: (RequestProgress) -> Void) async throws -> RequestOutcome {
        let backend = try backend()
        let prompt = Transcript.Prompt(
            segments: specification.prompt.transcriptSegments,
            options: specification.options,
            responseFormat: specification.responseFormat)
        var added: [Transcript.Entry] = [.prompt(prompt)]
        let history = state.withLock { $0.transcript.entries }
        var usage = Usage()
        // The executor enforces `toolCallingMode`; it also needs every tool to render the prompt.
        let enabledTools = tools
        let schemaHidden = tools.filter { !$0.includesSchemaInInstructions }.map(\.name)
        let responseID = UUID().uuidString

        var options = specification.options
        var madeCalls: Set<String> = []
        for _ in 0..<Self.maximumToolRounds {
            try Task.checkCancellation()
            let request = LanguageModelExecutorGenerationRequest(
                transcript: Transcript(entries: history + added),
                enabledTools: enabledTools.map { Transcript.ToolDefinition(tool: $0) },
                schema: specification.schema,
                generationOptions: options,
                contextOptions: ContextOptions(includeSchemaInPrompt: specification.includeSchemaInPrompt),
                metadata: schemaHidden.isEmpty ? [:] : [LanguageModelExecutorGenerationRequest.toolsWithoutSchemaKey: schemaHidden])
            let turn = try await runTurn(request, backend: backend) { text, turnUsage in
                var total = usage
                total.add(turnUsage)
                onProgress(RequestProgress(text: text, entries: added, responseID: responseID, usage: total))
            }
            usage.add(turn.usage)
            if !turn.toolCalls.isEmpty {
                // A model that repeats calls it already made this request has its answer in the
                // transcript: ask again with tools turned off instead of running them again.
                let signatures = turn.toolCalls.map { $0.toolName + $0.arguments.jsonString }
                if signatures.allSatisfy(madeCalls.contains) {
                    options.toolCallingMode = .disallowed
                    continue
                }
                madeCalls.formUnion(signatures)
                let calls = Transcript.ToolCalls(turn.toolCalls)
                added.append(.toolCalls(calls))
                let outputs = try await runTools(turn.toolCalls)
                added.append(contentsOf: outputs.map(Transcript.Entry.toolOutput))
                continue
            }
            try Task.checkCancellation()
            let (rawContent, segment) = try finalContent(of: turn.text, specification: specification)
            added.append(.response(Transcript.Response(id: responseID, assetIDs: turn.assetIDs, segments: [segment])))
            return RequestOutcome(entries: added, rawContent: rawContent, usage: usage)
        }
        throw GenerationError.decodingFailure(
            .init(
                debugDescription: "The model kept calling tools for \(Self.maximumToolRounds) rounds without answering."))
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
        return (content, .structure(Transcript.StructuredSegment(source: source, content: content)))
    }

    /// One model turn: text, or tool calls.
    private struct Turn {
        var text = ""
        var toolCalls: [Transcript.ToolCall] = []
        var usage = Usage()
        var assetIDs: [String] = []
    }

    private func runTurn(
        _ request: LanguageModelExecutorGenerationRequest,
        backend: any SessionBackend,
        onText: (String, Usage) -> Void
    ) async throws -> Turn {
        let channel = LanguageModelExecutorGenerationChannel()
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                defer { channel.finish() }
                try await backend.respond(to: request, streamingInto: channel)
            }
            var turn = Turn()
            var callOrder: [String] = []
            var callNames: [String: String] = [:]
            var callArguments: [String: String] = [:]
            for await event in channel {
                switch event.payload {
                case .response(let action):
                    switch action {
                    case .appendText(let text, _, let tokenCount):
                        turn.text += text
                        turn.usage.output.totalTokenCount += tokenCount ?? 0
                        onText(turn.text, turn.usage)
                    case .replaceTextSegment(let text, _, _):
                        turn.text = text
                        onText(turn.text, turn.usage)
                    case .updateMetadata(let metadata):
                        if let assets = metadata["assetIDs"] { turn.assetIDs = assets.split(separator: ",").map(String.init) }
                    case .updateUsage(let input, let output, let metadata):
                        turn.usage = Usage(input: input, output: output, metadata: metadata)
                    }
                case .toolCalls(let action):
                    switch action {
                    case .toolCall(let id, let name, let callAction):
                        if callNames[id] == nil { callOrder.append(id) }
                        callNames[id] = name
                        if case .appendArguments(let json, _) = callAction { callArguments[id, default: ""] += json }
                    case .removeToolCall(let id):
                        callOrder.removeAll { $0 == id }
                        callNames[id] = nil
                        callArguments[id] = nil
                    case .updateUsage(let input, let output, let metadata):
                        turn.usage = Usage(input: input, output: output, metadata: metadata)
                    case .updateMetadata:
                        break
                    }
                case .reasoning:
                    break
                }
            }
            try await group.waitForAll()
            for id in callOrder {
                guard let name = callNames[id] else { continue }
                let json = callArguments[id] ?? "{}"
                let arguments: GeneratedContent
                do {
                    arguments = try GeneratedContent(json: json.isEmpty ? "{}" : json)
                } catch {
                    throw GenerationError.decodingFailure(.init(debugDescription: "The arguments of the call to \(name) are not valid JSON: \(json)"))
                }
                turn.toolCalls.append(Transcript.ToolCall(id: id, toolName: name, arguments: arguments))
            }
            return turn
        }
    }

    /// Runs the turn's tool calls concurrently and returns their outputs in call order.
    private func runTools(_ calls: [Transcript.ToolCall]) async throws -> [Transcript.ToolOutput] {
        let tools = self.tools
        return try await withThrowingTaskGroup(of: (Int, Transcript.ToolOutput).self) { group in
            for (index, call) in calls.enumerated() {
                guard let tool = tools.first(where: { $0.name == call.toolName }) else {
                    throw GenerationError.decodingFailure(.init(debugDescription: "The model called an unknown tool \"\(call.toolName)\"."))
                }
                group.addTask {
                    let segments = try await Self.invoke(tool, with: call.arguments)
                    return (index, Transcript.ToolOutput(id: call.id, toolName: call.toolName, segments: segments))
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
