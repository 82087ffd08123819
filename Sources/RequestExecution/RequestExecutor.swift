import Dispatch

/// Where the package's own request work runs: the tasks it starts (streaming a response, loading
/// a model, prewarming) and everything a session request awaits inside the package. It is a
/// serial dispatch queue, apart from Swift's cooperative pool, so a request makes progress while
/// the caller's code holds every pool thread (the pool has one thread per core; busy-waiting
/// callers on two cores used to stop every request).
///
/// Serial because the work is waiting and bookkeeping (decoding runs on the engine's thread), and
/// every extra runnable thread slows llama.cpp's spinning decode threads: a concurrent queue cost
/// about 10 % of serving throughput where a serial one cost nothing measurable. A tool that blocks
/// its thread instead of awaiting holds this queue meanwhile, as it would hold a pool thread.
///
/// Use it as a task executor preference: `Task(executorPreference: RequestExecutor.shared)` or
/// `withTaskExecutorPreference(RequestExecutor.shared) { … }`. Code isolated to an actor still
/// runs on that actor.
package final class RequestExecutor: TaskExecutor {
    /// The one executor of the process.
    package static let shared = RequestExecutor()

    private let queue = DispatchQueue(label: "fm-requests", qos: .userInitiated)

    private init() {}

    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}
