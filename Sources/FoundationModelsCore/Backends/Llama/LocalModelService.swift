import ChatTemplates
import ConstrainedDecoding
import Foundation
import LlamaBackend
import RequestExecution

/// Generates responses on a local GGUF model: renders the transcript with the model's chat
/// template, tokenizes it, and runs it on the shared inference engine, which reuses the cached
/// prefix of the conversation.
struct LocalModelService: Sendable {
    let settings: LocalModelSettings

    /// Generates a response to the request into the channel: text or structured content, or tool
    /// calls when the request offers tools. The steps: ``preflight(_:engine:)`` (language, prompt
    /// tokens, context), ``TurnPlan`` (what the turn may produce and its constraint), generation
    /// through a ``ToolCallHoldBack``, then the turn's ending, usage and refusal detection.
    ///
    /// - Throws: ``LanguageModelSession/GenerationError``: `assetsUnavailable` (missing, changed
    ///   or corrupt model file), `unsupportedLanguageOrLocale` (a prompt in a script none of the
    ///   model's languages uses), `exceededContextWindowSize` (with the numbers), `refusal` (a
    ///   clear refusal, when ``LocalModelSettings/detectsRefusals``), `decodingFailure`; or
    ///   `CancellationError`.
    func respond(to request: LanguageModelExecutorGenerationRequest, streamingInto channel: LanguageModelExecutorGenerationChannel) async throws {
        let engine = try await EngineStore.shared.engine(for: settings)
        TraceRecorder.current?.noteModelReady()
        let prepared = try preflight(request, engine: engine)
        let promptTokens = prepared.tokens
        // A thinking model's block goes to the reasoning; guided output is never read as reasoning.
        var thinking = prepared.thinks && request.schema == nil ? ThinkingSplitter(prompt: prepared.text) : nil
        let compileStart = ContinuousClock.now
        let plan = try TurnPlan(request: request, model: engine.model, breaksLoops: settings.breaksLoops)
        if plan.constraint != nil { TraceRecorder.current?.noteGrammarCompile(ContinuousClock.now - compileStart) }
        TraceRecorder.current?.notePrefillStart()
        var generation = GenerationRequest(
            promptTokens: promptTokens,
            sampling: SamplingParameters(request.generationOptions),
            maximumTokens: request.generationOptions.maximumResponseTokens,
            constraint: plan.constraint)
        generation.stablePrefixLength = prepared.stablePrefixLength
        var usage = Usage(promptTokens: promptTokens.count)
        var holdBack = ToolCallHoldBack(mayCallTools: plan.mayCallTools, acceptsBareCall: plan.acceptsBareCall)
        do {
            for try await event in engine.generate(generation) {
                switch event {
                case .prefilled(_, let cached):
                    TraceRecorder.current?.notePrefilled()
                    usage.cachedTokens = cached
                    await channel.send(usage.update)
                case .text(let piece, let tokens):
                    // The first token as the engine made it: a tool call is held back until it is
                    // whole, so the session sees its text only at the end.
                    if usage.outputTokens == 0 { TraceRecorder.current?.noteOutput() }
                    usage.outputTokens += tokens.count
                    guard var splitter = thinking else {
                        if let release = holdBack.append(piece, tokenCount: tokens.count) {
                            await channel.send(.response(action: .appendText(release.text, tokenCount: release.tokenCount)))
                        }
                        continue
                    }
                    var tokenCount = tokens.count
                    for part in splitter.append(piece) {
                        try await send(part, tokenCount: tokenCount, holdBack: &holdBack, usage: &usage, into: channel)
                        tokenCount = 0
                    }
                    thinking = splitter
                case .finished:
                    break
                }
            }
        } catch {
            throw GenerationErrorMapping.map(error)
        }
        try Task.checkCancellation()
        if var splitter = thinking {
            for part in splitter.finish() { try await send(part, tokenCount: 0, holdBack: &holdBack, usage: &usage, into: channel) }
        }
        switch holdBack.finish() {
        case .toolCalls(let calls):
            for call in calls {
                await channel.send(
                    .toolCalls(
                        action: .toolCall(
                            id: UUID().uuidString, name: call.name, action: .appendArguments(call.arguments, tokenCount: 0))))
            }
        case .cutOffToolCalls(let text):
            throw LanguageModelSession.GenerationError.decodingFailure(
                .init(
                    debugDescription: "The model's tool call was cut off (maximumResponseTokens or the context): \(text)"))
        case .answer(let rest):
            if plan.mustCallTools {
                throw LanguageModelSession.GenerationError.decodingFailure(
                    .init(
                        debugDescription: "The model had to call a tool but the turn ended first: \(holdBack.text)"))
            }
            if let rest {
                await channel.send(.response(action: .appendText(rest.text, tokenCount: rest.tokenCount)))
            }
        }
        await channel.send(usage.update)
        if settings.detectsRefusals, request.schema == nil, RefusalDetector.isRefusal(holdBack.text) {
            throw refusal(of: request, text: holdBack.text)
        }
    }

    /// Sends a piece of a thinking model's output: reasoning to the channel, the answer through
    /// the tool-call hold-back.
    private func send(
        _ part: ThinkingSplitter.Part, tokenCount: Int, holdBack: inout ToolCallHoldBack, usage: inout Usage,
        into channel: LanguageModelExecutorGenerationChannel
    ) async throws {
        switch part {
        case .reasoning(let text):
            usage.reasoningTokens += tokenCount
            await channel.send(.reasoning(action: .appendText(text, tokenCount: tokenCount)))
        case .answer(let text):
            if let release = holdBack.append(text, tokenCount: tokenCount) {
                await channel.send(.response(action: .appendText(release.text, tokenCount: release.tokenCount)))
            }
        }
    }

    /// A request's prompt, ready to generate from.
    struct PreparedPrompt {
        /// The prompt's tokens.
        var tokens: [TokenID]
        /// The prompt's text.
        var text: String
        /// Whether the model's template writes thinking blocks.
        var thinks: Bool
        /// How many leading tokens are the conversation's stable prefix (instructions and
        /// tools), which later processes start with too; nil for none.
        var stablePrefixLength: Int?
    }

    /// What must hold before generating: the last prompt is in a language the model reads, and
    /// the rendered prompt leaves room for a response in the context. Returns the prompt.
    func preflight(_ request: LanguageModelExecutorGenerationRequest, engine: InferenceEngine) throws -> PreparedPrompt {
        if let prompt = request.transcript.last(where: { if case .prompt = $0 { true } else { false } }),
            case .prompt(let lastPrompt) = prompt
        {
            try ModelLanguages.check(lastPrompt.segments.joinedText, model: engine.model)
        }
        var renderer = try PromptRenderer(model: engine.model, request: request)
        var text = try renderer.text(of: request.transcript, ending: .assistantTurn)
        var promptTokens = try renderer.tokens(of: text, as: .prompt)
        // A schema too large to describe in the context is left out of the prompt: decoding
        // enforces it either way, and the answer needs the room.
        if request.schema != nil, renderer.includeSchemaInPrompt, promptTokens.count + Self.answerRoom > settings.contextSize {
            renderer.includeSchemaInPrompt = false
            let shorterText = try renderer.text(of: request.transcript, ending: .assistantTurn)
            let shorter = try renderer.tokens(of: shorterText, as: .prompt)
            if shorter.count < promptTokens.count {
                (text, promptTokens) = (shorterText, shorter)
            }
        }
        if settings.logsPrompts {
            FileHandle.standardError.write(Data("[FM_LOG_PROMPTS] \(promptTokens.count) tokens:\n\(text)\n".utf8))
        }
        TraceRecorder.current?.noteRenderedPrompt(text)
        if promptTokens.count >= settings.contextSize {
            throw LanguageModelSession.GenerationError.exceededContextWindowSize(
                .init(
                    debugDescription: "The conversation needs at least \(promptTokens.count + 1) tokens (\(promptTokens.count) for the "
                        + "instructions, transcript and prompt, and one for the response) but the context holds \(settings.contextSize).",
                    details: .contextSize(contextSize: settings.contextSize, tokenCount: promptTokens.count + 1)))
        }
        return PreparedPrompt(
            tokens: promptTokens, text: text, thinks: renderer.formatter.thinks,
            stablePrefixLength: renderer.stablePrefixLength(of: request.transcript, text: text, tokens: promptTokens))
    }

    /// The room a guided answer should have in the context before its schema's description is
    /// left out of the prompt to make room.
    static let answerRoom = 256

    /// The token usage of one request, as the channel reports it.
    struct Usage {
        let promptTokens: Int
        var cachedTokens = 0
        var outputTokens = 0
        var reasoningTokens = 0

        var update: LanguageModelExecutorGenerationChannel.Event {
            .response(
                action: .updateUsage(
                    input: .init(totalTokenCount: promptTokens, cachedTokenCount: cachedTokens),
                    output: .init(totalTokenCount: outputTokens, reasoningTokenCount: reasoningTokens)))
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
        Task.detached(executorPreference: RequestExecutor.shared, priority: .utility) {
            guard let engine = try? await EngineStore.shared.engine(for: settings),
                let renderer = try? PromptRenderer(model: engine.model),
                let text = try? renderer.text(of: transcript, ending: endsWithPartialPrompt ? .continuingLastMessage : .closed),
                let tokens = try? renderer.tokens(of: text, as: .prompt),
                !tokens.isEmpty, tokens.count < settings.contextSize
            else { return }
            let stablePrefix = renderer.stablePrefixLength(of: transcript, text: text, tokens: tokens)
            try? await engine.prewarm(tokens: tokens, stablePrefixLength: stablePrefix)
        }
    }
}

extension SamplingParameters {
    /// The sampling that Apple's generation options ask for.
    init(_ options: GenerationOptions) {
        switch options.samplingMode?.kind {
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
