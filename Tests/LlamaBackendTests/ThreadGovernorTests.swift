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
        let used = run(&governor, passes: 96, seconds: { $0 == 4 ? 0.010 : 0.025 })
        #expect(governor.preferred == 4)
        #expect(used.filter { $0 == 1 }.count == 96 / ThreadGovernor.probeInterval)
    }

    @Test func underLoadOneThreadTakesOverAndEveryThreadComesBackWhenQuiet() {
        var governor = ThreadGovernor(maximum: 2, adapts: true)
        _ = run(&governor, passes: 30, seconds: { $0 == 2 ? 0.024 : 0.036 })
        #expect(governor.preferred == 2)
        // Other work holds the cores: two threads take five times longer, one thread a little.
        _ = run(&governor, passes: 60, seconds: { $0 == 2 ? 0.120 : 0.045 })
        #expect(governor.preferred == 1)
        // While on one thread, every thread is tried every few passes.
        let underLoad = run(&governor, passes: 40, seconds: { $0 == 2 ? 0.120 : 0.045 })
        #expect(underLoad.filter { $0 == 2 }.count == 40 / ThreadGovernor.recoveryProbeInterval)
        #expect(governor.preferred == 1)
        // The load goes away.
        _ = run(&governor, passes: 3 * ThreadGovernor.recoveryProbeInterval, seconds: { $0 == 2 ? 0.024 : 0.036 })
        #expect(governor.preferred == 2)
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
