import Foundation
import Synchronization
import Testing
@testable import LlamaBackend
import TestSupport

/// Every decode of the process runs on one compute thread, so that llama.cpp's OpenMP threads form
/// one team however many engines there are.
struct ComputeThreadTests {
    /// The kernel names of the process's threads.
    static func threadNames() -> [String] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return tasks.compactMap { task in
            (try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    @Test func workFromManyThreadsRunsOnTheOneComputeThreadAndReturnsItsResult() async throws {
        let names = Mutex<Set<String>>([])
        let results = Mutex<[Int]>([])
        let threads = (0..<4).map { index in
            Thread {
                let result = ComputeThread.shared.perform { () -> Int in
                    let name = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? ""
                    names.withLock { _ = $0.insert(name.trimmingCharacters(in: .whitespacesAndNewlines)) }
                    return index * 10
                }
                results.withLock { $0.append(result) }
            }
        }
        for thread in threads { thread.start() }
        let deadline = ContinuousClock.now + .seconds(60)
        while results.withLock({ $0.count }) < threads.count, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(results.withLock { $0.sorted() } == [0, 10, 20, 30])
        #expect(names.withLock { $0 } == [ComputeThread.threadName])
    }

    @Test func workQueuedFromTheComputeThreadRunsInPlace() {
        let inner = ComputeThread.shared.perform {
            ComputeThread.shared.perform { "nested" }
        }
        #expect(inner == "nested")
    }

    @Test func optionalResultsComeBackAsTheyWere() {
        let none: Int? = ComputeThread.shared.perform { nil }
        let some: Int? = ComputeThread.shared.perform { 7 }
        #expect(none == nil)
        #expect(some == 7)
    }

    /// Two engines that decode with two threads each: llama.cpp's OpenMP worker is started by the
    /// compute thread (it carries its name), and neither engine's thread starts a team of its own.
    @Test(.requiresSmolLM2) func enginesShareOneTeamOfComputeThreads() async throws {
        let model = try TestModels.smolLM2()
        let prompt = try model.vocabulary.tokenize(TestModels.chatML(system: "You are a helpful assistant.", user: "Count to three."))
        for _ in 0..<2 {
            let engine = try InferenceEngine(model: model, configuration: ContextConfiguration(tokensPerSequence: 256, sequences: 1, threads: 2))
            for try await _ in engine.generate(GenerationRequest(promptTokens: prompt, sampling: .init(strategy: .greedy), maximumTokens: 4)) {}
        }
        let computeThreads = Self.threadNames().filter { $0 == ComputeThread.threadName }.count
        // The compute thread itself, and at least the one OpenMP worker of a two-thread decode.
        #expect(computeThreads >= 2, "threads: \(Self.threadNames())")
    }
}
