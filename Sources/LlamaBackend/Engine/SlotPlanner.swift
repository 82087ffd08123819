/// Chooses the slot (KV sequence) a new request runs in, and whether another slot's cached prefix
/// is copied into it first.
///
/// The goal is to compute as few prompt tokens as possible while evicting as little useful cache
/// as possible, when there are more sessions than slots:
///
/// 1. **Reuse.** `best` is the longest prefix of the prompt that any slot caches, idle or busy.
///    With copying, every idle slot can start from `best`; without, only the slots that hold it.
/// 2. **Cheap slots first.** An idle slot whose cache is (almost) all a prefix of the prompt loses
///    nothing by taking the request: the same conversation's previous turn, a prewarmed prefix,
///    or an empty slot. If such a slot also reaches `best` (within `minimumCopy`) without a copy,
///    it is chosen: the longest reuse first, then the least loss, then the least recently used.
/// 3. **Otherwise evict the least recently used idle slot.** "Used" counts running a request and
///    supplying a prefix to another slot's request (the engine touches the donor and every slot
///    whose whole cache is a prefix of an admitted prompt), so a slot whose cache is a long prefix
///    of other sessions' prompts stays warm and is evicted last. The victim then gets the longest
///    cached prefix, copied from the slot that holds it when that saves at least `minimumCopy`
///    tokens.
/// 4. **Busy slots side by side.** llama.cpp puts each run of consecutive sequence ids of a step
///    in its own micro-batch, and each micro-batch reads all the weights again, so rows in slots
///    2, 4, 5 and 6 cost more than rows in 1 to 4. When copies are possible and what a
///    slot loses is kept elsewhere (the host cache), a plan whose slot would leave a hole next to
///    the busy slots moves to an idle slot that leaves the fewest (the least loss, then the least
///    recently used), with the same reused prefix copied there. Measured on 2 cores (Qwen2.5
///    0.5B, `fm bench --only sessions`): 4 rows in slots 2, 4, 5 and 6 took 66-68 ms a step, in
///    1 to 4 they took 54 ms; 7 rows in 0-2 and 4-7 took 104 ms, all 8 in 0-7 took 68 ms. (The
///    engine also moves running generations down into holes: `closeHolesAmongBusySlots`.)
///
/// Pure logic over ``SlotState`` values, so it is tested without a model.
enum SlotPlanner {
    /// What the planner sees of a slot.
    struct SlotState: Equatable {
        /// The tokens the slot caches, from position 0.
        var cached: [TokenID]
        /// Whether a generation runs in the slot now.
        var isBusy: Bool
        /// When the slot was last used (the engine's step counter).
        var lastUsed: UInt64
    }

    /// Where an admitted request runs.
    struct Plan: Equatable {
        /// The slot the request runs in.
        var slot: Int
        /// The slot whose cached prefix is copied into `slot` first, if any.
        var donor: Int?
        /// How many leading prompt tokens are cached once the plan is applied.
        var reusedTokens: Int
        /// Cached tokens of `slot` that are dropped (not a prefix of the prompt).
        var droppedTokens: Int
    }

    /// The plan for a prompt, or nil when every slot is busy.
    ///
    /// - Parameters:
    ///   - prompt: The request's prompt tokens.
    ///   - slots: The engine's slots.
    ///   - minimumCopy: The fewest tokens a copy must save to be worth it; also the most cached
    ///     tokens a "cheap" slot may lose.
    ///   - canCopy: Whether the context can copy one slot's cache into another.
    ///   - keepsEvicted: Whether what a slot loses is kept elsewhere (the host cache), so that a
    ///     slot may be chosen for its place beside the busy ones.
    static func plan(for prompt: [TokenID], slots: [SlotState], minimumCopy: Int, canCopy: Bool, keepsEvicted: Bool = false) -> Plan? {
        guard let plan = cachePlan(for: prompt, slots: slots, minimumCopy: minimumCopy, canCopy: canCopy) else { return nil }
        guard canCopy, keepsEvicted else { return plan }
        return besideTheBusySlots(plan, prompt: prompt, slots: slots, minimumCopy: minimumCopy)
    }

    /// The plan that computes the fewest prompt tokens and evicts the least (rules 1 to 3).
    private static func cachePlan(for prompt: [TokenID], slots: [SlotState], minimumCopy: Int, canCopy: Bool) -> Plan? {
        let idle = slots.indices.filter { !slots[$0].isBusy }
        guard !idle.isEmpty else { return nil }
        let shared = slots.map { sharedPrefixLength($0.cached, prompt) }
        func loss(_ index: Int) -> Int { slots[index].cached.count - shared[index] }

        let donor = slots.indices.max { shared[$0] < shared[$1] || (shared[$0] == shared[$1] && $0 > $1) } ?? idle[0]
        let reachable = canCopy ? shared[donor] : idle.map { shared[$0] }.max() ?? 0

        let cheap = idle.filter { loss($0) <= minimumCopy && shared[$0] + minimumCopy >= reachable }
        if let chosen = cheap.min(by: { a, b in
            if shared[a] != shared[b] { return shared[a] > shared[b] }
            if loss(a) != loss(b) { return loss(a) < loss(b) }
            return slots[a].lastUsed < slots[b].lastUsed
        }) {
            return Plan(slot: chosen, donor: nil, reusedTokens: shared[chosen], droppedTokens: loss(chosen))
        }

        // Every idle slot holds something that is not in the prompt: evict the least recently used.
        let victim =
            idle.min { a, b in
                slots[a].lastUsed != slots[b].lastUsed ? slots[a].lastUsed < slots[b].lastUsed : a < b
            } ?? idle[0]
        if canCopy, donor != victim, shared[donor] - shared[victim] >= minimumCopy {
            return Plan(slot: victim, donor: donor, reusedTokens: shared[donor], droppedTokens: loss(victim))
        }
        return Plan(slot: victim, donor: nil, reusedTokens: shared[victim], droppedTokens: loss(victim))
    }

    /// `plan`, or the same reuse in an idle slot that leaves fewer holes among the busy slots
    /// (rule 4).
    private static func besideTheBusySlots(_ plan: Plan, prompt: [TokenID], slots: [SlotState], minimumCopy: Int) -> Plan {
        let busy = slots.indices.filter { slots[$0].isBusy }
        guard let lowest = busy.first, let highest = busy.last else { return plan }
        func holes(adding slot: Int) -> Int {
            max(highest, slot) - min(lowest, slot) + 1 - (busy.count + 1)
        }
        let idle = slots.indices.filter { !slots[$0].isBusy }
        guard let fewest = idle.map(holes(adding:)).min(), holes(adding: plan.slot) > fewest else { return plan }
        let shared = slots.map { sharedPrefixLength($0.cached, prompt) }
        func loss(_ index: Int) -> Int { slots[index].cached.count - shared[index] }
        let candidates = idle.filter { holes(adding: $0) == fewest }
        guard
            let chosen = candidates.min(by: { a, b in
                loss(a) != loss(b) ? loss(a) < loss(b) : (slots[a].lastUsed, a) < (slots[b].lastUsed, b)
            })
        else { return plan }
        // The reused prefix lives in the plan's donor, or in its slot.
        let source = plan.donor ?? plan.slot
        if source != chosen, shared[source] - shared[chosen] >= minimumCopy {
            return Plan(slot: chosen, donor: source, reusedTokens: shared[source], droppedTokens: loss(chosen))
        }
        return Plan(slot: chosen, donor: nil, reusedTokens: shared[chosen], droppedTokens: loss(chosen))
    }

    /// Slots other than the plan's that supplied the prompt's prefix: the donor, and every slot
    /// whose whole cache (at least `minimumCopy` tokens) starts the prompt. The engine marks them used.
    static func prefixSuppliers(of plan: Plan, prompt: [TokenID], slots: [SlotState], minimumCopy: Int) -> [Int] {
        slots.indices.filter { index in
            guard index != plan.slot else { return false }
            if index == plan.donor { return true }
            let cached = slots[index].cached
            return cached.count >= minimumCopy && sharedPrefixLength(cached, prompt) == cached.count
        }
    }

    /// How many leading tokens two sequences share.
    static func sharedPrefixLength(_ a: [TokenID], _ b: [TokenID]) -> Int {
        var length = 0
        let limit = min(a.count, b.count)
        while length < limit, a[length] == b[length] { length += 1 }
        return length
    }
}
