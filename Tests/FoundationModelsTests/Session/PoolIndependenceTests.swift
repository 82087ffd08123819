import Foundation
import Synchronization
import Testing
import FoundationModelsCore
import LlamaBackend
import RequestExecution
import TestSupport

/// A request's progress does not depend on Swift's cooperative pool: while the caller's code holds
/// every pool thread (busy-waiting tests did exactly this, on two cores, and hung forever), a
/// session loads its engine, generates, streams and answers.
///
/// The caller's own task must run somewhere to receive the answer; here it runs on the package's
/// request executor. Any step of ours that still hopped to the pool (an unstructured task, a
/// detached load) would hang the request until the pool frees, and the test would time out.
@Suite(.requiresSmolLM2) struct PoolIndependenceTests {
    @Test func aSessionAnswersAndStreamsWhileEveryCooperativeThreadIsBlocked() async throws {
        // A context size of its own: the engine is created while the pool is blocked.
        let model = LlamaLanguageModel(path: TestModels.smolLM2Path, contextSize: 1031, concurrentSessions: 1)
        let options = GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 8)
        let result = try await offPool { () -> Result<[String], any Error>? in
            let blocker = CooperativePoolBlocker()
            defer { blocker.release() }
            guard blocker.occupy() else { return .failure(PoolNotOccupied()) }
            let finished = DispatchSemaphore(value: 0)
            let outcome = Mutex<Result<[String], any Error>?>(nil)
            Task(executorPreference: RequestExecutor.shared) {
                let result = await Result(catching: { () async throws -> [String] in
                    let session = LanguageModelSession(model: model, instructions: "You are a helpful assistant.")
                    let answer = try await session.respond(to: "Say hello.", options: options).content
                    var streamed = ""
                    for try await snapshot in session.streamResponse(to: "Now say goodbye.", options: options) {
                        streamed = snapshot.content
                    }
                    return [answer, streamed]
                })
                outcome.withLock { $0 = result }
                finished.signal()
            }
            guard finished.wait(timeout: .now() + 300) == .success else { return nil }
            return outcome.withLock { $0 }
        }
        let texts = try #require(result, "the request made no progress while the cooperative pool was blocked").get()
        #expect(texts.count == 2)
        #expect(texts.allSatisfy { !$0.isEmpty })
    }
}

/// Other tests held the cooperative pool too long for the test to occupy it.
private struct PoolNotOccupied: Error {}

extension Result where Failure == any Error {
    /// The result of an async throwing body.
    fileprivate init(catching body: () async throws -> Success) async {
        do {
            self = .success(try await body())
        } catch {
            self = .failure(error)
        }
    }
}
