import Dispatch

/// Where the requests' blocking C work runs: a concurrent dispatch queue on top of the global
/// (non-overcommitting) queue, so that OCR and scanning never hold the threads of Swift's
/// cooperative pool, and no more of them run at once than there are cores.
///
/// A request awaits its work with a continuation; its task's cancellation sets a flag that the
/// work polls, and the work then throws ``VisionError/requestCancelled(_:)``.
enum VisionWork {
    private static let queue = DispatchQueue(
        label: "vision-requests", qos: .userInitiated, attributes: .concurrent, target: .global(qos: .userInitiated))

    /// Runs `body` on the queue and returns what it returns.
    ///
    /// - Throws: What `body` throws, or ``VisionError/requestCancelled(_:)`` when the task was
    ///   cancelled before the work started.
    static func run<T: Sendable>(
        _ what: String, _ body: @escaping @Sendable (CancellationFlag) throws(VisionError) -> T
    ) async throws(VisionError) -> T {
        let flag = CancellationFlag()
        let result: Result<T, VisionError> = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<T, VisionError>, Never>) in
                queue.async {
                    guard !flag.isCancelled else {
                        continuation.resume(returning: .failure(.requestCancelled("\(what) was cancelled before it started")))
                        return
                    }
                    continuation.resume(returning: Result { () throws(VisionError) -> T in try body(flag) })
                }
            }
        } onCancel: {
            flag.cancel()
        }
        return try result.get()
    }
}
