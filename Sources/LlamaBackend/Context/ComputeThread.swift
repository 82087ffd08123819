import Foundation
import Synchronization

/// The one thread of the process on which every multi-threaded `llama_decode` runs.
///
/// OpenMP keeps a team of worker threads per thread that starts parallel work. Decoding on each
/// engine's own thread gave the process a team per engine, and once libgomp manages more threads
/// than there are CPUs it cuts its spin-wait at barriers to 100 iterations, so the threads of
/// every decode sleep and wake in the kernel at each barrier. One idle second engine (`fm bench`'s
/// warm-up) held `fm serve` at 175-185 % CPU instead of 198 % on 2 cores, 8-10 % of its
/// throughput. Decoding on one thread keeps one team. (Decodes also take turns, under
/// `LlamaContext`'s lock: two at once oversubscribe the cores. A single-threaded decode starts no
/// team and stays on its engine's thread.)
///
/// The calling thread blocks until its work is done, so the work may use the caller's
/// non-`Sendable` state (a context, a batch) as if it ran on the caller's own thread.
final class ComputeThread: Sendable {
    /// The process's compute thread, started on first use.
    static let shared = ComputeThread()

    private let jobs = Mutex<[Job]>([])
    private let arrived = DispatchSemaphore(value: 0)
    /// The compute thread's identity, to run nested work in place rather than wait on itself.
    private let threadIdentity = Mutex<ObjectIdentifier?>(nil)

    private init() {
        // The shared instance lives as long as the process, and so does its thread.
        let thread = Thread { [self] in runJobs() }
        thread.name = Self.threadName
        // Like the engines' threads: llama.cpp's graph code runs on this stack.
        thread.stackSize = 8 << 20
        threadIdentity.withLock { $0 = ObjectIdentifier(thread) }
        thread.start()
    }

    /// The compute thread's name, which the OpenMP threads it starts inherit (`top -H` shows them).
    static let threadName = "fm-compute"

    private func runJobs() -> Never {
        // Foundation's `Thread.name` does not reach the kernel here, and Glibc's
        // `pthread_setname_np` is not imported; the kernel name is what new threads inherit.
        try? Self.threadName.write(toFile: "/proc/thread-self/comm", atomically: false, encoding: .utf8)
        while true {
            arrived.wait()
            guard let job = jobs.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) else { continue }
            job.run()
        }
    }

    /// Runs `work` on the compute thread, after the work queued before it, and returns its result.
    func perform<Result>(_ work: () -> Result) -> Result {
        if threadIdentity.withLock({ $0 }) == ObjectIdentifier(Thread.current) { return work() }
        return withoutActuallyEscaping(work) { work in
            let handoff = Handoff(work: work)
            jobs.withLock { $0.append(Job(handoff: handoff)) }
            arrived.signal()
            return handoff.waitForResult()
        }
    }
}

extension ComputeThread {
    /// One caller's work and its result, handed between the caller and the compute thread.
    ///
    /// `@unchecked Sendable`: the caller blocks in ``waitForResult()`` from the moment it queues
    /// the handoff until the compute thread signals `done`, so `work` and `result` are touched by
    /// one thread at a time, in an order the semaphore makes visible to both.
    private final class Handoff<Result>: @unchecked Sendable {
        /// Dropped before `done` is signalled: the caller's `withoutActuallyEscaping` checks
        /// that nothing holds the work once it returns.
        private var work: (() -> Result)?
        private var result: Result?
        private let done = DispatchSemaphore(value: 0)

        init(work: @escaping () -> Result) { self.work = work }

        func run() {
            result = work?()
            work = nil
            done.signal()
        }

        func waitForResult() -> Result {
            done.wait()
            guard let result else { preconditionFailure("the compute thread signalled before storing a result") }
            return result
        }
    }

    /// A queued handoff, with its result type erased.
    private struct Job: Sendable {
        let run: @Sendable () -> Void

        init<Result>(handoff: Handoff<Result>) { run = handoff.run }
    }
}
