import Dispatch

/// Where the server's request handlers run: a serial dispatch queue of the server's own, so a
/// handler keeps running while CPU-bound work holds every thread of Swift's cooperative pool
/// (which has one thread per core). Handlers still hop to any actor they call; only their own
/// code and the nonisolated functions they await run here.
///
/// Serial on purpose: handlers only wait and format, and one more thread at most keeps out of the
/// way of llama.cpp's spinning decode threads. Measured with `fm bench --only serve` (8 clients,
/// 4 slots, 2 cores), a concurrent queue ran 2–3 tokens/s (about 10 %) slower than the cooperative
/// pool; a serial one ran as fast as the pool (23.1 and 25.3 against 23.3 and 25.3 tokens/s).
final class HandlerExecutor: TaskExecutor {
    private let queue: DispatchQueue

    init(label: String) {
        queue = DispatchQueue(label: label)
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}
