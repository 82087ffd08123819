import Testing
@testable import LlamaBackend

/// The slot choice, with no model: which slot a prompt lands in, and what is copied or evicted.
@Suite struct SlotPlannerTests {
    typealias Slot = SlotPlanner.SlotState

    /// Instructions shared by several sessions (20 tokens), then each conversation's own tokens.
    static let instructions = [TokenID](1...20)
    static func conversation(_ seed: TokenID, length: Int = 30) -> [TokenID] {
        instructions + (0..<TokenID(length)).map { 1000 * seed + $0 }
    }

    func plan(_ prompt: [TokenID], _ slots: [Slot], canCopy: Bool = true, keepsEvicted: Bool = false) -> SlotPlanner.Plan? {
        SlotPlanner.plan(for: prompt, slots: slots, minimumCopy: 8, canCopy: canCopy, keepsEvicted: keepsEvicted)
    }

    @Test func aNewSessionTakesASlotBesideTheBusyOne() {
        let slots = [
            Slot(cached: [], isBusy: false, lastUsed: 0),
            Slot(cached: Self.conversation(1), isBusy: false, lastUsed: 5),
            Slot(cached: Self.conversation(2), isBusy: true, lastUsed: 8),
            Slot(cached: Self.conversation(3), isBusy: false, lastUsed: 6),
            Slot(cached: [], isBusy: false, lastUsed: 0)
        ]
        let prompt = Self.conversation(9)
        // By cache alone: the empty slot 0, with the instructions copied, leaving slot 1 as a hole.
        #expect(plan(prompt, slots) == SlotPlanner.Plan(slot: 0, donor: 1, reusedTokens: 20, droppedTokens: 0))
        // With evicted caches kept: slot 1 or 3 (no hole); slot 1 was used less recently, and
        // already holds the instructions.
        #expect(plan(prompt, slots, keepsEvicted: true) == SlotPlanner.Plan(slot: 1, donor: nil, reusedTokens: 20, droppedTokens: 30))
        // Without copies the slot is not moved.
        #expect(plan(prompt, slots, canCopy: false, keepsEvicted: true) == plan(prompt, slots, canCopy: false))
    }

    @Test func aReturningConversationMovesNextToTheBusySlotsWithACopy() {
        let mine = Self.conversation(1)
        let slots = [
            Slot(cached: Self.conversation(2), isBusy: true, lastUsed: 8),
            Slot(cached: [], isBusy: false, lastUsed: 0),
            Slot(cached: [], isBusy: false, lastUsed: 0),
            Slot(cached: mine, isBusy: false, lastUsed: 9)
        ]
        let next = mine + [7, 7, 7]
        #expect(plan(next, slots) == SlotPlanner.Plan(slot: 3, donor: nil, reusedTokens: mine.count, droppedTokens: 0))
        #expect(plan(next, slots, keepsEvicted: true) == SlotPlanner.Plan(slot: 1, donor: 3, reusedTokens: mine.count, droppedTokens: 0))
    }

    @Test func aSlotThatLeavesNoHoleStays() {
        let mine = Self.conversation(1)
        let slots = [
            Slot(cached: Self.conversation(2), isBusy: true, lastUsed: 8),
            Slot(cached: mine, isBusy: false, lastUsed: 9),
            Slot(cached: [], isBusy: false, lastUsed: 0)
        ]
        let next = mine + [7]
        #expect(plan(next, slots, keepsEvicted: true) == SlotPlanner.Plan(slot: 1, donor: nil, reusedTokens: mine.count, droppedTokens: 0))
        // With nothing busy there is nothing to sit beside.
        var quiet = slots
        quiet[0].isBusy = false
        #expect(plan(Self.conversation(2) + [7], quiet, keepsEvicted: true) == plan(Self.conversation(2) + [7], quiet))
    }

    @Test func aConversationReturnsToItsOwnSlot() {
        let mine = Self.conversation(1)
        let slots = [
            Slot(cached: Self.conversation(2), isBusy: false, lastUsed: 1),
            Slot(cached: mine, isBusy: false, lastUsed: 9),
            Slot(cached: [], isBusy: false, lastUsed: 0)
        ]
        let next = mine + [7, 7, 7]
        #expect(plan(next, slots) == SlotPlanner.Plan(slot: 1, donor: nil, reusedTokens: mine.count, droppedTokens: 0))
    }

    @Test func aNewSessionTakesAnEmptySlotAndCopiesTheSharedInstructions() {
        let slots = [
            Slot(cached: Self.conversation(1), isBusy: false, lastUsed: 5),
            Slot(cached: [], isBusy: false, lastUsed: 0)
        ]
        let prompt = Self.conversation(3)
        // Slot 0's conversation is kept; the empty slot starts from a copy of the instructions.
        #expect(plan(prompt, slots) == SlotPlanner.Plan(slot: 1, donor: 0, reusedTokens: 20, droppedTokens: 0))
        // Without copies, the empty slot computes everything rather than evicting slot 0.
        #expect(plan(prompt, slots, canCopy: false) == SlotPlanner.Plan(slot: 1, donor: nil, reusedTokens: 0, droppedTokens: 0))
    }

    @Test func theLeastRecentlyUsedIdleSlotIsEvicted() {
        let slots = [
            Slot(cached: Self.conversation(1), isBusy: false, lastUsed: 7),
            Slot(cached: Self.conversation(2), isBusy: false, lastUsed: 3),
            Slot(cached: Self.conversation(3), isBusy: true, lastUsed: 1),
            Slot(cached: Self.conversation(4), isBusy: false, lastUsed: 5)
        ]
        let prompt = Self.conversation(9)
        // Every idle slot shares the instructions; slot 1 was used least recently.
        #expect(plan(prompt, slots) == SlotPlanner.Plan(slot: 1, donor: nil, reusedTokens: 20, droppedTokens: 30))
    }

    @Test func aBusySlotDonatesItsPrefix() {
        let running = Self.conversation(1, length: 200)
        let slots = [
            Slot(cached: running, isBusy: true, lastUsed: 9),
            Slot(cached: [500, 501, 502], isBusy: false, lastUsed: 2)
        ]
        // A restored copy of the running conversation, with a new turn.
        let prompt = running + [3, 3]
        #expect(plan(prompt, slots) == SlotPlanner.Plan(slot: 1, donor: 0, reusedTokens: running.count, droppedTokens: 3))
    }

    @Test func aCopyMustSaveEnoughTokens() {
        let slots = [
            Slot(cached: [1, 2, 3, 4, 5, 6, 40, 41], isBusy: true, lastUsed: 9),
            Slot(cached: [1, 2, 99], isBusy: false, lastUsed: 2)
        ]
        // The busy slot shares 6 tokens, the idle one 2: a gain of 4 < 8 is not worth a copy.
        #expect(plan([1, 2, 3, 4, 5, 6, 7], slots) == SlotPlanner.Plan(slot: 1, donor: nil, reusedTokens: 2, droppedTokens: 1))
    }

    @Test func aPrewarmedPrefixIsUsedAsItIs() {
        let slots = [
            Slot(cached: Self.conversation(1), isBusy: false, lastUsed: 2),
            Slot(cached: Self.instructions, isBusy: false, lastUsed: 1)
        ]
        #expect(plan(Self.conversation(5), slots) == SlotPlanner.Plan(slot: 1, donor: nil, reusedTokens: 20, droppedTokens: 0))
    }

    @Test func everySlotBusyMeansWaiting() {
        let slots = [Slot(cached: [1], isBusy: true, lastUsed: 1)]
        #expect(plan([1, 2], slots) == nil)
    }

    @Test func suppliersOfAPrefixAreTheDonorAndWholePrefixSlots() {
        let slots = [
            Slot(cached: Self.conversation(1), isBusy: true, lastUsed: 9),  // donor
            Slot(cached: [], isBusy: false, lastUsed: 0),  // target
            Slot(cached: Self.instructions, isBusy: false, lastUsed: 1),  // a whole prefix
            Slot(cached: Self.conversation(2), isBusy: false, lastUsed: 4)  // shares, but has a tail
        ]
        let prompt = Self.conversation(1) + [8]
        let plan = SlotPlanner.Plan(slot: 1, donor: 0, reusedTokens: 50, droppedTokens: 0)
        #expect(SlotPlanner.prefixSuppliers(of: plan, prompt: prompt, slots: slots, minimumCopy: 8) == [0, 2])
    }

    /// Random slot states: the plan is always an idle slot, never reuses more than the prompt, the
    /// copy (if any) comes from another slot holding that many prompt tokens, and without a copy
    /// the reused tokens are the chosen slot's own shared prefix.
    @Test(arguments: [false, true]) func plansAreConsistentOnRandomStates(keepsEvicted: Bool) {
        var generator = SplitMix(seed: 42)
        for _ in 0..<2000 {
            let slotCount = Int(generator.next() % 5) + 1
            var slots: [Slot] = []
            for _ in 0..<slotCount {
                let length = Int(generator.next() % 40)
                let branch = TokenID(generator.next() % 3)
                let cached = (0..<length).map { $0 < 10 ? TokenID($0) : TokenID($0) + 100 * branch }
                slots.append(Slot(cached: cached, isBusy: generator.next() % 3 == 0, lastUsed: generator.next() % 10))
            }
            let branch = TokenID(generator.next() % 3)
            let prompt = (0..<(Int(generator.next() % 40) + 1)).map { $0 < 10 ? TokenID($0) : TokenID($0) + 100 * branch }
            guard let plan = plan(prompt, slots, keepsEvicted: keepsEvicted) else {
                #expect(slots.allSatisfy { $0.isBusy })
                continue
            }
            #expect(!slots[plan.slot].isBusy)
            if keepsEvicted {
                // No idle slot leaves fewer holes among the busy slots than the chosen one.
                let busy = slots.indices.filter { slots[$0].isBusy }
                func holes(_ slot: Int) -> Int {
                    guard let low = busy.first, let high = busy.last else { return 0 }
                    return max(high, slot) - min(low, slot) - busy.count
                }
                #expect(slots.indices.filter { !slots[$0].isBusy }.allSatisfy { holes($0) >= holes(plan.slot) })
            }
            #expect(plan.reusedTokens <= prompt.count)
            let own = SlotPlanner.sharedPrefixLength(slots[plan.slot].cached, prompt)
            #expect(plan.droppedTokens == slots[plan.slot].cached.count - own)
            if let donor = plan.donor {
                #expect(donor != plan.slot)
                #expect(SlotPlanner.sharedPrefixLength(slots[donor].cached, prompt) == plan.reusedTokens)
                #expect(plan.reusedTokens - own >= 8)
            } else {
                #expect(plan.reusedTokens == own)
            }
        }
    }
}

/// A small deterministic generator for the property test.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
