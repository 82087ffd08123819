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
/// The policy keeps the latest seconds of passes that only decode (one token per generation, no
/// prompt, no draft) by their row count (a width's cost is the median of its last few, counted
/// from its second pass), and for `n` decoding generations picks
/// the width `w` (1 through `n`) with the most rows per second, `w / pass(w)`; the scheduler then
/// feeds the `w` generations that waited longest. A width is chosen over all `n` only when it is
/// clearly faster (by ``margin``). Widths not measured enough are tried: all `n` first, then one;
/// every ``probeInterval``-th choice re-measures all `n` or one (whichever was measured longer
/// ago) over a few passes, so the choice follows the machine when its load changes. Only passes
/// that follow a pass of the same shape are measured (see ``recordPass(rows:seconds:decodesOnly:)``).
///
/// Lives on the engine thread (not `Sendable`).
package final class DecodingPassWidth {
    /// How the width is chosen.
    package enum Mode: Sendable, Hashable {
        /// Every decoding generation in each pass (the default).
        case all
        /// From the measured pass costs.
        case adaptive
        /// At most this many generations a pass (tests and measurements).
        case fixed(Int)
    }

    let mode: Mode
    /// The latest seconds of decoding passes by row count (`index + 1` rows), and the choice count
    /// when each width was last measured.
    private var samples: [RecentTimes]
    private var measuredAt: [Int]
    private var choices = 0
    /// The rows of the last pass of any kind, and whether it only decoded.
    private var previousPass: (rows: Int, decodesOnly: Bool) = (0, false)
    /// A re-measurement under way: its width and the passes it still takes.
    private var probe: (width: Int, passesLeft: Int)?

    /// Passes a re-measurement takes: the first after a pass of another shape is not counted.
    static let probePasses = 3
    /// A narrower width must decode this much faster (rows per second) than all of them to be used.
    static let margin = 1.08
    /// One choice in this many re-measures all rows or one.
    static let probeInterval = 16

    /// A policy for up to `rows` decoding generations.
    init(mode: Mode, rows: Int) {
        self.mode = mode
        self.samples = Array(repeating: RecentTimes(), count: max(1, rows))
        self.measuredAt = Array(repeating: 0, count: max(1, rows))
    }

    /// The median seconds of the latest decoding passes of `rows` rows, once there are enough.
    func passCost(rows: Int) -> Double? {
        guard rows >= 1, rows <= samples.count else { return nil }
        return samples[rows - 1].median
    }

    /// Records a pass of `rows` rows that took `seconds`; `decodesOnly` when it decoded one token
    /// of each of `rows` generations and nothing else.
    ///
    /// Only a decoding pass of the same shape as the pass before counts: llama.cpp rebuilds its
    /// compute graph when the shape changes, which made a pass of 4 rows after one of a single row
    /// take 88 ms against 60–70 ms in a row of them (and kept the choice where it was).
    func recordPass(rows: Int, seconds: Double, decodesOnly: Bool) {
        defer { previousPass = (rows, decodesOnly) }
        guard decodesOnly, previousPass.decodesOnly, previousPass.rows == rows else { return }
        guard rows >= 1, rows <= samples.count, seconds > 0 else { return }
        samples[rows - 1].append(seconds)
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
        guard decoding <= samples.count else { return decoding }
        choices += 1
        guard let whole = passCost(rows: decoding) else { return decoding }
        guard passCost(rows: 1) != nil else { return 1 }
        if let running = probe, running.width <= decoding, running.passesLeft > 0 {
            probe = (running.width, running.passesLeft - 1)
            return running.width
        }
        probe = nil
        if choices % Self.probeInterval == 0 {
            let width = measuredAt[0] <= measuredAt[decoding - 1] ? 1 : decoding
            probe = (width, Self.probePasses - 1)
            return width
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
