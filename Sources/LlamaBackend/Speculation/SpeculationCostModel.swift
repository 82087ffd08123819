/// Chooses how many tokens to draft from what passes cost on this machine and how often drafts
/// hold, so that speculation drafts only where it pays.
///
/// A pass of several rows costs more than a pass of one, and by how much depends on the machine:
/// on a CPU whose cores are busy with one row, three rows cost nearly three times one (measured
/// 2.4x for the 1.5B model on 2 cores), on wider hardware barely more. The model keeps the
/// measured seconds of the engine's passes by their row count, and of the draft model's passes,
/// and picks the draft length `k` that maximizes the expected tokens per second of a step,
///
///     (1 + a + a² + … + aᵏ) / (pass(rows + k) + k × draftPass),
///
/// where `a` is the chance that a drafted token holds (each generation's own running estimate) and
/// `rows` what the step feeds anyway. Row counts not measured yet are tried once (the smallest
/// first), so the model learns the machine in its first few steps. With `k = 0` best, nothing is
/// drafted, and speculation costs nothing but the occasional probe that keeps `a` current.
///
/// Lives on the engine thread (not `Sendable`).
final class SpeculationCostModel {
    /// The most rows of a pass whose cost is tracked.
    let trackedRows: Int
    /// The running mean seconds of a pass of `index + 1` rows, once one was measured.
    private var passSeconds: [Double?]
    /// The running mean seconds of one draft-model pass.
    private var draftPassSeconds: Double?
    /// How strongly a new measurement moves a running mean.
    private let weight = 0.2
    /// The running chance that a drafted token holds, over every generation: where a new
    /// generation's own estimate starts.
    private(set) var acceptance = 0.6

    /// A model tracking passes of up to `trackedRows` rows.
    init(trackedRows: Int) {
        self.trackedRows = max(1, trackedRows)
        self.passSeconds = Array(repeating: nil, count: self.trackedRows)
    }

    /// Records a pass of the main model over `rows` rows.
    func recordPass(rows: Int, seconds: Double) {
        guard rows >= 1, rows <= trackedRows, seconds > 0 else { return }
        passSeconds[rows - 1] = passSeconds[rows - 1].map { $0 + weight * (seconds - $0) } ?? seconds
    }

    /// Records `passes` passes of the draft model that took `seconds` together.
    func recordDraftPasses(_ passes: Int, seconds: Double) {
        guard passes > 0, seconds > 0 else { return }
        let each = seconds / Double(passes)
        draftPassSeconds = draftPassSeconds.map { $0 + weight * (each - $0) } ?? each
    }

    /// Records a verification: `accepted` of `drafted` tokens held.
    func recordVerification(drafted: Int, accepted: Int) {
        guard drafted > 0 else { return }
        acceptance += weight * (Double(accepted) / Double(drafted) - acceptance)
    }

    /// The measured seconds of a pass of `rows` rows, if one was measured.
    func passCost(rows: Int) -> Double? {
        rows >= 1 && rows <= trackedRows ? passSeconds[rows - 1] : nil
    }

    /// Whether a draft-model pass has been timed.
    var knowsDraftCost: Bool { draftPassSeconds != nil }

    /// The draft length (0 through `limit`) with the most expected tokens per second, for a step
    /// that feeds `rows` rows anyway and drafts that hold with probability `acceptance`; each
    /// drafted token costs a draft-model pass when `drafterCosts` is set. Without `explores`,
    /// lengths whose cost is unknown are not chosen (trying them would cost more than a row: a
    /// draft model that must first read the conversation).
    func bestDraftLength(rows: Int, acceptance: Double, limit: Int, drafterCosts: Bool, explores: Bool = true) -> Int {
        guard limit > 0 else { return 0 }
        // Steps wider than what is tracked (a long prefill chunk alongside) hide a few more rows.
        guard rows + 1 <= trackedRows else { return explores ? limit : 0 }
        guard let base = passCost(rows: rows) else { return explores ? limit : 0 }
        if drafterCosts, draftPassSeconds == nil { return explores ? min(limit, 1) : 0 }
        let draft = drafterCosts ? draftPassSeconds ?? 0 : 0
        let chance = min(max(acceptance, 0), 0.99)
        var best = 0
        var bestRate = 1 / base
        var expected = 1.0
        var power = 1.0
        for length in 1...min(limit, trackedRows - rows) {
            power *= chance
            expected += power
            // A row count never measured is tried (the shortest first), then judged.
            guard let cost = passCost(rows: rows + length) else { return explores ? length : best }
            let rate = expected / (cost + Double(length) * draft)
            if rate > bestRate {
                best = length
                bestRate = rate
            }
        }
        return best
    }
}
