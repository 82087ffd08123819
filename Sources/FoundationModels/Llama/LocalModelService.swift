import ChatTemplates
import ConstrainedDecoding
import Foundation
import LlamaBackend

/// Generates responses on a local GGUF model: renders the transcript with the model's chat
/// template, tokenizes it, and runs it on the shared inference engine, which reuses the cached
/// prefix of the conversation.
struct LocalModelService: Sendable {
    let settings: LocalModelSettings

    /// Whether `FM_LOG_PROMPTS=1` asks for every rendered prompt on standard error (to see what
    /// the model is given).
    static let logsPrompts = ProcessInfo.processInfo.environment["FM_LOG_PROMPTS"] == "1"

    /// Generates a response to the request into the channel: text or structured content, or tool
    /// calls when the request offers tools.
    ///
    /// - Throws: ``LanguageModelSession/GenerationError``: `assetsUnavailable` (missing, changed
    ///   or corrupt model file), `unsupportedLanguageOrLocale` (a prompt in a script none of the
    ///   model's languages uses), `exceededContextWindowSize` (with the numbers), `refusal` (a
    ///   clear refusal, when ``LocalModelSettings/detectsRefusals``), `decodingFailure`; or
    ///   `CancellationError`.
    func respond(to request: LanguageModelExecutorGenerationRequest, streamingInto channel: LanguageModelExecutorGenerationChannel) async throws {
        let engine = try await EngineStore.shared.engine(for: settings)
        if let prompt = request.transcript.last(where: { if case .prompt = $0 { true } else { false } }),
           case .prompt(let lastPrompt) = prompt {
            try ModelLanguages.check(lastPrompt.segments.joinedText, model: engine.model)
        }
        let promptTokens = try tokens(for: request, model: engine.model)
        if Self.logsPrompts, let text = try? promptText(for: request, model: engine.model) {
            FileHandle.standardError.write(Data("[FM_LOG_PROMPTS] \(promptTokens.count) tokens:\n\(text)\n".utf8))
        }
        if promptTokens.count >= settings.contextSize {
            throw LanguageModelSession.GenerationError.exceededContextWindowSize(.init(
                debugDescription: "The conversation needs at least \(promptTokens.count + 1) tokens (\(promptTokens.count) for the "
                    + "instructions, transcript and prompt, and one for the response) but the context holds \(settings.contextSize).",
                details: .contextSize(contextSize: settings.contextSize, tokenCount: promptTokens.count + 1)))
        }
        let plan = try TurnPlan(request: request, model: engine.model)
        let generation = GenerationRequest(
            promptTokens: promptTokens,
            sampling: SamplingParameters(request.generationOptions),
            maximumTokens: request.generationOptions.maximumResponseTokens,
            constraint: plan.constraint)
        var cachedTokens = 0
        var outputTokens = 0
        // While the turn could still be tool calls, its text is held back from the session.
        var text = ""
        var sent = text.startIndex
        var pendingTokenCount = 0
        do {
            for try await event in engine.generate(generation) {
                switch event {
                case .prefilled(_, let cached):
                    cachedTokens = cached
                    await channel.send(.response(action: .updateUsage(
                        input: .init(totalTokenCount: promptTokens.count, cachedTokenCount: cached),
                        output: .init(totalTokenCount: 0))))
                case .text(let piece, let tokens):
                    outputTokens += tokens.count
                    pendingTokenCount += tokens.count
                    text += piece
                    if plan.mayCallTools, ToolCallSyntax.mayBeToolCalls(text, acceptsBareCall: plan.acceptsBareCall) { continue }
                    if sent < text.endIndex {
                        await channel.send(.response(action: .appendText(String(text[sent...]), tokenCount: pendingTokenCount)))
                        sent = text.endIndex
                        pendingTokenCount = 0
                    }
                case .finished:
                    break
                }
            }
        } catch {
            throw GenerationErrorMapping.map(error)
        }
        try Task.checkCancellation()
        if plan.mayCallTools, ToolCallSyntax.isToolCallTurn(text, acceptsBareCall: plan.acceptsBareCall) {
            guard let calls = ToolCallSyntax.parse(text) else {
                throw LanguageModelSession.GenerationError.decodingFailure(.init(
                    debugDescription: "The model's tool call was cut off (maximumResponseTokens or the context): \(text)"))
            }
            for call in calls {
                await channel.send(.toolCalls(action: .toolCall(
                    id: UUID().uuidString, name: call.name, action: .appendArguments(call.arguments))))
            }
        } else if plan.mustCallTools {
            throw LanguageModelSession.GenerationError.decodingFailure(.init(
                debugDescription: "The model had to call a tool but the turn ended first: \(text)"))
        } else if sent < text.endIndex {
            await channel.send(.response(action: .appendText(String(text[sent...]), tokenCount: pendingTokenCount)))
        }
        await channel.send(.response(action: .updateUsage(
            input: .init(totalTokenCount: promptTokens.count, cachedTokenCount: cachedTokens),
            output: .init(totalTokenCount: outputTokens))))
        if settings.detectsRefusals, request.schema == nil, RefusalDetector.isRefusal(text) {
            throw refusal(of: request, text: text)
        }
    }

    /// The refusal error for a response: its explanation comes from this model, continuing the
    /// refused exchange (with refusal detection off, so that explaining cannot itself fail).
    func refusal(of request: LanguageModelExecutorGenerationRequest, text: String) -> LanguageModelSession.GenerationError {
        let response = Transcript.Response(assetIDs: [], segments: [.text(Transcript.TextSegment(content: text))])
        var explainerSettings = settings
        explainerSettings.detectsRefusals = false
        let model = LlamaLanguageModel(settings: explainerSettings)
        let refusal = LanguageModelSession.GenerationError.Refusal(
            transcriptEntries: Array(request.transcript) + [.response(response)]
        ) { transcript in
            LanguageModelSession(model: model, transcript: transcript)
        }
        return .refusal(refusal, .init(debugDescription: "The model declined to respond: \"\(text)\""))
    }

    /// Fills the engine's cache with the transcript, ahead of a request. When the transcript ends
    /// with a prompt prefix, the cache stops where that prefix's text ends.
    func prewarm(transcript: Transcript, endsWithPartialPrompt: Bool) {
        let settings = settings
        Task.detached(priority: .utility) {
            guard let engine = try? await EngineStore.shared.engine(for: settings) else { return }
            guard let formatter = try? ChatFormatter(model: engine.model) else { return }
            let renderer = TranscriptRenderer(templateSupportsTools: formatter.template.supportsTools)
            let messages = renderer.messages(of: transcript)
            let tools = formatter.template.supportsTools ? transcript.toolDefinitions : []
            let text: String?
            if endsWithPartialPrompt {
                text = try? formatter.formatContinuing(messages, tools: tools)
            } else {
                text = try? formatter.format(messages, tools: tools, addGenerationPrompt: false)
            }
            guard let text, let tokens = try? engine.model.vocabulary.tokenize(text, addSpecial: true, parseSpecial: true),
                  !tokens.isEmpty, tokens.count < settings.contextSize else { return }
            try? await engine.prewarm(tokens: tokens)
        }
    }

    /// The prompt tokens of a request: the rendered transcript, ready for the assistant's turn.
    func tokens(for request: LanguageModelExecutorGenerationRequest, model: LlamaModel, addGenerationPrompt: Bool = true) throws -> [TokenID] {
        let text = try promptText(for: request, model: model, addGenerationPrompt: addGenerationPrompt)
        do {
            return try model.vocabulary.tokenize(text, addSpecial: true, parseSpecial: true)
        } catch {
            throw GenerationErrorMapping.map(error)
        }
    }

    /// The prompt text of a request, as the model's chat template renders it.
    func promptText(for request: LanguageModelExecutorGenerationRequest, model: LlamaModel, addGenerationPrompt: Bool = true) throws -> String {
        let formatter = try ChatFormatter(model: model)
        let renderer = TranscriptRenderer(
            includeSchemaInPrompt: request.contextOptions.includeSchemaInPrompt ?? true,
            templateSupportsTools: formatter.template.supportsTools,
            toolsWithoutSchema: request.toolsWithoutSchema)
        let messages = renderer.messages(of: request.transcript)
        let tools = formatter.template.supportsTools ? request.transcript.toolDefinitions : []
        return try formatter.format(messages, tools: tools, addGenerationPrompt: addGenerationPrompt, toolsWithoutSchema: request.toolsWithoutSchema)
    }
}

extension SamplingParameters {
    /// The sampling that Apple's generation options ask for.
    init(_ options: GenerationOptions) {
        switch options.sampling?.kind {
        case .none:
            self.init(strategy: .standard, temperature: options.temperature)
        case .greedy:
            self.init(strategy: .greedy, temperature: options.temperature)
        case .randomTopK(let k, let seed):
            self.init(strategy: .topK(k), temperature: options.temperature, seed: seed)
        case .randomProbabilityThreshold(let threshold, let seed):
            self.init(strategy: .nucleus(threshold), temperature: options.temperature, seed: seed)
        }
    }
}
