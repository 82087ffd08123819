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
/// the draft ends there; jump-forward tokens are pending tokens, fed without sampling, and the
/// draft continues after them.
extension EngineScheduler {
    /// The tokens to draft this step for each decoding generation (by slot), after the pending
    /// tokens it feeds: none when speculation is off, and never more than its adaptive draft
    /// length, the tokens it may still produce, the sequence's free cells or the batch's room.
    /// A draft model drafts for all of them in shared passes of its own.
    func plannedDrafts(for decoding: [Int]) -> [Int: [TokenID]] {
        guard speculation.isEnabled else { return [:] }
        var requests: [DraftRequest] = []
        var batchRoom = context.configuration.batchSize
        for index in decoding {
            guard let generation = slots[index].generation, !generation.ticket.isCancelled, generation.draftLength > 0 else { continue }
            let feeding = generation.remaining
            batchRoom -= feeding
            let cached = slots[index].cached.count
            // One generation's rows in a pass stay within the maximum draft plus one, pending tokens
            // included (see `SpeculationSettings.maximumDraft`).
            let limit = min(
                generation.draftLength,
                speculation.maximumDraft + 1 - feeding,
                generation.responseLimit - generation.producedTokens - 1,
                context.configuration.tokensPerSequence - cached - feeding,
                batchRoom)
            guard limit > 0 else { continue }
            batchRoom -= limit
            let history = slots[index].cached + generation.pending[generation.fed...]
            requests.append(DraftRequest(slot: index, history: history, limit: limit))
        }
        guard !requests.isEmpty else { return [:] }
        let drafts: [[TokenID]]
        if let drafter {
            let passesBefore = drafter.passes
            drafts = drafter.draft(requests)
            mailbox.statistics.withLock { $0.draftModelPasses += drafter.passes - passesBefore }
        } else {
            drafts = requests.map { PromptLookup.draft(history: $0.history, limit: $0.limit, settings: speculation) }
        }
        var planned: [Int: [TokenID]] = [:]
        for (request, draft) in zip(requests, drafts) where !draft.isEmpty {
            planned[request.slot] = draft
        }
        return planned
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
