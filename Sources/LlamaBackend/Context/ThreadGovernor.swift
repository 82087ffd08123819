/// Chooses how many threads each single-token pass uses, so that decoding degrades gracefully
/// when other work holds the cores.
///
/// llama.cpp's threads wait for each other at every operation of a pass. On a quiet machine all of
/// them together are fastest; when other threads hold the cores, each wait can last a scheduler
/// time slice, and one thread (which never waits) is several times faster. Measured on 2 cores
/// with `llama-bench` beside two busy processes: 2 threads fell from 42 to 8 tokens/s, one thread
/// from 31 to 21. (libgomp's passive waiting kept 21 under load but cost a third of the quiet
/// speed.)
///
/// The governor keeps a moving average of the seconds per token of the decoding passes with the
/// count in use, and the last probe's figure for the other. Every ``probeInterval``-th decoding
/// pass runs with the other count (every ``recoveryProbeInterval``-th while on one thread, to find
/// a quiet machine again soon), and the count whose time is clearly lower (by ``margin``) becomes
/// the one used.
///
/// A probe that loses costs the difference between the two counts' times, which grows with the
/// cores: one thread took 1.5 times as long as two on 2 cores, but 3.6 and 5.2 times as long as 8
/// and 16 on a 16-core Xeon, where probing every 24th pass cost 12 % of the quiet decoding rate
/// (`fm bench --only throughput` with a small model, adapting against fixed). So probes are
/// spaced out further when the last one was slow, to keep what they cost within ``probeBudget``
/// of the decoding time, up to ``longestProbeInterval`` passes (``longestRecoveryInterval`` while
/// on one thread). Under load the count in use slows down, the last probe's time looks cheap
/// beside it, and probes come at the short interval again. The other way round, on one thread the
/// last probe of every thread was taken under load and looks expensive beside a quiet machine's
/// one-thread time, so the spacing alone would find the quiet machine late (45 passes on a 2-core
/// Xeon, a few seconds): when the one-thread time drops clearly below what it was at the last
/// probe (by ``margin``), the machine has changed, and every thread is probed at once.
///
/// Only passes of ``largestDecodingPass`` token (one session decoding) adapt. Passes of several
/// tokens (sessions decoded together, drafts, prompts) always use every thread: under a server's
/// own load the choice cost throughput (`fm serve` against llama-server: 0.93 and 0.94 of its
/// tokens/s when passes of up to 16 tokens adapted, 1.01 when none did, in runs of two pairs).
struct ThreadGovernor {
    /// The threads of a pass when the machine is quiet.
    let maximum: Int
    /// Whether the count adapts; when not, every pass uses ``maximum``.
    let adapts: Bool
    /// The count decoding passes use now.
    private(set) var preferred: Int
    /// Seconds per token for ``maximum`` threads and for one: a moving average for the count in
    /// use, the last probe for the other.
    private var secondsPerToken: [Int: Double] = [:]
    /// Decoding passes since the last probe.
    private var passesSinceProbe = 0
    /// The seconds per token of the count in use when the last probe was recorded.
    private var secondsAtLastProbe: Double?

    /// One pass in this many tries one thread while all are used.
    static let probeInterval = 24
    /// One pass in this many tries all threads while one is used.
    static let recoveryProbeInterval = 8
    /// The share of decoding time that probes may cost, as far as the last probe tells.
    static let probeBudget = 0.02
    /// The most passes between probes while every thread is used.
    static let longestProbeInterval = 480
    /// The most passes between probes while one thread is used, so that a quiet machine is found
    /// again within a few seconds.
    static let longestRecoveryInterval = 64
    /// The other count must be this much faster (as a fraction of the current one's time) to win.
    static let margin = 0.85
    /// Passes of more tokens than this always use every thread.
    static let largestDecodingPass = 1
    /// The weight of a new measurement in the moving average of the count in use.
    static let weight = 0.3

    /// A governor for `maximum` threads.
    init(maximum: Int, adapts: Bool) {
        self.maximum = max(1, maximum)
        self.adapts = adapts && maximum > 1
        self.preferred = self.maximum
    }

    /// The threads for a pass of `tokens` tokens.
    mutating func threads(forPassOf tokens: Int) -> Int {
        guard adapts, tokens <= Self.largestDecodingPass else { return maximum }
        passesSinceProbe += 1
        guard let current = secondsPerToken[preferred] else { return preferred }
        guard passesSinceProbe >= passesBetweenProbes || hasSpedUpSinceLastProbe(current) else { return preferred }
        passesSinceProbe = 0
        return other(than: preferred)
    }

    /// Whether, on fewer threads than the maximum, the count in use takes clearly less time per
    /// token than at the last probe: the load that made fewer threads the faster choice may have
    /// gone.
    private func hasSpedUpSinceLastProbe(_ current: Double) -> Bool {
        guard preferred != maximum, let secondsAtLastProbe else { return false }
        return current < secondsAtLastProbe * Self.margin
    }

    /// Passes between probes: the base interval, or more where the last probe's extra time per
    /// token, counted in passes of the count in use, would exceed ``probeBudget`` of them.
    var passesBetweenProbes: Int {
        let onEveryThread = preferred == maximum
        let base = onEveryThread ? Self.probeInterval : Self.recoveryProbeInterval
        let longest = onEveryThread ? Self.longestProbeInterval : Self.longestRecoveryInterval
        guard let current = secondsPerToken[preferred], current > 0, let probe = secondsPerToken[other(than: preferred)] else {
            return base
        }
        let extraPasses = probe / current - 1
        guard extraPasses > 0 else { return base }
        return min(longest, max(base, Int((extraPasses / Self.probeBudget).rounded(.up))))
    }

    /// Records how long a pass of `tokens` tokens took with `threads` threads.
    mutating func record(threads: Int, tokens: Int, seconds: Double) {
        guard adapts, tokens > 0, tokens <= Self.largestDecodingPass, threads == maximum || threads == 1 else { return }
        let sample = seconds / Double(tokens)
        let isProbe = threads != preferred
        if !isProbe {
            secondsPerToken[threads] = secondsPerToken[threads].map { $0 + Self.weight * (sample - $0) } ?? sample
        } else {
            // A probe: the machine may have changed since the last one, so it counts alone.
            secondsPerToken[threads] = sample
        }
        let alternative = other(than: preferred)
        var switched = false
        if let current = secondsPerToken[preferred], let candidate = secondsPerToken[alternative], candidate < current * Self.margin {
            preferred = alternative
            switched = true
        }
        if isProbe || switched { secondsAtLastProbe = secondsPerToken[preferred] }
    }

    private func other(than threads: Int) -> Int {
        threads == maximum ? 1 : maximum
    }
}
