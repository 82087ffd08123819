import Foundation
import Synchronization

/// Runs generations for many sessions on one loaded model, batching their decoding steps together.
///
/// The engine owns one llama.cpp context with a KV sequence per slot. A dedicated thread runs the
/// decode loop (``EngineScheduler``); it never blocks Swift's cooperative thread pool. Each
/// generation reuses the longest cached prefix of its prompt, so a conversation's next turn only
/// prefills its new tokens. Requests beyond the number of slots wait for one to free.
package final class InferenceEngine: Sendable {
    /// The model the engine runs.
    package let model: LlamaModel
    /// The context configuration (slots, tokens per slot, batch sizes, threads).
    package let configuration: ContextConfiguration
    let mailbox: EngineMailbox

    /// Starts an engine: creates the llama.cpp context and its decode thread.
    ///
    /// - Parameter draftModel: The model that drafts tokens when the configuration's speculation
    ///   takes them from a draft model (``SpeculationSettings/Source/draftModel(path:)``); without
    ///   it such a configuration does not speculate.
    /// - Throws: ``LlamaError/contextCreationFailed(contextLength:sequences:)``,
    ///   ``LlamaError/draftModelIncompatible(path:model:reason:)``.
    package init(model: LlamaModel, configuration: ContextConfiguration = ContextConfiguration(), draftModel: LlamaModel? = nil)
        throws(LlamaError)
    {
        self.model = model
        self.configuration = configuration
        let mailbox = EngineMailbox()
        self.mailbox = mailbox
        let started = DispatchSemaphore(value: 0)
        let startError = Mutex<LlamaError?>(nil)
        let thread = Thread {
            let scheduler: EngineScheduler
            do throws(LlamaError) {
                let context = try LlamaContext(model: model, configuration: configuration)
                let drafter = try draftModel.map { draftModel throws(LlamaError) in
                    try DraftModelDrafter(model: draftModel, for: model, configuration: configuration)
                }
                scheduler = EngineScheduler(context: context, mailbox: mailbox, drafter: drafter)
            } catch {
                startError.withLock { $0 = error }
                started.signal()
                return
            }
            started.signal()
            scheduler.run()
        }
        thread.name = "fm-llama-engine"
        thread.stackSize = 8 << 20
        thread.start()
        started.wait()
        if let error = startError.withLock({ $0 }) { throw error }
    }

    deinit {
        mailbox.shutDown()
    }

    /// Tokens one conversation can hold (prompt plus response).
    package var tokensPerSequence: Int { configuration.tokensPerSequence }

    /// Starts a generation; its events arrive on the returned stream.
    ///
    /// Cancelling the consuming task (or dropping the stream) stops decoding within one token; the
    /// tokens decoded so far stay cached for the next turn.
    package func generate(_ request: GenerationRequest) -> AsyncThrowingStream<GenerationEvent, any Error> {
        let (stream, continuation) = AsyncThrowingStream<GenerationEvent, any Error>.makeStream()
        let ticket = GenerationTicket(request: request, continuation: continuation)
        continuation.onTermination = { [mailbox] termination in
            if case .cancelled = termination {
                ticket.cancel()
                mailbox.wake()
            }
        }
        mailbox.submit(ticket)
        return stream
    }

    /// Fills the cache with `tokens` ahead of a request that starts with them; the first
    /// `stablePrefixLength` are loaded from, or saved to, the prefixes on disk (see
    /// ``GenerationRequest/stablePrefixLength``).
    package func prewarm(tokens: [TokenID], stablePrefixLength: Int? = nil) async throws {
        var request = GenerationRequest(promptTokens: tokens, maximumTokens: 0)
        request.stablePrefixLength = stablePrefixLength
        let stream = generate(request)
        for try await _ in stream {}
    }

    /// Empties the cache of every slot that is not generating, so that the next requests compute
    /// their prompts in full: the baseline of benchmarks and tests. Returns once it is done.
    package func discardIdleCaches() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            mailbox.requestCacheDiscard { continuation.resume() }
        }
    }

    /// Statistics about the engine's cache, for benchmarks and tests.
    package func statistics() -> EngineStatistics {
        mailbox.statistics.withLock { $0 }
    }
}

/// Counters the engine keeps about its work.
package struct EngineStatistics: Sendable, Equatable {
    /// Prompt tokens that were found in the cache and not recomputed (including copied ones).
    package var reusedPromptTokens = 0
    /// Prompt tokens copied from another slot's cache (a prefix shared across sessions).
    package var copiedPromptTokens = 0
    /// Prompt tokens restored from sequences saved to host memory (see
    /// ``ContextConfiguration/hostCacheBytes``).
    package var restoredPromptTokens = 0
    /// Sequences saved to host memory before a request took their slot.
    package var savedSequences = 0
    /// Saved sequences loaded back into a slot.
    package var restoredSequences = 0
    /// Saved sequences llama.cpp refused to load (their tokens were computed instead).
    package var failedRestores = 0
    /// Bytes of saved sequences held in host memory now.
    package var hostCacheBytes = 0
    /// Prompt tokens loaded from prefixes saved on disk (see
    /// ``ContextConfiguration/prefixCacheDirectory``), by this or an earlier process.
    package var diskRestoredPromptTokens = 0
    /// Prefixes saved to disk.
    package var diskSavedPrefixes = 0
    /// Prefix files found but not used: truncated, corrupt, of another model or build, or
    /// refused by llama.cpp (their tokens were computed instead).
    package var diskRejectedPrefixes = 0
    /// Prefix copies between slots.
    package var prefixCopies = 0
    /// Running generations moved to a lower slot, so that the busy slots stay side by side.
    package var movedGenerations = 0
    /// Cached tokens dropped because a request in their slot did not share them (evictions).
    package var droppedCacheTokens = 0
    /// Prompt tokens that were computed.
    package var prefilledTokens = 0
    /// Tokens that were sampled.
    package var sampledTokens = 0
    /// Tokens appended by jump-forward without sampling.
    package var forcedTokens = 0
    /// Tokens resampled among closing tokens because the sampled one would have left too little
    /// budget to finish the structure (budget-aware decoding).
    package var closingTokens = 0
    /// `llama_decode` calls.
    package var decodeCalls = 0
    /// The most generations decoded in one batch.
    package var largestBatchSequences = 0
    /// Passes that fed fewer generations than were decoding, because narrower passes were faster
    /// (see ``ContextConfiguration/decodingPassWidth``).
    package var narrowedPasses = 0
    /// Steps that fed prompt tokens while other generations decoded.
    package var mixedSteps = 0
    /// The most prompt tokens fed in one step while other generations decoded (bounded by
    /// ``ContextConfiguration/prefillChunkWhileDecoding``, so prefills cannot starve decoders).
    package var largestPrefillWhileDecoding = 0
    /// Tokens drafted ahead by speculation (prompt lookup) and fed for verification.
    package var draftedTokens = 0
    /// Drafted tokens that matched what the model produced (each saved one decoding pass).
    package var acceptedDraftTokens = 0
    /// Passes of the draft model (speculation with a draft model), not counted in ``decodeCalls``.
    package var draftModelPasses = 0
    /// Drafted tokens dropped before feeding because the generation's constraint forbids them
    /// (or a token before them): they could not be sampled.
    package var draftTokensCutByConstraint = 0
    /// Sampling steps whose candidates a token constraint masked (guided generation).
    package var maskedSteps = 0
    /// Time spent computing those masks (allowed tokens, and closing tokens when the budget runs
    /// low), in nanoseconds.
    package var maskNanoseconds: Int64 = 0
}

/// A submitted generation, shared between the caller's stream and the engine thread.
final class GenerationTicket: Sendable {
    let request: GenerationRequest
    let continuation: AsyncThrowingStream<GenerationEvent, any Error>.Continuation
    private let cancelled = Atomic<Bool>(false)

    init(request: GenerationRequest, continuation: AsyncThrowingStream<GenerationEvent, any Error>.Continuation) {
        self.request = request
        self.continuation = continuation
    }

    var isCancelled: Bool { cancelled.load(ordering: .acquiring) }

    func cancel() { cancelled.store(true, ordering: .releasing) }
}

/// The engine thread's inbox: new tickets, wake-ups and shutdown.
final class EngineMailbox: Sendable {
    private struct State {
        var pending: [GenerationTicket] = []
        var cacheDiscards: [@Sendable () -> Void] = []
        var isShutDown = false
    }

    private let state = Mutex(State())
    private let signal = DispatchSemaphore(value: 0)
    let statistics = Mutex(EngineStatistics())

    func submit(_ ticket: GenerationTicket) {
        let accepted = state.withLock { state -> Bool in
            guard !state.isShutDown else { return false }
            state.pending.append(ticket)
            return true
        }
        if accepted {
            signal.signal()
        } else {
            ticket.continuation.finish(throwing: LlamaError.engineStopped)
        }
    }

    func wake() { signal.signal() }

    /// Asks the engine thread to empty its idle slots' caches; `done` runs once it has (at once
    /// when the engine has stopped).
    func requestCacheDiscard(_ done: @escaping @Sendable () -> Void) {
        let accepted = state.withLock { state -> Bool in
            guard !state.isShutDown else { return false }
            state.cacheDiscards.append(done)
            return true
        }
        if accepted { signal.signal() } else { done() }
    }

    /// The pending cache discards.
    func takeCacheDiscards() -> [@Sendable () -> Void] {
        state.withLock { state in
            defer { state.cacheDiscards.removeAll() }
            return state.cacheDiscards
        }
    }

    func shutDown() {
        state.withLock { $0.isShutDown = true }
        signal.signal()
    }

    /// Takes the pending tickets; returns nil once shut down.
    func takePending() -> [GenerationTicket]? {
        state.withLock { state in
            if state.isShutDown { return nil }
            defer { state.pending.removeAll() }
            return state.pending
        }
    }

    /// Blocks the engine thread until something arrives.
    func waitForWork() { signal.wait() }

    /// Tickets left when the engine stops, to fail them.
    func drainOnShutdown() -> [GenerationTicket] {
        state.withLock { state in
            defer { state.pending.removeAll() }
            return state.pending
        }
    }
}
