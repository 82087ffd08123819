import ConstrainedDecoding
import Synchronization

/// Speculative decoding with drafts from prompt lookup or a draft model (see ``SpeculationSettings``).
///
/// A decoding generation's step feeds its pending tokens and then up to `draftLength` drafted
/// ones, every one with logits. After the pass, ``verify(_:slot:logitsIndex:)`` samples position
/// after position exactly as a step without drafts would (same mask, same sampler state), and
/// moves on to the next position only while what it produced equals the draft there. The cells of
/// the drafted tokens that did not hold are dropped from the cache. Greedy and seeded outputs are
/// therefore those of decoding one token per pass; sampling and then comparing with a fixed draft
/// token is the speculative-sampling acceptance rule for a draft that proposes one token with
/// certainty (accepted with the model's probability of it; otherwise the model's distribution
/// without it).
///
/// Guided generation composes with it: a drafted token the grammar forbids cannot be sampled, so
/// the draft is cut before it when planned (``TokenConstraint/acceptedPrefixLength(of:)``, checked
/// on the tokens' bytes without accepting them), and never fed; jump-forward tokens are pending
/// tokens, fed without sampling, and the draft continues after them.
extension EngineScheduler {
    /// The tokens to draft this step for each decoding generation (by slot), after the pending
    /// tokens it feeds: none when speculation is off, and never more than its adaptive draft
    /// length, the tokens it may still produce, the sequence's free cells or the batch's room.
    /// A draft model drafts for all of them in shared passes of its own.
    func plannedDrafts(for decoding: [Int]) -> [Int: [TokenID]] {
        guard speculation.isEnabled else { return [:] }
        var requests: [DraftRequest] = []
        var batchRoom = context.configuration.batchSize
        // Rows the step feeds so far: every decoding generation's pending tokens, and the drafts
        // chosen before.
        var rows = decoding.reduce(0) { $0 + (slots[$1].generation?.remaining ?? 0) }
        batchRoom -= rows
        for index in decoding {
            guard let generation = slots[index].generation, !generation.ticket.isCancelled, generation.draftLength > 0 else { continue }
            let feeding = generation.remaining
            let cached = slots[index].cached.count
            // One generation's rows in a pass stay within the maximum draft plus one, pending tokens
            // included (see `SpeculationSettings.maximumDraft`).
            var limit = min(
                generation.draftLength,
                speculation.maximumDraft + 1 - feeding,
                generation.responseLimit - generation.producedTokens - 1,
                context.configuration.tokensPerSequence - cached - feeding,
                batchRoom)
            if speculation.adaptsToCost, limit > 0 {
                limit = costAwareDraftLength(for: generation, slot: index, rows: rows, limit: limit)
            }
            guard limit > 0 else { continue }
            let history = slots[index].cached + generation.pending[generation.fed...]
            requests.append(DraftRequest(slot: index, history: history, limit: limit))
            batchRoom -= limit
            rows += limit
        }
        guard !requests.isEmpty else { return [:] }
        let drafts: [[TokenID]]
        if let drafter {
            let passesBefore = drafter.passes
            let (timedPasses, timedSeconds) = (drafter.timedPasses, drafter.timedSeconds)
            drafts = drafter.draft(requests)
            costModel.recordDraftPasses(drafter.timedPasses - timedPasses, seconds: drafter.timedSeconds - timedSeconds)
            mailbox.statistics.withLock { $0.draftModelPasses += drafter.passes - passesBefore }
        } else {
            drafts = requests.map { PromptLookup.draft(history: $0.history, limit: $0.limit, settings: speculation) }
        }
        var planned: [Int: [TokenID]] = [:]
        var cut = 0
        for (request, draft) in zip(requests, drafts) where !draft.isEmpty {
            // A guided generation's constraint stands after its pending tokens: a drafted token it
            // forbids could not be sampled, so the draft ends before it.
            let kept = slots[request.slot].generation?.constraint?.acceptedPrefixLength(of: draft) ?? draft.count
            cut += draft.count - kept
            if kept > 0 { planned[request.slot] = Array(draft.prefix(kept)) }
        }
        if cut > 0 { mailbox.statistics.withLock { $0.draftTokensCutByConstraint += cut } }
        return planned
    }

    /// The draft length the cost model judges best for a generation in a step of `rows` rows, or
    /// one token every 16th step where it judges none best, to keep the acceptance estimate current.
    ///
    /// A draft model that would first have to read more than 64 tokens of the conversation (a new
    /// prompt, or many steps without drafting) does so only where drafting is known to pay: that
    /// reading costs more than a probe or an exploration could show. The engine's first drafting
    /// pays it once, to time the draft model.
    private func costAwareDraftLength(for generation: ActiveGeneration, slot index: Int, rows: Int, limit: Int) -> Int {
        let lagging = drafter.map { slots[index].cached.count + generation.remaining - $0.cachedCount(slot: index) > 64 } ?? false
        let chosen = costModel.bestDraftLength(
            rows: rows, acceptance: generation.draftAcceptance, limit: limit, drafterCosts: drafter != nil,
            explores: !lagging || !costModel.knowsDraftCost)
        guard chosen == 0 else {
            generation.stepsWithoutDraft = 0
            return chosen
        }
        generation.stepsWithoutDraft += 1
        guard generation.stepsWithoutDraft >= 16, !lagging else { return 0 }
        generation.stepsWithoutDraft = 0
        return 1
    }

    /// Samples the positions of a step that fed `draft` after the generation's pending tokens,
    /// starting with the logits at `logitsIndex` (those of the last pending token), and keeps the
    /// drafted tokens that match what was produced.
    func verify(_ draft: [TokenID], slot index: Int, logitsIndex: Int32) {
        guard let generation = slots[index].generation else { return }
        let sequence = slots[index].sequence
        var accepted = 0
        while let produced = produceTokens(slot: index, logitsIndex: logitsIndex + Int32(accepted)) {
            let end = accepted + produced.count
            guard end <= draft.count, draft[accepted..<end].elementsEqual(produced) else {
                generation.pending = produced
                break
            }
            // The produced tokens are cached already: they were fed as the draft.
            slots[index].cached.append(contentsOf: produced)
            accepted = end
        }
        generation.adaptDraftLength(drafted: draft.count, accepted: accepted, maximum: speculation.maximumDraft)
        costModel.recordVerification(drafted: draft.count, accepted: accepted)
        mailbox.statistics.withLock { statistics in
            statistics.draftedTokens += draft.count
            statistics.acceptedDraftTokens += accepted
        }
        guard accepted < draft.count else { return }
        // Drop the cells of the drafted tokens that did not hold.
        let position = Int32(slots[index].cached.count)
        if !context.removeTokens(of: sequence, from: position) {
            context.removeTokens(of: sequence, from: 0)
            slots[index].cached = []
            finish(slot: index, throwing: LlamaError.cacheEditFailed(sequence: sequence, position: position))
        }
    }
}
