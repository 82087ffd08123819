/// How many of the decoding generations one model pass feeds, chosen from what passes cost on this
/// machine.
///
/// Feeding every decoding generation to one pass (continuous batching) is right where a pass of
/// several rows costs little more than a pass of one. On some CPUs it does not: on 2 cores with
/// Qwen2.5-Coder-0.5B, llama.cpp's matrix products take a faster path for one row than for two or
/// three, and `llama-batched-bench` decodes 2 sequences together at 0.77x the tokens/s of one (a
/// pass of 2 rows costs 2.6 passes of one), while 4 together reach 1.14x. Two generations are then
/// decoded faster in turns, one row per pass, than together.
///
/// The policy keeps the running mean seconds of passes that only decode (one token per
/// generation, no prompt, no draft) by their row count, and for `n` decoding generations picks
/// the width `w` (1 through `n`) with the most rows per second, `w / pass(w)`; the scheduler then
/// feeds the `w` generations that waited longest. A width is chosen over all `n` only when it is
/// clearly faster (by ``margin``). Widths never measured are tried: all `n` first, one at the
/// next step; every ``probeInterval``-th choice re-measures all `n` or one (whichever was measured
/// longer ago), so the choice follows the machine when its load changes.
///
/// Lives on the engine thread (not `Sendable`).
package final class DecodingPassWidth {
    /// How the width is chosen.
    package enum Mode: Sendable, Hashable {
        /// Every decoding generation in each pass.
        case all
        /// From the measured pass costs (the default).
        case adaptive
        /// At most this many generations a pass (tests and measurements).
        case fixed(Int)
    }

    let mode: Mode
    /// The running mean seconds of a decoding pass of `index + 1` rows, and the choice count when
    /// it was last measured.
    private var passSeconds: [Double?]
    private var measuredAt: [Int]
    private var choices = 0
    /// How strongly a new measurement moves a running mean.
    private let weight = 0.2

    /// A narrower width must decode this much faster (rows per second) than all of them to be used.
    static let margin = 1.08
    /// One choice in this many re-measures all rows or one.
    static let probeInterval = 32

    /// A policy for up to `rows` decoding generations.
    init(mode: Mode, rows: Int) {
        self.mode = mode
        self.passSeconds = Array(repeating: nil, count: max(1, rows))
        self.measuredAt = Array(repeating: 0, count: max(1, rows))
    }

    /// The measured mean seconds of a decoding pass of `rows` rows, if measured.
    func passCost(rows: Int) -> Double? {
        rows >= 1 && rows <= passSeconds.count ? passSeconds[rows - 1] : nil
    }

    /// Records a pass that decoded `rows` generations (one token each) in `seconds`.
    func recordDecodingPass(rows: Int, seconds: Double) {
        guard rows >= 1, rows <= passSeconds.count, seconds > 0 else { return }
        passSeconds[rows - 1] = passSeconds[rows - 1].map { $0 + weight * (seconds - $0) } ?? seconds
        measuredAt[rows - 1] = choices
    }

    /// How many of `decoding` generations the next pass feeds.
    func width(decoding: Int) -> Int {
        guard decoding > 1 else { return decoding }
        switch mode {
        case .all:
            return decoding
        case .fixed(let limit):
            return min(decoding, max(1, limit))
        case .adaptive:
            break
        }
        guard decoding <= passSeconds.count else { return decoding }
        choices += 1
        guard let whole = passCost(rows: decoding) else { return decoding }
        guard passCost(rows: 1) != nil else { return 1 }
        if choices % Self.probeInterval == 0 {
            return measuredAt[0] <= measuredAt[decoding - 1] ? 1 : decoding
        }
        var best = decoding
        var bestRate = Double(decoding) / whole * Self.margin
        for rows in 1..<decoding {
            guard let cost = passCost(rows: rows) else { continue }
            let rate = Double(rows) / cost
            if rate > bestRate {
                best = rows
                bestRate = rate
            }
        }
        return best
    }
}
