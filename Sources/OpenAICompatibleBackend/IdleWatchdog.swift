import Dispatch
import Foundation
import Synchronization

/// Calls a handler once when no ``reset()`` came for `timeout` seconds.
///
/// Checks run on a utility dispatch queue, each scheduled for the moment the silence would reach
/// the timeout; they never run on Swift's cooperative pool, so a caller that blocks the pool
/// cannot keep the watchdog from firing.
final class IdleWatchdog: Sendable {
    private struct State {
        var lastActivity: ContinuousClock.Instant
        var isStopped: Bool
    }

    private let timeout: Duration
    private let state: Mutex<State>
    private let onTimeout: @Sendable () -> Void

    /// Starts watching; `onTimeout` runs at most once, on a background queue.
    ///
    /// - Parameters:
    ///   - seconds: Seconds of silence allowed; zero, less or not finite disables the watchdog.
    ///   - onTimeout: What to do when the silence lasted too long.
    init(timeout seconds: TimeInterval, onTimeout: @escaping @Sendable () -> Void) {
        let enabled = seconds.isFinite && seconds > 0
        timeout = enabled ? .milliseconds(Int64(seconds * 1000)) : .zero
        state = Mutex(State(lastActivity: .now, isStopped: !enabled))
        self.onTimeout = onTimeout
        if enabled { schedule(after: timeout) }
    }

    /// Something happened: the silence starts again from now.
    func reset() {
        state.withLock { $0.lastActivity = .now }
    }

    /// Stops watching for good; the handler will not run.
    func stop() {
        state.withLock { $0.isStopped = true }
    }

    private func schedule(after delay: Duration) {
        let nanoseconds = Int(delay.components.seconds) * 1_000_000_000 + Int(delay.components.attoseconds / 1_000_000_000)
        DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + .nanoseconds(max(nanoseconds, 1_000_000))) { [weak self] in
            self?.check()
        }
    }

    private func check() {
        enum Outcome {
            case stopped, expired
            case wait(Duration)
        }
        let outcome = state.withLock { state -> Outcome in
            if state.isStopped { return .stopped }
            let silence = ContinuousClock.now - state.lastActivity
            if silence >= timeout {
                state.isStopped = true
                return .expired
            }
            return .wait(timeout - silence)
        }
        switch outcome {
        case .stopped: break
        case .expired: onTimeout()
        case .wait(let remaining): schedule(after: remaining)
        }
    }
}
