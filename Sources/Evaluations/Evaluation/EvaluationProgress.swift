import Foundation
import Synchronization

/// Reports a long run's progress on standard error: nothing for the first five seconds, then a line
/// at most every five seconds, and a last line when a reported run ends.
final class EvaluationProgress: Sendable {
    private struct State {
        var lastReport: ContinuousClock.Instant
        var reported = false
    }

    private let name: String
    private let enabled: Bool
    private let start = ContinuousClock.now
    private let state: Mutex<State>

    init(name: String, enabled: Bool) {
        self.name = name
        self.enabled = enabled
        self.state = Mutex(State(lastReport: .now))
    }

    /// Notes that `done` samples are complete, of `total` when known.
    func completed(_ done: Int, of total: Int?) {
        guard enabled else { return }
        let now = ContinuousClock.now
        let due = state.withLock { state -> Bool in
            guard now - start >= .seconds(5), now - state.lastReport >= .seconds(5) else { return false }
            state.lastReport = now
            state.reported = true
            return true
        }
        guard due else { return }
        let count = total.map { "\(done) of \($0)" } ?? "\(done)"
        write("Evaluations: \(name): \(count) samples done (\(seconds(now - start)) s)")
    }

    /// Notes that the run is over.
    func finished(_ total: Int) {
        guard enabled, state.withLock({ $0.reported }) else { return }
        write("Evaluations: \(name): all \(total) samples done (\(seconds(ContinuousClock.now - start)) s)")
    }

    private func seconds(_ duration: Duration) -> Int {
        Int(duration.components.seconds)
    }

    private func write(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
