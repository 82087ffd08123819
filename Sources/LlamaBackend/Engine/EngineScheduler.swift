import ConstrainedDecoding
import Synchronization

/// The decode loop of an ``InferenceEngine``, run on its dedicated thread.
///
/// Each step gathers every running generation into one batch (continuous batching): generations
/// that are decoding contribute their next token, generations that are prefilling contribute a
/// chunk of their prompt. After `llama_decode`, each generation whose last fed token produced
/// logits samples its next token. The scheduler holds the context for the whole loop, with no
/// suspension point, so no other code can touch it.
final class EngineScheduler {
    let context: LlamaContext
    let mailbox: EngineMailbox
    let vocabulary: Vocabulary
    var slots: [EngineSlot]
    private var waiting: [GenerationTicket] = []
    private let batch: TokenBatch
    private var step: UInt64 = 0
    /// Admissions so far; orders prefilling generations first come, first served.
    private var admissions: UInt64 = 0
    /// The fewest prompt tokens a prefix copy must save (see ``SlotPlanner``).
    private let minimumCopy: Int
    private var maskWords: [UInt32]
    private let tokensPerSequence: Int
    /// How generations draft tokens ahead (off when the cache cannot drop rejected drafts, or when
    /// drafts come from a draft model and none was given).
    let speculation: SpeculationSettings
    /// The draft model's runner, when drafts come from one.
    let drafter: DraftModelDrafter?
    /// What passes cost, to draft only where it pays.
    let costModel: SpeculationCostModel
    /// How many decoding generations a pass feeds.
    let passWidth: DecodingPassWidth
    /// Slots' sequences saved to host memory when a request took their slot.
    let hostCache: HostPromptCache
    /// Whether a step's decoding rows are computed together or one by one.
    let layout: MicroBatchLayout
    /// Stable prompt prefixes saved on disk for later processes, when configured.
    let prefixDisk: PrefixDiskCache?
    /// What each step feeds.
    let planner: StepPlanner

    init(context: LlamaContext, mailbox: EngineMailbox, drafter: DraftModelDrafter? = nil) {
        self.context = context
        self.mailbox = mailbox
        self.vocabulary = context.model.vocabulary
        let sequences = context.configuration.sequences
        self.slots = (0..<sequences).map { EngineSlot(sequence: Int32($0)) }
        self.batch = TokenBatch(capacity: context.configuration.batchSize)
        self.maskWords = [UInt32](repeating: 0, count: (vocabulary.count + 31) / 32)
        self.tokensPerSequence = context.configuration.tokensPerSequence
        self.minimumCopy = context.configuration.minimumPrefixCopy
        let speculation = context.configuration.speculation
        let hasSource = speculation.draftModelPath == nil || drafter != nil
        self.speculation = context.canDropTokens && hasSource ? speculation : .off
        self.drafter = self.speculation.isEnabled ? drafter : nil
        self.costModel = SpeculationCostModel(trackedRows: min(64, sequences * (self.speculation.maximumDraft + 1)))
        self.passWidth = DecodingPassWidth(mode: context.configuration.decodingPassWidth, rows: sequences)
        self.hostCache = HostPromptCache(capacity: context.configuration.hostCacheBytes)
        self.layout = MicroBatchLayout(mode: context.configuration.microBatchLayout)
        self.prefixDisk = Self.prefixDisk(for: context)
        self.planner = StepPlanner(
            batchCapacity: context.configuration.batchSize, prefillChunkWhileDecoding: context.configuration.prefillChunkWhileDecoding,
            tokensPerSequence: context.configuration.tokensPerSequence, speculates: self.speculation.isEnabled)
    }

    /// Runs until the engine shuts down.
    func run() {
        while let arrivals = mailbox.takePending() {
            for done in mailbox.takeCacheDiscards() {
                discardIdleCaches()
                done()
            }
            waiting.append(contentsOf: arrivals)
            admitWaitingGenerations()
            if slots.allSatisfy({ $0.generation == nil }) {
                mailbox.waitForWork()
                continue
            }
            closeHolesAmongBusySlots()
            runStep()
        }
        for ticket in waiting + mailbox.drainOnShutdown() {
            ticket.continuation.finish(throwing: LlamaError.engineStopped)
        }
        for index in slots.indices where slots[index].generation != nil {
            finish(slot: index, throwing: LlamaError.engineStopped)
        }
        for done in mailbox.takeCacheDiscards() { done() }
    }

    /// Empties every idle slot's cache (busy slots keep theirs).
    private func discardIdleCaches() {
        hostCache.removeAll()
        mailbox.statistics.withLock { $0.hostCacheBytes = 0 }
        for index in slots.indices where slots[index].generation == nil {
            context.removeTokens(of: slots[index].sequence, from: 0)
            slots[index].cached = []
            drafter?.forget(slot: index)
        }
    }

    // MARK: Admission

    /// Gives waiting generations a free slot (in arrival order), as ``SlotPlanner`` chooses.
    private func admitWaitingGenerations() {
        var stillWaiting: [GenerationTicket] = []
        for ticket in waiting {
            if ticket.isCancelled {
                ticket.continuation.finish(throwing: CancellationError())
                continue
            }
            let prompt = ticket.request.promptTokens
            let prefillOnly = ticket.request.maximumTokens == 0
            if prompt.isEmpty {
                ticket.continuation.finish(throwing: LlamaError.emptyPrompt)
                continue
            }
            if prompt.count + (prefillOnly ? 0 : 1) > tokensPerSequence {
                ticket.continuation.finish(
                    throwing: LlamaError.contextOverflow(
                        tokenCount: prompt.count + (prefillOnly ? 0 : 1), contextLength: tokensPerSequence))
                continue
            }
            let states = slots.map { SlotPlanner.SlotState(cached: $0.cached, isBusy: $0.generation != nil, lastUsed: $0.lastUsed) }
            guard
                let plan = SlotPlanner.plan(
                    for: prompt, slots: states, minimumCopy: minimumCopy, canCopy: context.canShareSequences, keepsEvicted: hostCache.isEnabled)
            else {
                stillWaiting.append(ticket)
                continue
            }
            for supplier in SlotPlanner.prefixSuppliers(of: plan, prompt: prompt, slots: states, minimumCopy: minimumCopy) {
                slots[supplier].lastUsed = step
            }
            start(ticket, plan: plan)
        }
        waiting = stillWaiting
    }

    /// Starts a generation in the plan's slot: copies the donor's prefix, drops what the prompt
    /// does not share, and queues the rest of the prompt.
    private func start(_ ticket: GenerationTicket, plan: SlotPlanner.Plan) {
        let prompt = ticket.request.promptTokens
        let prefillOnly = ticket.request.maximumTokens == 0
        let slotIndex = plan.slot
        let sequence = slots[slotIndex].sequence
        var reuse = plan.reusedTokens
        // The last prompt token must be fed again to get the logits for the first sampled token.
        if !prefillOnly, reuse == prompt.count { reuse -= 1 }
        // A slot that another admitted generation copies its prefix from (or a moved one's
        // old slot) takes no saved state before the next decode makes the copy: its prompt
        // is computed instead.
        let copyPending = context.awaitsCopy(sequence)
        let restore = copyPending ? nil : hostRestore(for: prompt, beating: reuse, prefillOnly: prefillOnly)
        // A stable prefix that memory does not hold comes from disk, or is computed from
        // position 0 in passes of its own and saved, so that every process computes it alike.
        let disk = diskPrefix(for: ticket.request, beating: restore?.kept ?? reuse).map { found in
            (length: found.length, state: copyPending ? nil : found.state)
        }
        saveBeforeEviction(slot: slotIndex, prompt: prompt, keeping: disk.map { $0.state == nil ? 0 : $0.length } ?? restore?.kept ?? reuse)
        var copied = 0
        var restored = 0
        var savesPrefixAt: Int?
        if let disk {
            reuse = disk.state.map { restoreFromDisk($0, prefix: Array(prompt[..<disk.length]), into: slotIndex) } ?? 0
            if reuse == 0 {
                context.removeTokens(of: sequence, from: 0)
                slots[slotIndex].cached = []
                savesPrefixAt = disk.length
            }
        } else if let restore {
            reuse = restoreFromHost(restore.entry, keeping: restore.kept, into: slotIndex)
            restored = reuse
        } else if let donor = plan.donor, reuse > 0, context.shareTokens(from: slots[donor].sequence, to: sequence, count: Int32(reuse)) {
            slots[slotIndex].cached = Array(prompt[..<reuse])
            copied = reuse
        } else {
            reuse = min(reuse, slots[slotIndex].sharedPrefixLength(with: prompt))
            if reuse < slots[slotIndex].cached.count {
                if !context.removeTokens(of: sequence, from: Int32(reuse)) {
                    context.removeTokens(of: sequence, from: 0)
                    reuse = 0
                }
                slots[slotIndex].cached.removeLast(slots[slotIndex].cached.count - reuse)
            }
        }
        let constraint: (any TokenConstraint)?
        do {
            constraint = try ticket.request.constraint?()
        } catch {
            ticket.continuation.finish(throwing: error)
            return
        }
        let contextRoom = tokensPerSequence - prompt.count
        let responseLimit = min(ticket.request.maximumTokens ?? Int.max, contextRoom)
        // Budget-aware decoding: refuse up front when even the shortest valid answer cannot fit.
        if let needed = constraint?.tokensToFinish, needed > responseLimit {
            ticket.continuation.finish(
                throwing: LlamaError.responseBudgetTooSmall(
                    neededTokens: needed, availableTokens: responseLimit, promptTokens: prompt.count,
                    contextLength: contextRoom < (ticket.request.maximumTokens ?? Int.max) ? tokensPerSequence : nil))
            return
        }
        admissions &+= 1
        let generation = ActiveGeneration(
            ticket: ticket, uncachedPrompt: Array(prompt[reuse...]), reusedTokens: reuse,
            admission: admissions, constraint: constraint, responseLimit: responseLimit, draftLength: speculation.maximumDraft,
            draftAcceptance: costModel.acceptance)
        generation.savesPrefixAt = savesPrefixAt
        slots[slotIndex].generation = generation
        slots[slotIndex].lastUsed = step
        mailbox.statistics.withLock { statistics in
            statistics.reusedPromptTokens += reuse
            statistics.droppedCacheTokens += plan.droppedTokens
            if copied > 0 {
                statistics.prefixCopies += 1
                statistics.copiedPromptTokens += copied
            }
            statistics.restoredPromptTokens += restored
            statistics.hostCacheBytes = hostCache.usedBytes
        }
        if generation.remaining == 0 {
            // Prewarming a prompt that is fully cached already.
            generation.hasPrefilled = true
            ticket.continuation.yield(.prefilled(promptTokens: prompt.count, cachedTokens: reuse))
            finish(slot: slotIndex, reason: .prefillOnly)
        }
    }

    // MARK: Host memory

    /// The saved sequence to restore for `prompt` and how many of its tokens to keep, when it
    /// keeps more of the prompt than the slots' `reuse` (restoring costs a copy of the state,
    /// little beside computing even one token).
    private func hostRestore(for prompt: [TokenID], beating reuse: Int, prefillOnly: Bool) -> (entry: HostPromptCache.Entry, kept: Int)? {
        guard hostCache.isEnabled, var match = hostCache.longestMatch(for: prompt) else { return nil }
        if !prefillOnly, match.shared == prompt.count { match.shared -= 1 }
        return match.shared > reuse ? (match.entry, match.shared) : nil
    }

    /// Saves what a slot caches to host memory before a request takes it, when the request
    /// would drop at least ``minimumCopy`` of those tokens (it keeps the first `kept` of the
    /// prompt) and no saved sequence holds them already.
    private func saveBeforeEviction(slot index: Int, prompt: [TokenID], keeping kept: Int) {
        let cached = slots[index].cached
        guard hostCache.isEnabled, cached.count - min(slots[index].sharedPrefixLength(with: prompt), kept) >= minimumCopy,
            hostCache.wouldStore(cached), let state = context.savedState(of: slots[index].sequence)
        else { return }
        if hostCache.store(tokens: cached, state: state, at: step) {
            mailbox.statistics.withLock { $0.savedSequences += 1 }
        }
    }

    /// Moves the generation in the highest busy slot into an idle slot below it, while idle
    /// slots lie between busy ones.
    ///
    /// llama.cpp puts each run of consecutive sequence ids of a step in its own micro-batch, and
    /// each micro-batch reads all the weights again: on 2 cores (Qwen2.5 0.5B) 8 rows in slots
    /// 0-7 took 68 ms a step, 7 rows in 0-2 and 4-7 took 104 ms, in 0-6 82-87 ms. A hole opens
    /// whenever a generation finishes before those above it. The slot left behind keeps the
    /// tokens as an idle cache, and what the hole held is saved to host memory first, as before
    /// any eviction. Only with the host cache (an eviction is then cheap to undo), without a
    /// draft model (which keeps a cache per slot), and for a generation that may still run
    /// ``minimumStepsToMove`` steps: llama.cpp copies the whole stream (about 50 MB for Qwen2.5
    /// 0.5B at 4096 tokens, more with longer contexts), less than one such step costs, but more
    /// than a generation about to end would earn back.
    private func closeHolesAmongBusySlots() {
        guard hostCache.isEnabled, drafter == nil, context.canShareSequences else { return }
        while true {
            let busy = slots.indices.filter { slots[$0].generation != nil }
            guard let lowest = busy.first, let highest = busy.last,
                let hole = (lowest..<highest).first(where: { slots[$0].generation == nil }),
                let moving = slots[highest].generation, moving.responseLimit - moving.producedTokens >= Self.minimumStepsToMove
            else { return }
            let tokens = slots[highest].cached
            saveBeforeEviction(slot: hole, prompt: tokens, keeping: 0)
            guard context.shareTokens(from: slots[highest].sequence, to: slots[hole].sequence, count: Int32(tokens.count)) else {
                // A failed copy may have emptied the hole; empty it for certain, so that what
                // the slot records matches what llama.cpp holds.
                context.removeTokens(of: slots[hole].sequence, from: 0)
                slots[hole].cached = []
                return
            }
            slots[hole].cached = tokens
            slots[hole].generation = slots[highest].generation
            slots[hole].lastFed = slots[highest].lastFed
            slots[hole].lastUsed = step
            slots[highest].generation = nil
            slots[highest].lastUsed = step
            mailbox.statistics.withLock { $0.movedGenerations += 1 }
        }
    }

    /// The fewest response tokens a generation may still produce for it to move down a slot.
    static let minimumStepsToMove = 8

    /// Loads a saved sequence into a slot and keeps its first `kept` tokens; returns how many
    /// the slot then caches (0 when llama.cpp refused the state, which is then forgotten).
    ///
    /// Takes the entry itself, not its place: saving the slot's own sequence first may have
    /// evicted it from the cache, and its state is still at hand.
    private func restoreFromHost(_ entry: HostPromptCache.Entry, keeping kept: Int, into index: Int) -> Int {
        let sequence = slots[index].sequence
        let tokens = entry.tokens
        guard context.restoreState(entry.state, into: sequence) else {
            hostCache.remove(entry.id)
            slots[index].cached = []
            mailbox.statistics.withLock { $0.failedRestores += 1 }
            return 0
        }
        if kept < tokens.count, !context.removeTokens(of: sequence, from: Int32(kept)) {
            context.removeTokens(of: sequence, from: 0)
            slots[index].cached = []
            return 0
        }
        slots[index].cached = Array(tokens[..<kept])
        // The slot holds all of it now; a part stays saved for the rest.
        if kept == tokens.count { hostCache.remove(entry.id) } else { hostCache.touch(entry.id, at: step) }
        mailbox.statistics.withLock { $0.restoredSequences += 1 }
        return kept
    }

    // MARK: Decoding

    struct Participant {
        let slot: Int
        let count: Int
        let logitsIndex: Int32?
        /// Tokens drafted after the fed ones, each with logits right after `logitsIndex`.
        var draft: [TokenID] = []
    }

    /// Runs one step: plans it (``StepPlanner``), ends the generations the plan ends, feeds the
    /// rest in one `llama_decode`, and advances each.
    private func runStep() {
        step &+= 1
        batch.removeAll()
        let rows = slots.indices.compactMap { index in
            slots[index].generation.map { generation in
                StepPlanner.Row(
                    slot: index, hasPrefilled: generation.hasPrefilled, admission: generation.admission, remaining: generation.remaining,
                    cached: slots[index].cached.count, lastFed: slots[index].lastFed, isCancelled: generation.ticket.isCancelled,
                    isPrefillOnly: generation.isPrefillOnly, savesPrefixAt: generation.savesPrefixAt)
            }
        }
        let plan = planner.plan(
            rows, passWidth: passWidth.width(decoding:), drafts: plannedDrafts(for:), computesAlone: layout.computesAlone(runs:))
        if plan.narrowed { mailbox.statistics.withLock { $0.narrowedPasses += 1 } }
        for ending in plan.endings {
            switch ending.reason {
            case .cancelled:
                finish(slot: ending.slot, throwing: CancellationError())
            case .contextOverflow(let tokenCount):
                finish(slot: ending.slot, throwing: LlamaError.contextOverflow(tokenCount: tokenCount, contextLength: tokensPerSequence))
            }
        }
        var participants: [Participant] = []
        for feed in plan.feeds {
            guard let generation = slots[feed.slot].generation else { continue }
            let start = slots[feed.slot].cached.count
            var logitsIndex: Int32?
            for offset in 0..<feed.take {
                let isLast = offset == feed.take - 1
                let entry = batch.append(
                    generation.pending[generation.fed + offset], position: Int32(start + offset), sequence: slots[feed.slot].sequence,
                    computeLogits: isLast && feed.wantsLogits)
                if isLast && feed.wantsLogits { logitsIndex = entry }
            }
            for (offset, token) in feed.draft.enumerated() {
                batch.append(token, position: Int32(start + feed.take + offset), sequence: slots[feed.slot].sequence, computeLogits: true)
            }
            participants.append(Participant(slot: feed.slot, count: feed.take, logitsIndex: logitsIndex, draft: feed.draft))
        }
        guard !participants.isEmpty else { return }
        if plan.isMixed {
            mailbox.statistics.withLock { statistics in
                statistics.mixedSteps += 1
                statistics.largestPrefillWhileDecoding = max(statistics.largestPrefillWhileDecoding, plan.prefillTokens)
            }
        }

        do {
            try context.decode(batch)
            if speculation.adaptsToCost { costModel.recordPass(rows: batch.count, seconds: context.lastPassSeconds) }
            passWidth.recordPass(rows: batch.count, seconds: context.lastPassSeconds, decodesOnly: plan.decodesOnly)
            if let rowLayout = plan.rowLayout {
                layout.recordStep(runs: rowLayout.runs, alone: rowLayout.alone, seconds: context.lastPassSeconds)
            } else {
                layout.recordOtherStep()
            }
        } catch {
            for participant in participants {
                let slot = slots[participant.slot]
                context.removeTokens(of: slot.sequence, from: Int32(slot.cached.count))
                finish(slot: participant.slot, throwing: error)
            }
            return
        }
        mailbox.statistics.withLock { statistics in
            statistics.decodeCalls += 1
            statistics.largestBatchSequences = max(statistics.largestBatchSequences, participants.count)
        }

        for participant in participants {
            slots[participant.slot].lastFed = step
            advance(participant)
        }
    }

    private func advance(_ participant: Participant) {
        guard let generation = slots[participant.slot].generation else { return }
        let fedTokens = generation.pending[generation.fed..<generation.fed + participant.count]
        slots[participant.slot].cached.append(contentsOf: fedTokens)
        generation.fed += participant.count
        if let stop = generation.savesPrefixAt, slots[participant.slot].cached.count >= stop {
            generation.savesPrefixAt = nil
            savePrefixToDisk(slot: participant.slot, length: stop)
        }
        if !generation.hasPrefilled {
            mailbox.statistics.withLock { $0.prefilledTokens += participant.count }
        }
        guard generation.remaining == 0 else { return }
        generation.pending.removeAll(keepingCapacity: true)
        generation.fed = 0
        if !generation.hasPrefilled {
            generation.hasPrefilled = true
            generation.ticket.continuation.yield(
                .prefilled(
                    promptTokens: generation.ticket.request.promptTokens.count, cachedTokens: generation.reusedTokens))
            if generation.isPrefillOnly {
                finish(slot: participant.slot, reason: .prefillOnly)
                return
            }
        }
        guard let logitsIndex = participant.logitsIndex else { return }
        if participant.draft.isEmpty {
            if let produced = produceTokens(slot: participant.slot, logitsIndex: logitsIndex) {
                generation.pending = produced
            }
        } else {
            verify(participant.draft, slot: participant.slot, logitsIndex: logitsIndex)
        }
    }

    /// Samples the next token from the logits at `logitsIndex`, with any jump-forward tokens after
    /// it, and reports their text. Returns them, or `nil` when the generation has ended (its slot
    /// is then free).
    func produceTokens(slot index: Int, logitsIndex: Int32) -> [TokenID]? {
        guard let generation = slots[index].generation else { return nil }
        guard let logits = context.logits(at: logitsIndex) else {
            finish(slot: index, throwing: LlamaError.logitsMissing(batchIndex: logitsIndex))
            return nil
        }
        var token: TokenID?
        if let constraint = generation.constraint {
            let maskStart = ContinuousClock.now
            maskWords.withUnsafeMutableBufferPointer { constraint.fillAllowedTokens($0) }
            var maskTime = ContinuousClock.now - maskStart
            token = maskWords.withUnsafeBufferPointer { words in
                generation.sampler.sample(logits: UnsafeBufferPointer(logits), allowed: words)
            }
            // Budget-aware closing: a token after which the structure could no longer be finished
            // in the tokens left is replaced by a sample among the tokens that close it.
            let left = generation.responseLimit - generation.producedTokens - 1
            if let sampled = token, !constraint.canFinish(after: sampled, within: left) {
                let narrowStart = ContinuousClock.now
                maskWords.withUnsafeMutableBufferPointer { constraint.narrowToClosingTokens($0) }
                maskTime += ContinuousClock.now - narrowStart
                token = maskWords.withUnsafeBufferPointer { words in
                    generation.sampler.sample(logits: UnsafeBufferPointer(logits), allowed: words)
                }
                mailbox.statistics.withLock { $0.closingTokens += 1 }
            }
            let (seconds, attoseconds) = maskTime.components
            mailbox.statistics.withLock { statistics in
                statistics.maskedSteps += 1
                statistics.maskNanoseconds += seconds * 1_000_000_000 + attoseconds / 1_000_000_000
            }
        } else {
            token = generation.sampler.sample(logits: UnsafeBufferPointer(logits), allowed: nil)
        }
        guard let token else {
            finish(slot: index, throwing: LlamaError.constraintDeadEnd(generatedTokens: generation.producedTokens))
            return nil
        }
        mailbox.statistics.withLock { $0.sampledTokens += 1 }
        if vocabulary.isEndOfGeneration(token) {
            finish(slot: index, reason: .endOfGeneration)
            return nil
        }
        var produced = [token]
        if let constraint = generation.constraint {
            guard constraint.accept(token) else {
                finish(slot: index, throwing: LlamaError.constraintDeadEnd(generatedTokens: generation.producedTokens))
                return nil
            }
            let forced = constraint.takeForcedTokens()
            if !forced.isEmpty {
                produced.append(contentsOf: forced)
                mailbox.statistics.withLock { $0.forcedTokens += forced.count }
            }
        }
        generation.producedTokens += produced.count
        var bytes: [UInt8] = []
        for token in produced { bytes.append(contentsOf: vocabulary.piece(for: token)) }
        let text = generation.decoder.append(bytes)
        generation.ticket.continuation.yield(.text(text, tokens: produced))
        if generation.constraint?.isComplete == true {
            finish(slot: index, reason: .constraintComplete)
        } else if let maximum = generation.ticket.request.maximumTokens, generation.producedTokens >= maximum {
            finish(slot: index, reason: .maximumTokens)
        } else if generation.producedTokens >= generation.responseLimit, generation.constraint?.tokensToFinish == 0 {
            // A structure that fills the context exactly ends there, valid, rather than overflow.
            finish(slot: index, reason: .maximumTokens)
        } else {
            return produced
        }
        return nil
    }

    // MARK: Finishing

    func finish(slot index: Int, reason: FinishReason) {
        guard let generation = slots[index].generation else { return }
        slots[index].generation = nil
        slots[index].lastUsed = step
        let rest = generation.decoder.finish()
        if !rest.isEmpty { generation.ticket.continuation.yield(.text(rest, tokens: [])) }
        generation.ticket.continuation.yield(.finished(reason))
        generation.ticket.continuation.finish()
    }

    func finish(slot index: Int, throwing error: any Error) {
        guard let generation = slots[index].generation else { return }
        slots[index].generation = nil
        slots[index].lastUsed = step
        generation.ticket.continuation.finish(throwing: error)
    }
}
