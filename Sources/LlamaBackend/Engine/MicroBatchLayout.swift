/// Whether the rows of a decoding step are computed together or one by one, chosen from what
/// each costs on this machine.
///
/// With one KV stream per sequence, llama.cpp cuts a batch into micro-batches of consecutive
/// sequence ids, taken in batch order (`split_equal`, sequential): slots 0, 1 and 3 in that order
/// compute as {0, 1} and {3}; in the order 3, 1, 0 as three single rows. Every row still gets its
/// token in the same `llama_decode` call, so the order only changes the cost (and how llama.cpp
/// rounds: a row computed alone is computed exactly as a session decoding alone).
///
/// On some CPUs a micro-batch of several rows costs more than the same rows one by one: on this
/// project's 2-core build machine with Qwen2.5-Coder-0.5B, a step of 2 rows together took
/// 38–39 ms against 30 ms as two single rows, 3 rows 49 ms against 44 ms, while 4 rows together
/// (52 ms) beat 4 single rows (59 ms). Which holds depends on the CPU and the model, so it is
/// measured. The policy keeps, for each layout of runs (the lengths of the runs of consecutive
/// slots, such as `[2, 1]` for slots 0, 1 and 3), the seconds of steps computed that way, and the
/// seconds per row of steps whose rows were all computed alone (two rows or more: a lone row may
/// run with fewer threads, see ``ThreadGovernor``). A step is computed one row at a time where
/// its rows alone measured clearly cheaper (by ``margin``) than its layout together. Unmeasured
/// choices are tried: a layout is computed together until that has been measured, then alone
/// until rows alone have been; every ``probeInterval``-th choice of a layout re-measures the
/// choice not taken. Only a step laid out like the one before it is measured (llama.cpp rebuilds
/// its compute graph when the shapes change, which makes the first step of a new shape slower).
///
/// Lives on the engine thread (not `Sendable`).
package final class MicroBatchLayout {
    /// How decoding rows are laid out.
    package enum Mode: Sendable, Hashable {
        /// As the measured costs say (the default).
        case adaptive
        /// Rows of consecutive slots together, as llama.cpp forms them.
        case together
        /// Every row alone (tests and measurements).
        case alone
    }

    let mode: Mode
    /// Seconds of decoding steps computed together, by their runs' lengths.
    private var together: [[Int]: RecentTimes] = [:]
    /// Seconds per row of decoding steps of two rows or more computed alone.
    private var alone = RecentTimes()
    private var choices: [[Int]: Int] = [:]
    /// The previous step's runs and whether its rows were computed alone; nil after a step that
    /// was not only decoding rows.
    private var previous: (runs: [Int], alone: Bool)?

    /// Rows alone must cost this fraction of the layout together, or less, to be chosen.
    static let margin = 0.95
    /// One choice in this many (per layout) takes the other, to re-measure it.
    static let probeInterval = 24

    /// A policy in this mode.
    init(mode: Mode) {
        self.mode = mode
    }

    /// The median seconds of a step of these runs computed together, once measured.
    func togetherCost(runs: [Int]) -> Double? {
        together[runs]?.median
    }

    /// The median seconds of one row computed alone, once measured.
    var aloneCost: Double? { alone.median }

    /// Whether a step whose decoding rows form runs of consecutive slots of these lengths (in
    /// slot order) is computed one row at a time.
    func computesAlone(runs: [Int]) -> Bool {
        guard runs.contains(where: { $0 > 1 }) else { return true }
        switch mode {
        case .together: return false
        case .alone: return true
        case .adaptive: break
        }
        let chosen = (choices[runs] ?? 0) + 1
        choices[runs] = chosen
        guard let joined = togetherCost(runs: runs) else { return false }
        guard let single = aloneCost else { return true }
        let prefersAlone = Double(runs.reduce(0, +)) * single <= joined * Self.margin
        return chosen % Self.probeInterval == 0 ? !prefersAlone : prefersAlone
    }

    /// Records a step of decoding rows (one token each, in runs of these lengths) that took
    /// `seconds`, computed alone or together.
    func recordStep(runs: [Int], alone isAlone: Bool, seconds: Double) {
        defer { previous = (runs, isAlone) }
        guard let previous, previous.runs == runs, previous.alone == isAlone, seconds > 0 else { return }
        let rows = runs.reduce(0, +)
        if isAlone {
            if rows > 1 { alone.append(seconds / Double(rows)) }
        } else {
            together[runs, default: RecentTimes()].append(seconds)
        }
    }

    /// Notes a step that fed prompt tokens or drafts: the next step is not compared with it.
    func recordOtherStep() {
        previous = nil
    }
}
