import Foundation
import Synchronization

/// Holds every thread of Swift's cooperative pool with tasks that block until released: what a
/// busy test process (or a CPU-bound model call) does to code that waits for the pool.
///
/// Call ``occupy(within:)`` and ``release()`` from a thread outside the pool (``offPool(_:)``);
/// keep the occupation short, since every other task of the process waits meanwhile. One blocker
/// occupies the pool at a time in the process: two tests each holding half of it would wait for
/// each other forever (a CI run did exactly that). Tests that use it have
/// `EveryCooperativeThreadIsBlocked` in their names: scripts/test.sh runs them alone, after the
/// rest, whose timing checks would fail while the pool stands still.
package final class CooperativePoolBlocker: Sendable {
    /// Held by the blocker that occupies the pool now.
    private static let turn = DispatchSemaphore(value: 1)
    private let width = ProcessInfo.processInfo.activeProcessorCount
    private let started = Atomic<Int>(0)
    private let holdsTurn = Atomic<Bool>(false)
    private let gate = DispatchSemaphore(value: 0)

    package init() {}

    /// Starts one blocking task per pool thread and waits until all of them run; whether they did
    /// within `seconds` (other tests' tasks may hold the pool a while first).
    package func occupy(within seconds: Double = 600) -> Bool {
        guard Self.turn.wait(timeout: .now() + seconds) == .success else { return false }
        holdsTurn.store(true, ordering: .releasing)
        for _ in 0..<width {
            Task.detached { [self] in holdThread() }
        }
        let deadline = Date().addingTimeInterval(seconds)
        while started.load(ordering: .acquiring) < width, Date() < deadline {
            Thread.sleep(forTimeInterval: 0.01)
        }
        return started.load(ordering: .acquiring) == width
    }

    /// Lets the blocking tasks end, and the next blocker take its turn.
    package func release() {
        guard holdsTurn.exchange(false, ordering: .acquiringAndReleasing) else { return }
        for _ in 0..<width { gate.signal() }
        Self.turn.signal()
    }

    private func holdThread() {
        started.add(1, ordering: .releasing)
        gate.wait()
    }
}
