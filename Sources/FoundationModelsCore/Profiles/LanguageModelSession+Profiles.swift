extension LanguageModelSession {
    /// A session whose profile is evaluated before every model request (OS 27).
    ///
    /// The model is the profile's `.model(_:)`, or ``SystemLanguageModel/default``. The profile's
    /// instructions and tools lead every request; the transcript holds the history.
    ///
    /// - Parameters:
    ///   - profile: The profile.
    ///   - history: Entries to start from (a saved conversation), without instructions.
    public convenience init(profile: sending some DynamicProfile, history: some Collection<Transcript.Entry> = []) {
        self.init(profileState: ProfileState(profile), model: SystemLanguageModel.default, history: history)
    }

    /// A session whose instructions and tools are worked out again before every model request
    /// (OS 27).
    ///
    /// - Parameters:
    ///   - model: The model.
    ///   - dynamicInstructions: The instructions and tools.
    ///   - history: Entries to start from (a saved conversation), without instructions.
    public convenience init(
        model: some LanguageModel = SystemLanguageModel.default,
        dynamicInstructions: sending some DynamicInstructions,
        history: some Collection<Transcript.Entry> = []
    ) {
        let profile = Profile { AnyDynamicInstructions(dynamicInstructions) }
        self.init(profileState: ProfileState(profile), model: model, history: history)
    }

    private convenience init<Model: LanguageModel>(profileState: ProfileState, model: Model, history: some Collection<Transcript.Entry>) {
        self.init(transcript: Transcript(entries: history), tools: [], profile: profileState) {
            try ExecutorBackend(model: model)
        }
    }
}
