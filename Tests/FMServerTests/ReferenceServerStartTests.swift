import FMBench
import Foundation
import Testing
import TestSupport

/// `ReferenceServerProcess`, which starts llama.cpp's `llama-server` for `fm bench` and the tests:
/// a server that exits before it answers is reported with its log, promptly, instead of being
/// waited for until the deadline.
@Suite(.requiresSmolLM2) struct ReferenceServerStartTests {
    @Test func aServerThatExitsAtOnceIsReportedWithItsLog() async throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-model-\(UUID().uuidString).gguf").path
        // Three attempts, each ended by the server's own exit, not by the 600-s deadline: the
        // error says which, so the check holds however slow the host (no timing here).
        await #expect {
            _ = try await ReferenceServer(modelPath: missing)
        } throws: { error in
            guard case ReferenceServerProcess.StartError.exitedBeforeAnswering(let attempts, let log) = error else { return false }
            return attempts == 3 && !log.isEmpty
        }
    }
}
