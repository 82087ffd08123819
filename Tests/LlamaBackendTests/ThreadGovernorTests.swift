import Testing
@testable import LlamaBackend

/// The thread count of decoding passes: every thread while that is fastest, one while other work
/// makes it faster, passes of several tokens always with every thread.
@Suite struct ThreadGovernorTests {
    /// Runs `passes` single-token passes, timing each with `seconds(threads)`; returns the thread
    /// counts used.
    func run(_ governor: inout ThreadGovernor, passes: Int, seconds: (Int) -> Double) -> [Int] {
        (0..<passes).map { _ in
            let threads = governor.threads(forPassOf: 1)
            governor.record(threads: threads, tokens: 1, seconds: seconds(threads))
            return threads
        }
    }

    @Test func aQuietMachineKeepsEveryThreadAndProbesOneRarely() {
        var governor = ThreadGovernor(maximum: 4, adapts: true)
        // The first probe comes after the base interval; one thread is 1.5 times slower, so the
        // next ones come every 1.5 / 2 % = 75 passes.
        let used = run(&governor, passes: ThreadGovernor.probeInterval + 3 * 75, seconds: { $0 == 4 ? 0.010 : 0.025 })
        #expect(governor.preferred == 4)
        #expect(governor.passesBetweenProbes == 75)
        #expect(used.indices.filter { used[$0] == 1 } == [23, 98, 173, 248])
    }

    @Test func onTwoCoresProbesComeAboutAsOftenAsBefore() {
        var governor = ThreadGovernor(maximum: 2, adapts: true)
        // One thread 1.5 times slower: 0.5 / 2 % = 25 passes apart, where 24 was fixed before.
        let used = run(&governor, passes: ThreadGovernor.probeInterval + 3 * 25, seconds: { $0 == 2 ? 0.024 : 0.036 })
        #expect(governor.preferred == 2)
        #expect(governor.passesBetweenProbes == 25)
        #expect(used.indices.filter { used[$0] == 1 } == [23, 48, 73, 98])
    }

    /// One thread six times slower than sixteen (a many-core machine): probing every 24th pass
    /// would cost a fifth of the time; spaced out, probes cost about the budget.
    @Test func onManyCoresProbesCostAboutTheBudget() {
        var governor = ThreadGovernor(maximum: 16, adapts: true)
        let (fast, slow) = (0.001, 0.006)
        let used = run(&governor, passes: 2_000, seconds: { $0 == 16 ? fast : slow })
        #expect(governor.preferred == 16)
        #expect(governor.passesBetweenProbes == 250)
        let extra = Double(used.filter { $0 == 1 }.count) * (slow - fast)
        let share = extra / (Double(used.count) * fast)
        #expect(share > 0 && share <= ThreadGovernor.probeBudget * 1.25, "probes cost \(share) of the decoding time")
    }

    @Test func aVerySlowProbeWaitsNoLongerThanTheLongestInterval() {
        var governor = ThreadGovernor(maximum: 16, adapts: true)
        _ = run(&governor, passes: 100, seconds: { $0 == 16 ? 0.001 : 0.050 })
        #expect(governor.passesBetweenProbes == ThreadGovernor.longestProbeInterval)
    }

    @Test func underLoadOneThreadTakesOverAndEveryThreadComesBackWhenQuiet() {
        var governor = ThreadGovernor(maximum: 2, adapts: true)
        _ = run(&governor, passes: 30, seconds: { $0 == 2 ? 0.024 : 0.036 })
        #expect(governor.preferred == 2)
        // Other work holds the cores: two threads take five times longer, one thread a little.
        // The last probe now looks cheap beside the count in use, so the next comes soon.
        let switching = run(&governor, passes: 60, seconds: { $0 == 2 ? 0.120 : 0.045 })
        #expect(governor.preferred == 1)
        #expect(switching.firstIndex(of: 1).map { $0 < ThreadGovernor.probeInterval } == true)
        // While on one thread, every thread is tried again, at most the longest recovery
        // interval apart (two threads cost 1.7 passes more, more than the budget allows).
        #expect(governor.passesBetweenProbes == ThreadGovernor.longestRecoveryInterval)
        let underLoad = run(&governor, passes: 2 * ThreadGovernor.longestRecoveryInterval, seconds: { $0 == 2 ? 0.120 : 0.045 })
        #expect(underLoad.filter { $0 == 2 }.count == 2)
        #expect(governor.preferred == 1)
        // The load goes away: the next probe finds every thread faster again.
        _ = run(&governor, passes: ThreadGovernor.longestRecoveryInterval, seconds: { $0 == 2 ? 0.024 : 0.036 })
        #expect(governor.preferred == 2)
    }

    /// On one thread, the last probe of every thread was taken under load and spaces the next one
    /// far out; when the load goes, the one-thread passes get faster too, and every thread is
    /// probed within a few passes instead.
    @Test func aQuietMachineIsFoundAgainWithinAFewPasses() {
        var governor = ThreadGovernor(maximum: 2, adapts: true)
        _ = run(&governor, passes: 30, seconds: { $0 == 2 ? 0.032 : 0.064 })
        // Loaded as on the 2-core Xeon: two threads 170 ms a token, one 91 ms.
        _ = run(&governor, passes: 100, seconds: { $0 == 2 ? 0.170 : 0.091 })
        #expect(governor.preferred == 1)
        #expect(governor.passesBetweenProbes > 40)
        let quiet = run(&governor, passes: 12, seconds: { $0 == 2 ? 0.032 : 0.064 })
        #expect(governor.preferred == 2)
        #expect(quiet.firstIndex(of: 2).map { $0 < 8 } == true, "\(quiet)")
        // Quiet again on every thread: probes of one thread at the budget's spacing, no sooner.
        let after = run(&governor, passes: 40, seconds: { $0 == 2 ? 0.032 : 0.064 })
        #expect(after.filter { $0 == 1 }.count <= 1)
    }

    @Test func passesOfSeveralTokensAlwaysUseEveryThread() {
        var governor = ThreadGovernor(maximum: 2, adapts: true)
        _ = run(&governor, passes: 60, seconds: { $0 == 2 ? 0.120 : 0.045 })
        #expect(governor.preferred == 1)
        #expect(governor.threads(forPassOf: ThreadGovernor.largestDecodingPass + 1) == 2)
        #expect(governor.threads(forPassOf: 512) == 2)
        // Sessions decoded together keep every thread too.
        #expect(governor.threads(forPassOf: 4) == 2)
    }

    @Test func withoutAdaptingOrWithOneThreadNothingChanges() {
        var fixed = ThreadGovernor(maximum: 2, adapts: false)
        #expect(Set(run(&fixed, passes: 60, seconds: { $0 == 2 ? 0.120 : 0.045 })) == [2])
        var single = ThreadGovernor(maximum: 1, adapts: true)
        #expect(Set(run(&single, passes: 60, seconds: { _ in 0.05 })) == [1])
    }
}
