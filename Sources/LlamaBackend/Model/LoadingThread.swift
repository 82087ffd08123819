import Foundation

/// Runs llama.cpp's loading work (a model's weights, an adapter) on a thread of its own, which
/// has ended by the time the call returns.
///
/// Loading can start an OpenMP team: on CPUs with AMX, ggml converts each weight matrix to the
/// AMX layout inside `#pragma omp parallel`, with as many threads as there are CPUs. libgomp keeps
/// a team per thread that starts parallel work, for as long as that thread lives, and once it
/// manages more threads than there are CPUs it cuts its spin-wait at barriers to a few hundred
/// iterations. A team kept by a loading thread that lives on (a pooled Swift thread) therefore
/// made every later decode's OpenMP threads sleep and wake in the kernel at each barrier.
/// Measured on a 16-core Xeon with AMX (a virtual machine), 8 threads: single-token passes took
/// 1.6-2.0 ms against 0.75 ms with libgomp's spinning forced on, and decoding ran at 0.33-0.41
/// of `llama-bench`'s rate (0.62-0.98 once loading ended its team; Docs/Evolution/0013). When a
/// thread ends, libgomp ends its team and stops counting it (its thread-exit destructor), so a
/// loading thread that ends leaves only the compute thread's team (see ``ComputeThread``).
///
/// The caller blocks until the thread has ended, so the work may use the caller's
/// non-`Sendable` state as if it ran on the caller's own thread.
enum LoadingThread {
    /// The loading thread's kernel name, which any OpenMP threads it starts inherit.
    static let threadName = "fm-load"

    /// Runs `work` on a new thread, waits for that thread to end, and returns the work's result
    /// or rethrows its error. Should no thread start, the work runs on the caller's thread.
    static func run<Success, Failure: Error>(_ work: () throws(Failure) -> Success) throws(Failure) -> Success {
        var outcome: Result<Success, Failure>?
        withoutActuallyEscaping({ outcome = Result { () throws(Failure) -> Success in try work() } }) { body in
            let job = Job(body: body)
            if !runOnNewThread(job) { body() }
        }
        guard let outcome else { preconditionFailure("the loading thread ended without running its work") }
        return try outcome.get()
    }

    /// Starts a thread for `job` and joins it; false when no thread could be started.
    private static func runOnNewThread(_ job: Job) -> Bool {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        // Like the engines' threads: llama.cpp's loading code runs on this stack.
        pthread_attr_setstacksize(&attributes, 8 << 20)
        let context = Unmanaged.passRetained(job).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(
            &thread, &attributes,
            { context in
                guard let context else { return nil }
                let job = Unmanaged<Job>.fromOpaque(context).takeRetainedValue()
                // Glibc's `pthread_setname_np` is not imported; the kernel name is what new threads inherit.
                try? LoadingThread.threadName.write(toFile: "/proc/thread-self/comm", atomically: false, encoding: .utf8)
                job.run()
                return nil
            }, context)
        guard status == 0 else {
            Unmanaged<Job>.fromOpaque(context).release()
            return false
        }
        pthread_join(thread, nil)
        return true
    }

    /// The work handed to the loading thread.
    ///
    /// `@unchecked Sendable`: the caller blocks in `pthread_join` from the moment the thread
    /// starts until it has ended, so `body` (and what it captures) is used by one thread at a
    /// time, and joining makes the thread's writes visible to the caller.
    private final class Job: @unchecked Sendable {
        private var body: (() -> Void)?

        init(body: @escaping () -> Void) { self.body = body }

        /// Runs the work, then drops it: the caller's `withoutActuallyEscaping` checks that
        /// nothing holds the work once it returns.
        func run() {
            body?()
            body = nil
        }
    }
}
