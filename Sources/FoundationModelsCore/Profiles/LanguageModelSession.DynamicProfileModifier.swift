extension LanguageModelSession {
    /// A reusable change to profiles (OS 27): its body wraps the profile it modifies.
    ///
    /// ```swift
    /// struct Careful: LanguageModelSession.DynamicProfileModifier {
    ///     func body(content: Content) -> some LanguageModelSession.DynamicProfile {
    ///         content.temperature(0.2).maximumResponseTokens(200)
    ///     }
    /// }
    /// profile.modifier(Careful())
    /// ```
    public protocol DynamicProfileModifier {
        /// The profile the modifier makes.
        associatedtype Body: LanguageModelSession.DynamicProfile
        /// The modified profile, given the profile being modified.
        @LanguageModelSession.DynamicProfileBuilder func body(content: Self.Content) -> Self.Body
        /// The profile being modified, as the modifier's body sees it.
        typealias Content = LanguageModelSession.DynamicProfileModifierContent<Self>
    }

    /// The profile a modifier modifies, inside the modifier's body.
    public struct DynamicProfileModifierContent<Modifier: LanguageModelSession.DynamicProfileModifier>: LanguageModelSession.DynamicProfile,
        PrimitiveDynamicProfile
    {
        let resolver: (inout ProfileResolution) -> Void

        /// Not evaluated: the modified profile is.
        public var body: Never { noBody("DynamicProfileModifierContent") }

        func resolve(into resolution: inout ProfileResolution) {
            resolver(&resolution)
        }
    }

    /// A profile with a modifier applied.
    public struct ModifiedDynamicProfile<Content: LanguageModelSession.DynamicProfile, Modifier: LanguageModelSession.DynamicProfileModifier>:
        LanguageModelSession.DynamicProfile, PrimitiveDynamicProfile
    {
        let content: Content
        let modifier: Modifier

        /// Not evaluated: the modifier's body is.
        public var body: Never { noBody("ModifiedDynamicProfile") }

        func resolve(into resolution: inout ProfileResolution) {
            let content = self.content
            let wrapped = DynamicProfileModifierContent<Modifier> { resolution in
                resolution.descend("content") { resolveProfile(content, into: &$0) }
            }
            resolution.descend("modifier") { resolveProfile(modifier.body(content: wrapped), into: &$0) }
        }
    }
}

extension LanguageModelSession.DynamicProfileModifier {
    /// A profile.
    public typealias DynamicProfile = LanguageModelSession.DynamicProfile
    /// A value the session owns (see ``LanguageModelSession/SessionProperty``).
    public typealias SessionProperty = LanguageModelSession.SessionProperty
}

/// A profile with one of the built-in modifiers: a change to the resolution, then the content.
struct SettingDynamicProfile<Content: LanguageModelSession.DynamicProfile>: LanguageModelSession.DynamicProfile, PrimitiveDynamicProfile {
    let content: Content
    let change: (inout ProfileResolution) -> Void

    var body: Never { noBody("SettingDynamicProfile") }

    func resolve(into resolution: inout ProfileResolution) {
        change(&resolution)
        resolution.descend("0") { resolveProfile(content, into: &$0) }
    }
}

extension LanguageModelSession.DynamicProfile {
    /// The profile changed by a modifier.
    ///
    /// - Parameter modifier: The modifier.
    public func modifier<Modifier: LanguageModelSession.DynamicProfileModifier>(_ modifier: Modifier) -> some LanguageModelSession.DynamicProfile {
        LanguageModelSession.ModifiedDynamicProfile(content: self, modifier: modifier)
    }

    private func setting(_ change: @escaping (inout ProfileResolution) -> Void) -> some LanguageModelSession.DynamicProfile {
        SettingDynamicProfile(content: self, change: change)
    }

    /// The model the requests go to; the transcript carries over when it changes.
    ///
    /// - Parameter model: The model.
    public func model(_ model: any LanguageModel) -> some LanguageModelSession.DynamicProfile {
        setting { $0.model = model }
    }

    /// The model the requests go to; the transcript carries over when it changes.
    ///
    /// - Parameter model: The model.
    public func model(_ model: some LanguageModel) -> some LanguageModelSession.DynamicProfile {
        setting { $0.model = model }
    }

    /// The sampling temperature; `nil` for the model's default.
    ///
    /// - Parameter temperature: The temperature.
    public func temperature(_ temperature: Double?) -> some LanguageModelSession.DynamicProfile {
        setting { $0.temperature = temperature }
    }

    /// How tokens are chosen; `nil` for the model's default.
    ///
    /// - Parameter samplingMode: The sampling mode.
    public func samplingMode(_ samplingMode: GenerationOptions.SamplingMode?) -> some LanguageModelSession.DynamicProfile {
        setting { $0.samplingMode = samplingMode }
    }

    /// The most tokens a response may have; `nil` for no limit but the context.
    ///
    /// - Parameter maximumResponseTokens: The limit.
    public func maximumResponseTokens(_ maximumResponseTokens: Int?) -> some LanguageModelSession.DynamicProfile {
        setting { $0.maximumResponseTokens = maximumResponseTokens }
    }

    /// How much the model reasons; `nil` for the model's default.
    ///
    /// - Parameter reasoningLevel: The level.
    public func reasoningLevel(_ reasoningLevel: ContextOptions.ReasoningLevel?) -> some LanguageModelSession.DynamicProfile {
        setting { $0.reasoningLevel = reasoningLevel }
    }

    /// Whether the model may, must or must not call tools.
    ///
    /// - Parameter toolCallingMode: The mode; `nil` for `.allowed`.
    public func toolCallingMode(_ toolCallingMode: GenerationOptions.ToolCallingMode?) -> some LanguageModelSession.DynamicProfile {
        setting { $0.toolCallingMode = toolCallingMode }
    }

    /// What the model sees of the conversation; the stored transcript stays as it is.
    ///
    /// The transform receives every entry the model would be given (the profile's instructions
    /// entry first, with its tools' definitions, then the conversation and the current request) and
    /// returns exactly what the model receives: dropping or rewriting the instructions is obeyed.
    /// Several transforms apply outermost first, each to the result of the one before.
    ///
    /// - Parameter transform: From the entries the model would see to those it sees.
    public func historyTransform(_ transform: @escaping ([Transcript.Entry]) -> [Transcript.Entry]) -> some LanguageModelSession.DynamicProfile {
        setting { $0.historyTransforms.append(transform) }
    }

    /// What a failed or cancelled request leaves in the transcript.
    ///
    /// - Parameter transcriptErrorHandlingPolicy: The policy; `nil` for the session's.
    public func transcriptErrorHandlingPolicy(_ transcriptErrorHandlingPolicy: TranscriptErrorHandlingPolicy?) -> some LanguageModelSession.DynamicProfile {
        setting { $0.errorHandlingPolicy = transcriptErrorHandlingPolicy }
    }

    /// Runs an action when a prompt is added, before the model sees it.
    public func onPrompt(@_inheritActorContext perform action: sending @escaping () async throws -> Void) -> some LanguageModelSession.DynamicProfile {
        onPrompt { _ in try await action() }
    }

    /// Runs an action with each prompt, before the model sees it.
    public func onPrompt(@_inheritActorContext perform action: sending @escaping (Transcript.Prompt) async throws -> Void) -> some LanguageModelSession.DynamicProfile {
        setting { $0.hooks.onPrompt.append(action) }
    }

    /// Runs an action when a response is complete.
    public func onResponse(@_inheritActorContext perform action: sending @escaping () async throws -> Void) -> some LanguageModelSession.DynamicProfile {
        onResponse { _ in try await action() }
    }

    /// Runs an action with each complete response.
    public func onResponse(@_inheritActorContext perform action: sending @escaping (Transcript.Response) async throws -> Void) -> some LanguageModelSession.DynamicProfile {
        setting { $0.hooks.onResponse.append(action) }
    }

    /// Runs an action when the model has reasoned.
    public func onReasoning(@_inheritActorContext perform action: sending @escaping () async throws -> Void) -> some LanguageModelSession.DynamicProfile {
        onReasoning { _ in try await action() }
    }

    /// Runs an action with the model's reasoning.
    public func onReasoning(@_inheritActorContext perform action: sending @escaping (Transcript.Reasoning) async throws -> Void) -> some LanguageModelSession.DynamicProfile {
        setting { $0.hooks.onReasoning.append(action) }
    }

    /// Runs an action when the model calls a tool, before the tool runs.
    public func onToolCall(@_inheritActorContext perform action: sending @escaping () async throws -> Void) -> some LanguageModelSession.DynamicProfile {
        onToolCall { _ in try await action() }
    }

    /// Runs an action with each tool call, before the tool runs.
    public func onToolCall(@_inheritActorContext perform action: sending @escaping (Transcript.ToolCall) async throws -> Void) -> some LanguageModelSession.DynamicProfile {
        setting { $0.hooks.onToolCall.append(action) }
    }

    /// Runs an action when a tool has returned.
    public func onToolOutput(@_inheritActorContext perform action: sending @escaping () async throws -> Void) -> some LanguageModelSession.DynamicProfile {
        onToolOutput { _, _ in try await action() }
    }

    /// Runs an action with each tool call and what the tool returned.
    public func onToolOutput(
        @_inheritActorContext perform action: sending @escaping (Transcript.ToolCall, Transcript.ToolOutput) async throws -> Void
    ) -> some LanguageModelSession.DynamicProfile {
        setting { $0.hooks.onToolOutput.append(action) }
    }

    /// Runs an action before the first request that uses this profile (again after it was out
    /// of use, for example in the other branch of an `if`).
    public func onActivate(@_inheritActorContext perform action: sending @escaping @isolated(any) () async -> Void) -> some LanguageModelSession.DynamicProfile {
        setting { $0.hooks.onActivate[$0.path.joined(separator: "/")] = action }
    }

    /// Runs an action before the first request that no longer uses this profile.
    public func onDeactivate(@_inheritActorContext perform action: sending @escaping @isolated(any) () async -> Void) -> some LanguageModelSession.DynamicProfile {
        setting { $0.hooks.onDeactivate[$0.path.joined(separator: "/")] = action }
    }
}
