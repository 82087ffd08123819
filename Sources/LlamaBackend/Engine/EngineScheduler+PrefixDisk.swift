import Synchronization

/// The scheduler's side of ``PrefixDiskCache``: a request's stable prefix is loaded from disk
/// when memory does not hold it, or computed in passes that stop where it ends and saved.
///
/// Computing the prefix in passes of its own, from position 0, whether or not a file is found
/// later, is what keeps answers the same: a process that loads the prefix then computes the rest
/// of the prompt in the very passes that the process which saved it did, so every number it
/// computes is the same, not just close.
extension EngineScheduler {
    /// The fewest tokens a stable prefix must have to be saved: below this, a file costs about
    /// what computing the tokens does.
    static let minimumDiskPrefix = 32

    /// The disk store of a context's configuration, or nil when none is configured (or the
    /// folder or the model file cannot be read).
    static func prefixDisk(for context: LlamaContext) -> PrefixDiskCache? {
        let configuration = context.configuration
        guard let directory = configuration.prefixCacheDirectory, configuration.prefixCacheBytes > 0,
            let identity = context.prefixCacheIdentity
        else { return nil }
        return PrefixDiskCache(directory: directory, capacity: configuration.prefixCacheBytes, identity: identity)
    }

    /// The request's stable prefix when memory holds less of the prompt than it (`reuse`
    /// tokens), with its saved state when a valid file holds it; nil when there is no disk
    /// store, no stable prefix worth saving, or memory holds enough.
    ///
    /// A request that generates needs at least one prompt token after the prefix, computed as in
    /// the process that saved it.
    func diskPrefix(for request: GenerationRequest, beating reuse: Int) -> (length: Int, state: [UInt8]?)? {
        guard let prefixDisk, let length = request.stablePrefixLength, length >= Self.minimumDiskPrefix, reuse < length else {
            return nil
        }
        let prompt = request.promptTokens
        guard length < prompt.count || (length == prompt.count && request.maximumTokens == 0) else { return nil }
        switch prefixDisk.load(tokens: Array(prompt[..<length])) {
        case .hit(let state):
            return (length, state)
        case .miss:
            return (length, nil)
        case .rejected:
            mailbox.statistics.withLock { $0.diskRejectedPrefixes += 1 }
            return (length, nil)
        }
    }

    /// Loads a prefix's saved state into a slot; returns how many tokens the slot then caches
    /// (0 when llama.cpp refused the state: the slot then caches nothing).
    func restoreFromDisk(_ state: [UInt8], prefix: [TokenID], into index: Int) -> Int {
        guard context.restoreState(state, into: slots[index].sequence) else {
            slots[index].cached = []
            mailbox.statistics.withLock { $0.diskRejectedPrefixes += 1 }
            return 0
        }
        slots[index].cached = prefix
        mailbox.statistics.withLock { $0.diskRestoredPromptTokens += prefix.count }
        return prefix.count
    }

    /// Saves the first `length` tokens a slot caches to disk, when that is all it caches (the
    /// pass that reached them stopped there).
    func savePrefixToDisk(slot index: Int, length: Int) {
        guard let prefixDisk, slots[index].cached.count == length, let state = context.savedState(of: slots[index].sequence) else {
            return
        }
        if prefixDisk.store(tokens: slots[index].cached, state: state) {
            mailbox.statistics.withLock { $0.diskSavedPrefixes += 1 }
        }
    }
}
