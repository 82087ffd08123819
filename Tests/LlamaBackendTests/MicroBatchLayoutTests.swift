import Testing
@testable import LlamaBackend

/// The choice between computing a step's decoding rows together or one by one, with no model:
/// from recorded step times, as on a CPU where rows together cost more than alone, and on one
/// where they cost less.
@Suite struct MicroBatchLayoutTests {
    /// Records `count` steps of these runs, each taking `seconds`.
    func record(_ layout: MicroBatchLayout, runs: [Int], alone: Bool, seconds: Double, count: Int = 3) {
        for _ in 0..<count { layout.recordStep(runs: runs, alone: alone, seconds: seconds) }
    }

    @Test func runsAreTheConsecutiveSlots() {
        #expect(StepPlanner.runLengths(of: [0, 1, 3]) == [2, 1])
        #expect(StepPlanner.runLengths(of: [0, 1, 2, 3]) == [4])
        #expect(StepPlanner.runLengths(of: [1, 3, 5]) == [1, 1, 1])
        #expect(StepPlanner.runLengths(of: [2]) == [1])
        #expect(StepPlanner.runLengths(of: []) == [])
    }

    @Test func rowsThatCostLessAloneAreComputedAlone() {
        let layout = MicroBatchLayout(mode: .adaptive)
        // Unmeasured: together first, then alone once together is known.
        #expect(!layout.computesAlone(runs: [2]))
        record(layout, runs: [2], alone: false, seconds: 0.039)
        #expect(layout.togetherCost(runs: [2]) == 0.039)
        #expect(layout.computesAlone(runs: [2]))
        record(layout, runs: [2], alone: true, seconds: 0.030)
        #expect(layout.aloneCost == 0.015)
        // Measured (as on the build machine): 2 rows together 39 ms, alone 2 x 15 ms.
        let choices = (0..<48).map { _ in layout.computesAlone(runs: [2]) }
        #expect(choices.filter { $0 }.count == 46, "all but the two re-measurements")
    }

    @Test func rowsThatCostMoreAloneStayTogether() {
        let layout = MicroBatchLayout(mode: .adaptive)
        record(layout, runs: [4], alone: false, seconds: 0.052)
        record(layout, runs: [1, 1], alone: true, seconds: 0.030)
        // 4 rows alone would take 60 ms against 52 together.
        let choices = (0..<48).map { _ in layout.computesAlone(runs: [4]) }
        #expect(choices.filter { $0 }.count == 2, "only the re-measurements")
        // Within the margin, together stays.
        let close = MicroBatchLayout(mode: .adaptive)
        record(close, runs: [3], alone: false, seconds: 0.044)
        record(close, runs: [1, 1, 1], alone: true, seconds: 0.043)
        #expect(!close.computesAlone(runs: [3]))
    }

    @Test func onlyAStepLaidOutLikeThePreviousOneIsMeasured() {
        let layout = MicroBatchLayout(mode: .adaptive)
        // A step after one of another shape pays for a graph rebuild: not counted.
        layout.recordStep(runs: [2, 1], alone: false, seconds: 0.9)
        layout.recordStep(runs: [2], alone: false, seconds: 0.9)
        layout.recordOtherStep()
        layout.recordStep(runs: [2], alone: false, seconds: 0.9)
        #expect(layout.togetherCost(runs: [2]) == nil)
        layout.recordStep(runs: [2], alone: false, seconds: 0.040)
        layout.recordStep(runs: [2], alone: false, seconds: 0.038)
        #expect(abs((layout.togetherCost(runs: [2]) ?? 0) - 0.039) < 1e-9)
        // Lone rows (which may run with fewer threads) say nothing about rows alone in a step.
        record(layout, runs: [1], alone: true, seconds: 0.010)
        #expect(layout.aloneCost == nil)
    }

    @Test func fixedModesAndSingleRowsDoNotMeasure() {
        #expect(!MicroBatchLayout(mode: .together).computesAlone(runs: [2, 1]))
        #expect(MicroBatchLayout(mode: .alone).computesAlone(runs: [4]))
        // Rows that are all apart are one row each either way.
        #expect(MicroBatchLayout(mode: .together).computesAlone(runs: [1, 1]))
    }
}
