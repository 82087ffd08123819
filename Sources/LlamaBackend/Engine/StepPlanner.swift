/// Decides what one step of the ``EngineScheduler`` feeds: which running generations take part,
/// how many tokens each feeds, their drafts, the order of their rows in the batch, and which end
/// instead (cancelled, or out of cells).
///
/// The rules, in order:
///
/// 1. **Decoding first, then prefills in arrival order.** Decoding generations feed their pending
///    tokens; prefilling ones take the prefill budget first come, first served (the whole batch
///    when nothing decodes, ``prefillChunkWhileDecoding`` tokens while others decode, so their
///    tokens keep flowing). A prefix to save on disk ends a pass where it ends.
/// 2. **Narrower passes.** A step of single tokens only (no prefill, no speculation) may feed fewer
///    generations than decode, as ``DecodingPassWidth`` measures cheaper; those fed longest ago go
///    first.
/// 3. **Drafts** (``SpeculationSettings``) follow a decoding generation's pending tokens when it
///    feeds all of them, cut to the batch's room.
/// 4. **Batch order.** llama.cpp splits a pass over separate KV streams into micro-batches of
///    consecutive sequence ids, taken in batch order (`split_equal`): decoders first and a prompt
///    after them would cost an extra micro-batch whenever the prompt's slot lies between theirs,
///    so rows go in slot order. A step of decoding rows only is laid out as ``MicroBatchLayout``
///    measures cheapest: together, or alone (descending slots never continue a run).
///
/// Pure logic over ``Row`` values; what depends on measurements or on a draft source (the pass
/// width, the drafts, the row layout) is asked through closures, so plans are tested without a
/// model. The scheduler executes the ``StepPlan``.
struct StepPlanner {
    /// What the planner sees of a running generation.
    struct Row: Equatable {
        /// The generation's slot.
        var slot: Int
        /// Whether its prompt is all in the cache (it decodes).
        var hasPrefilled: Bool
        /// When it was admitted: prefills take the budget in this order.
        var admission: UInt64
        /// Tokens it has still to feed: prompt tokens, or the sampled and jump-forward ones.
        var remaining: Int
        /// Tokens its slot caches.
        var cached: Int
        /// The step that last fed it.
        var lastFed: UInt64 = 0
        /// Whether its request was cancelled.
        var isCancelled = false
        /// Whether it only fills the cache (it samples nothing).
        var isPrefillOnly = false
        /// The cache length at which its stable prefix is saved to disk, while not yet reached.
        var savesPrefixAt: Int?
    }

    /// Tokens one pass holds.
    var batchCapacity: Int
    /// The prompt tokens a step feeds while other generations decode.
    var prefillChunkWhileDecoding: Int
    /// The cells of one sequence.
    var tokensPerSequence: Int
    /// Whether generations draft tokens ahead (steps then never narrow).
    var speculates: Bool

    /// The plan of one step.
    ///
    /// - Parameters:
    ///   - rows: The running generations.
    ///   - passWidth: How many of this many decoding generations a step of single tokens feeds.
    ///   - drafts: The drafts of the decoding generations fed this step, by slot.
    ///   - computesAlone: Whether a step of decoding rows in runs of these lengths computes its rows
    ///     one by one.
    /// - Returns: What the step feeds, in batch order, and which generations end.
    func plan(
        _ rows: [Row], passWidth: (Int) -> Int, drafts: ([Int]) -> [Int: [TokenID]], computesAlone: ([Int]) -> Bool
    ) -> StepPlan {
        var plan = StepPlan()
        var decoding = rows.filter(\.hasPrefilled)
        let prefilling = rows.filter { !$0.hasPrefilled }.sorted { $0.admission < $1.admission }
        plan.decodesOnly = prefilling.isEmpty && !speculates && decoding.allSatisfy { $0.remaining == 1 }
        if plan.decodesOnly {
            let width = passWidth(decoding.count)
            if width < decoding.count {
                decoding = Array(decoding.sorted { ($0.lastFed, $0.slot) < ($1.lastFed, $1.slot) }.prefix(width))
                    .sorted { $0.slot < $1.slot }
                plan.narrowed = true
            }
        }
        let prefillBudget = decoding.isEmpty ? batchCapacity : prefillChunkWhileDecoding
        var drafted = drafts(decoding.map(\.slot))
        var used = 0
        // Decided in budget order, appended in slot order.
        for row in decoding + prefilling {
            if row.isCancelled {
                plan.endings.append(.init(slot: row.slot, reason: .cancelled))
                continue
            }
            var take = min(row.remaining, batchCapacity - used)
            if !row.hasPrefilled {
                take = min(take, prefillBudget - plan.prefillTokens)
                // A prefix saved to disk ends a pass, so that its state holds exactly its tokens.
                if let stop = row.savesPrefixAt, row.cached < stop { take = min(take, stop - row.cached) }
            }
            guard take > 0 else { continue }
            if row.cached + take > tokensPerSequence {
                plan.endings.append(.init(slot: row.slot, reason: .contextOverflow(tokenCount: row.cached + row.remaining)))
                continue
            }
            let wantsLogits = take == row.remaining && !row.isPrefillOnly
            if !row.hasPrefilled { plan.prefillTokens += take }
            var draft: [TokenID] = []
            if row.hasPrefilled, wantsLogits, let tokens = drafted.removeValue(forKey: row.slot) {
                draft = Array(tokens.prefix(batchCapacity - used - take))
            }
            used += take + draft.count
            plan.feeds.append(.init(slot: row.slot, take: take, wantsLogits: wantsLogits, draft: draft, prefills: !row.hasPrefilled))
        }
        plan.feeds.sort { $0.slot < $1.slot }
        let rowsOnly = plan.feeds.allSatisfy { $0.take == 1 && $0.draft.isEmpty && !$0.prefills }
        if rowsOnly, !plan.feeds.isEmpty {
            let runs = Self.runLengths(of: plan.feeds.map(\.slot))
            let alone = computesAlone(runs)
            if alone { plan.feeds.reverse() }
            plan.rowLayout = .init(runs: runs, alone: alone)
        }
        return plan
    }

    /// The lengths of the runs of consecutive numbers in ascending `slots`: `[0, 1, 3]` → `[2, 1]`.
    static func runLengths(of slots: [Int]) -> [Int] {
        var runs: [Int] = []
        for (position, slot) in slots.enumerated() {
            if position > 0, slots[position - 1] + 1 == slot { runs[runs.count - 1] += 1 } else { runs.append(1) }
        }
        return runs
    }
}
