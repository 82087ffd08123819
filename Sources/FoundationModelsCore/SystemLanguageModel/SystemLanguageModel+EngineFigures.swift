import LlamaBackend

extension SystemLanguageModel {
    /// Work the model's local engine has done since it started, for servers' metrics (an addition
    /// of this package, not Apple's API).
    package struct EngineFigures: Sendable, Equatable {
        /// Sampling steps whose candidates a token constraint masked (guided generation).
        package var maskedSteps = 0
        /// Seconds spent computing those masks.
        package var maskSeconds = 0.0
        /// Prompt tokens found in the cache instead of computed.
        package var reusedPromptTokens = 0
        /// Tokens appended by jump-forward without sampling.
        package var forcedTokens = 0
        /// Model passes (`llama_decode` calls).
        package var decodeCalls = 0
        /// Tokens drafted by speculation and verified.
        package var draftedTokens = 0
        /// Drafted tokens that held.
        package var acceptedDraftTokens = 0
        /// Passes of the draft model, when a draft model makes the drafts.
        package var draftModelPasses = 0
        /// Drafted tokens dropped before feeding because the grammar forbids them.
        package var draftTokensCutByConstraint = 0
        /// Prompt tokens restored from conversations saved to host memory when their slot was
        /// taken (part of ``reusedPromptTokens``).
        package var restoredPromptTokens = 0
        /// Conversations saved to host memory when a request took their slot.
        package var savedSequences = 0
        /// Bytes those saved conversations hold now.
        package var hostCacheBytes = 0
        /// Running generations moved to a lower slot, so that the busy slots stay side by side.
        package var movedGenerations = 0

        /// Zeros.
        package init() {}

        init(_ statistics: EngineStatistics) {
            maskedSteps = statistics.maskedSteps
            maskSeconds = Double(statistics.maskNanoseconds) / 1e9
            reusedPromptTokens = statistics.reusedPromptTokens
            forcedTokens = statistics.forcedTokens
            decodeCalls = statistics.decodeCalls
            draftedTokens = statistics.draftedTokens
            acceptedDraftTokens = statistics.acceptedDraftTokens
            draftModelPasses = statistics.draftModelPasses
            draftTokensCutByConstraint = statistics.draftTokensCutByConstraint
            restoredPromptTokens = statistics.restoredPromptTokens
            savedSequences = statistics.savedSequences
            hostCacheBytes = statistics.hostCacheBytes
            movedGenerations = statistics.movedGenerations
        }
    }

    /// The figures of the engine this model runs on, or zeros when it has not started yet.
    package func engineFigures() async -> EngineFigures {
        guard let engine = await EngineStore.shared.startedEngine(for: settings) else { return EngineFigures() }
        return EngineFigures(engine.statistics())
    }
}
