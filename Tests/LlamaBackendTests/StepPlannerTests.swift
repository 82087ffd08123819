import Testing
@testable import LlamaBackend

/// What makes a step of the engine, with no model: recorded situations of decoding and prefilling
/// generations, and the plan the scheduler then executes.
@Suite struct StepPlannerTests {
    typealias Row = StepPlanner.Row
    typealias Feed = StepPlan.Feed

    static let planner = StepPlanner(batchCapacity: 512, prefillChunkWhileDecoding: 64, tokensPerSequence: 4096, speculates: false)

    /// A generation decoding its next token.
    static func decoding(_ slot: Int, cached: Int = 100, lastFed: UInt64 = 0) -> Row {
        Row(slot: slot, hasPrefilled: true, admission: UInt64(slot), remaining: 1, cached: cached, lastFed: lastFed)
    }

    /// A generation prefilling `remaining` prompt tokens.
    static func prefilling(_ slot: Int, remaining: Int, admission: UInt64, cached: Int = 0) -> Row {
        Row(slot: slot, hasPrefilled: false, admission: admission, remaining: remaining, cached: cached)
    }

    /// Plans with a fixed pass width, drafts and layout, and records what the planner asked.
    func plan(
        _ rows: [Row], planner: StepPlanner = planner, width: Int? = nil, drafts: [Int: [TokenID]] = [:], alone: Bool = false
    ) -> (plan: StepPlan, askedWidth: Int?, draftedFor: [Int]?, askedLayout: [Int]?) {
        var askedWidth: Int?
        var draftedFor: [Int]?
        var askedLayout: [Int]?
        let plan = planner.plan(
            rows,
            passWidth: { decoding in
                askedWidth = decoding
                return width ?? decoding
            },
            drafts: { slots in
                draftedFor = slots
                return drafts
            },
            computesAlone: { runs in
                askedLayout = runs
                return alone
            })
        return (plan, askedWidth, draftedFor, askedLayout)
    }

    @Test func decodingRowsGoInSlotOrderAsOneLayout() {
        let rows = [Self.decoding(0), Self.decoding(1), Self.decoding(3)]
        let (plan, askedWidth, draftedFor, askedLayout) = plan(rows)
        #expect(plan.feeds.map(\.slot) == [0, 1, 3])
        #expect(plan.feeds.allSatisfy { $0.take == 1 && $0.wantsLogits && !$0.prefills && $0.draft.isEmpty })
        #expect(plan.decodesOnly && !plan.narrowed && !plan.isMixed)
        #expect(askedWidth == 3)
        #expect(draftedFor == [0, 1, 3])
        #expect(askedLayout == [2, 1])
        #expect(plan.rowLayout == StepPlan.RowLayout(runs: [2, 1], alone: false))
    }

    /// Rows computed alone go in descending slot order, so that no two form a micro-batch.
    @Test func rowsComputedAloneGoInDescendingOrder() {
        let (plan, _, _, _) = plan([Self.decoding(0), Self.decoding(1), Self.decoding(3)], alone: true)
        #expect(plan.feeds.map(\.slot) == [3, 1, 0])
        #expect(plan.rowLayout == StepPlan.RowLayout(runs: [2, 1], alone: true))
    }

    /// A narrower pass feeds those fed longest ago (the lower slot first on a tie), in slot order.
    @Test func aNarrowerPassFeedsThoseThatWaitedLongest() {
        let rows = [Self.decoding(0, lastFed: 9), Self.decoding(1, lastFed: 8), Self.decoding(2, lastFed: 8), Self.decoding(3, lastFed: 7)]
        let (plan, askedWidth, draftedFor, _) = plan(rows, width: 2)
        #expect(askedWidth == 4)
        #expect(plan.narrowed)
        #expect(plan.feeds.map(\.slot) == [1, 3])
        #expect(draftedFor == [1, 3])
        #expect(plan.rowLayout == StepPlan.RowLayout(runs: [1, 1], alone: false))
    }

    /// While others decode, prompts take a chunk in arrival order; the decoder keeps its token.
    @Test func promptsTakeAChunkWhileOthersDecode() {
        let rows = [Self.prefilling(0, remaining: 500, admission: 7), Self.prefilling(1, remaining: 40, admission: 5), Self.decoding(2)]
        let (plan, askedWidth, _, askedLayout) = plan(rows)
        #expect(
            plan.feeds == [
                Feed(slot: 0, take: 24, wantsLogits: false, prefills: true),
                Feed(slot: 1, take: 40, wantsLogits: true, prefills: true),
                Feed(slot: 2, take: 1, wantsLogits: true, prefills: false)
            ])
        #expect(plan.prefillTokens == 64)
        #expect(plan.isMixed)
        #expect(!plan.decodesOnly)
        #expect(askedWidth == nil, "only steps of single tokens narrow")
        #expect(askedLayout == nil && plan.rowLayout == nil)
    }

    /// With nothing decoding, the first prompt fills the batch and the next waits.
    @Test func aPromptAloneFillsTheBatch() {
        let rows = [Self.prefilling(0, remaining: 700, admission: 1), Self.prefilling(1, remaining: 30, admission: 2)]
        let (plan, _, _, _) = plan(rows)
        #expect(plan.feeds == [Feed(slot: 0, take: 512, wantsLogits: false, prefills: true)])
        #expect(plan.prefillTokens == 512)
        #expect(!plan.isMixed)
    }

    /// A prompt's last chunk computes logits, unless the request only fills the cache.
    @Test func theLastChunkComputesLogitsUnlessPrefillOnly() {
        var row = Self.prefilling(0, remaining: 188, admission: 1, cached: 512)
        #expect(plan([row]).plan.feeds == [Feed(slot: 0, take: 188, wantsLogits: true, prefills: true)])
        row.isPrefillOnly = true
        #expect(plan([row]).plan.feeds == [Feed(slot: 0, take: 188, wantsLogits: false, prefills: true)])
    }

    /// A prefix saved on disk ends the pass where it ends.
    @Test func aSavedPrefixEndsThePass() {
        var row = Self.prefilling(0, remaining: 300, admission: 1, cached: 20)
        row.savesPrefixAt = 120
        #expect(plan([row]).plan.feeds == [Feed(slot: 0, take: 100, wantsLogits: false, prefills: true)])
    }

    @Test func cancelledAndOverflowingGenerationsEndInsteadOfFeeding() {
        var cancelled = Self.decoding(0)
        cancelled.isCancelled = true
        let full = Self.decoding(1, cached: 4096)
        let longPrompt = Self.prefilling(2, remaining: 200, admission: 3, cached: 4050)
        let (plan, _, _, _) = plan([cancelled, full, longPrompt, Self.decoding(3)])
        #expect(
            plan.endings == [
                .init(slot: 0, reason: .cancelled), .init(slot: 1, reason: .contextOverflow(tokenCount: 4097)),
                .init(slot: 2, reason: .contextOverflow(tokenCount: 4250))
            ])
        #expect(plan.feeds.map(\.slot) == [3])
    }

    /// Drafts follow a decoder's token, cut to the batch's room; a step with drafts never narrows
    /// and is not laid out as rows.
    @Test func draftsFollowTheTokenWithinTheBatch() {
        let planner = StepPlanner(batchCapacity: 6, prefillChunkWhileDecoding: 4, tokensPerSequence: 4096, speculates: true)
        let (plan, askedWidth, draftedFor, askedLayout) = plan(
            [Self.decoding(0), Self.decoding(1)], planner: planner, drafts: [0: [11, 12, 13], 1: [21, 22, 23]])
        #expect(askedWidth == nil && !plan.decodesOnly)
        #expect(draftedFor == [0, 1])
        #expect(
            plan.feeds == [
                Feed(slot: 0, take: 1, wantsLogits: true, draft: [11, 12, 13], prefills: false),
                Feed(slot: 1, take: 1, wantsLogits: true, draft: [21], prefills: false)
            ])
        #expect(askedLayout == nil && plan.rowLayout == nil)
    }
}
