import Synchronization

/// Set when the task that started a request is cancelled; the C work polls it (Tesseract between
/// words, the rest between steps).
final class CancellationFlag: Sendable {
    private let cancelled = Atomic(false)

    var isCancelled: Bool { cancelled.load(ordering: .relaxed) }

    func cancel() { cancelled.store(true, ordering: .relaxed) }
}
