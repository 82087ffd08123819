import Foundation
import Testing
import TestSupport

/// The test helper that starts llama.cpp's `llama-server`: a server that exits before it answers
/// is reported with its log, promptly, instead of being waited for until the deadline.
@Suite(.requiresSmolLM2) struct ReferenceServerStartTests {
    @Test func aServerThatExitsAtOnceIsReportedWithItsLog() async throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-model-\(UUID().uuidString).gguf").path
        let start = ContinuousClock.now
        await #expect {
            _ = try await ReferenceServer(modelPath: missing)
        } throws: { error in
            guard case ReferenceServerError.didNotStart(let log) = error else { return false }
            return !log.isEmpty
        }
        // Three attempts, each ended by the server's own exit: seconds, not the 600-s deadline.
        #expect(ContinuousClock.now - start < .seconds(120))
    }
}
