/// What a session's profile (or dynamic instructions) comes to before one model request: the
/// instructions and tools, the settings its modifiers make, its history transforms and its hooks.
///
/// Built by walking the profile's tree; a modifier applies before the content it wraps is walked,
/// so the modifier nearest the content wins (as in SwiftUI). Hooks and transforms accumulate.
struct ProfileResolution {
    var instructions: [Transcript.Segment] = []
    var tools: [any Tool] = []
    var model: (any LanguageModel)?
    var temperature: Double?
    var samplingMode: GenerationOptions.SamplingMode?
    var maximumResponseTokens: Int?
    var reasoningLevel: ContextOptions.ReasoningLevel?
    var toolCallingMode: GenerationOptions.ToolCallingMode?
    var errorHandlingPolicy: TranscriptErrorHandlingPolicy?
    var historyTransforms: [([Transcript.Entry]) -> [Transcript.Entry]] = []
    var hooks = ProfileHooks()
    /// Where in the tree the walk is, for telling activation hooks apart.
    var path: [String] = []

    /// Walks a child at a named position.
    mutating func descend(_ step: String, _ body: (inout ProfileResolution) -> Void) {
        path.append(step)
        body(&self)
        path.removeLast()
    }

    /// The entries the model is given for one request: the profile's instructions entry (with its
    /// tools' definitions), the stored conversation and this request's entries so far, through every
    /// history transform, outermost first.
    ///
    /// As in Apple's framework, a transform sees the instructions entry and its result is exactly
    /// what the executor receives: a transform that drops or rewrites the instructions is obeyed,
    /// and nothing is put back after it. The session's own transcript is not touched.
    ///
    /// - Parameters:
    ///   - history: The session's stored transcript; a leading instructions entry in it is
    ///     replaced by the profile's, which is evaluated anew for every request.
    ///   - draft: The entries this request has added so far (its prompt, tool calls and outputs).
    func modelTranscript(history: [Transcript.Entry], draft: [Transcript.Entry]) -> [Transcript.Entry] {
        var entries: [Transcript.Entry] = []
        if !instructions.isEmpty || !tools.isEmpty {
            let toolDefinitions = tools.map { Transcript.ToolDefinition(tool: $0) }
            entries.append(.instructions(Transcript.Instructions(segments: instructions, toolDefinitions: toolDefinitions)))
        }
        if case .instructions? = history.first {
            entries += history.dropFirst()
        } else {
            entries += history
        }
        entries += draft
        return historyTransforms.reduce(entries) { entries, transform in transform(entries) }
    }
}

/// The lifecycle hooks a profile's modifiers register.
struct ProfileHooks {
    var onPrompt: [(Transcript.Prompt) async throws -> Void] = []
    var onResponse: [(Transcript.Response) async throws -> Void] = []
    var onReasoning: [(Transcript.Reasoning) async throws -> Void] = []
    var onToolCall: [(Transcript.ToolCall) async throws -> Void] = []
    var onToolOutput: [(Transcript.ToolCall, Transcript.ToolOutput) async throws -> Void] = []
    /// Activation hooks by their position in the tree.
    var onActivate: [String: @isolated(any) () async -> Void] = [:]
    var onDeactivate: [String: @isolated(any) () async -> Void] = [:]
}

/// Dynamic instructions that resolve themselves rather than through a `body`.
protocol PrimitiveDynamicInstructions {
    func resolve(into resolution: inout ProfileResolution)
}

/// Profiles that resolve themselves rather than through a `body`.
protocol PrimitiveDynamicProfile {
    func resolve(into resolution: inout ProfileResolution)
}

/// Resolves any dynamic instructions: primitives directly, others through their `body`.
func resolveInstructions(_ instructions: some DynamicInstructions, into resolution: inout ProfileResolution) {
    if let primitive = instructions as? any PrimitiveDynamicInstructions {
        primitive.resolve(into: &resolution)
    } else {
        resolveInstructions(instructions.body, into: &resolution)
    }
}

/// Resolves any profile: primitives directly, others through their `body`.
func resolveProfile(_ profile: some LanguageModelSession.DynamicProfile, into resolution: inout ProfileResolution) {
    if let primitive = profile as? any PrimitiveDynamicProfile {
        primitive.resolve(into: &resolution)
    } else {
        resolveProfile(profile.body, into: &resolution)
    }
}

/// The `body` of a built-in profile or dynamic instructions, which has none.
///
/// Why it traps: built-in types (`Profile`, the builders' tuples and conditionals, the modifiers)
/// are resolved directly through `PrimitiveDynamicProfile`/`PrimitiveDynamicInstructions`, and
/// their `Body` is `Never`, as in Apple's framework; the protocols require a `body`, but nothing
/// calls it, and no value of `Never` can be made to return.
func noBody(_ type: String) -> Never {
    fatalError("\(type) is resolved by the session; it has no body to evaluate")
}
