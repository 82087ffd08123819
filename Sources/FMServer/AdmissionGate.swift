import Synchronization

/// Bounds the generations in progress: `capacity` run at once, up to `queueLimit` more wait in
/// order, and further ones are turned away at once (the server answers 429) instead of queueing
/// without bound.
final class AdmissionGate: Sendable {
    /// The request was turned away: every slot and queue place is taken.
    struct Overloaded: Error {}

    private struct State {
        var running = 0
        var waiting: [(id: Int, continuation: CheckedContinuation<Void, any Error>)] = []
        var nextID = 0
    }

    let capacity: Int
    let queueLimit: Int
    private let state = Mutex(State())

    init(capacity: Int, queueLimit: Int) {
        self.capacity = max(1, capacity)
        self.queueLimit = max(0, queueLimit)
    }

    /// Generations running now.
    var running: Int { state.withLock(\.running) }
    /// Generations waiting for a slot.
    var waiting: Int { state.withLock(\.waiting.count) }

    /// Takes a slot, waiting in line when all are busy.
    ///
    /// - Throws: ``Overloaded`` when the line is full; `CancellationError` when the task is
    ///   cancelled while waiting.
    func enter() async throws {
        enum Decision {
            case admitted
            case queued(Int)
            case refused, cancelled
        }
        let id = state.withLock { state -> Int in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let decision = state.withLock { state -> Decision in
                    if state.running < capacity {
                        state.running += 1
                        return .admitted
                    }
                    guard state.waiting.count < queueLimit else { return .refused }
                    // Cancelled before joining the line: the cancellation handler has already run.
                    guard !Task.isCancelled else { return .cancelled }
                    state.waiting.append((id, continuation))
                    return .queued(id)
                }
                switch decision {
                case .admitted: continuation.resume()
                case .refused: continuation.resume(throwing: Overloaded())
                case .cancelled: continuation.resume(throwing: CancellationError())
                case .queued: break
                }
            }
        } onCancel: {
            let removed = state.withLock { state -> CheckedContinuation<Void, any Error>? in
                guard let index = state.waiting.firstIndex(where: { $0.id == id }) else { return nil }
                return state.waiting.remove(at: index).continuation
            }
            removed?.resume(throwing: CancellationError())
        }
    }

    /// Gives the slot back, to the first in line if any.
    func leave() {
        let next = state.withLock { state -> CheckedContinuation<Void, any Error>? in
            if state.waiting.isEmpty {
                state.running -= 1
                return nil
            }
            return state.waiting.removeFirst().continuation
        }
        next?.resume()
    }
}
