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
    static func plan(for prompt: [TokenID], slots: [SlotState], minimumCopy: Int, canCopy: Bool) -> Plan? {
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
