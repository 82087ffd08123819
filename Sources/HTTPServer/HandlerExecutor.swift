import Dispatch

/// Where the server's request handlers run: a concurrent dispatch queue of the server's own, so a
/// handler keeps running while CPU-bound work holds every thread of Swift's cooperative pool
/// (which has one thread per core). Handlers still hop to any actor they call; only their own
/// code and the nonisolated functions they await run here.
final class HandlerExecutor: TaskExecutor {
    private let queue: DispatchQueue

    init(label: String) {
        queue = DispatchQueue(label: label, attributes: .concurrent)
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}
