import Foundation

/// Runs blocking work (a child process, a socket read, a compiler) on a thread of its own and
/// waits for it without holding one of Swift's cooperative threads.
///
/// Why: the test process runs many suites at once on a pool as wide as the machine has cores
/// (two here). A test that blocked a pool thread in `waitUntilExit` or `recv` for minutes starved
/// every other test's tasks, among them the loopback servers whose answers it was waiting for.
package func offPool<Result: Sendable>(_ body: @escaping @Sendable () throws -> Result) async throws -> Result {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread {
            continuation.resume(with: Swift.Result { try body() })
        }
        thread.start()
    }
}
