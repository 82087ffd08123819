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
    private var decodingPasses = 0

    /// One pass in this many tries one thread while all are used.
    static let probeInterval = 24
    /// One pass in this many tries all threads while one is used.
    static let recoveryProbeInterval = 8
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
        decodingPasses += 1
        let interval = preferred == maximum ? Self.probeInterval : Self.recoveryProbeInterval
        guard decodingPasses % interval == 0, secondsPerToken[preferred] != nil else { return preferred }
        return other(than: preferred)
    }

    /// Records how long a pass of `tokens` tokens took with `threads` threads.
    mutating func record(threads: Int, tokens: Int, seconds: Double) {
        guard adapts, tokens > 0, tokens <= Self.largestDecodingPass, threads == maximum || threads == 1 else { return }
        let sample = seconds / Double(tokens)
        if threads == preferred {
            secondsPerToken[threads] = secondsPerToken[threads].map { $0 + Self.weight * (sample - $0) } ?? sample
        } else {
            // A probe: the machine may have changed since the last one, so it counts alone.
            secondsPerToken[threads] = sample
        }
        let alternative = other(than: preferred)
        if let current = secondsPerToken[preferred], let candidate = secondsPerToken[alternative], candidate < current * Self.margin {
            preferred = alternative
        }
    }

    private func other(than threads: Int) -> Int {
        threads == maximum ? 1 : maximum
    }
}
