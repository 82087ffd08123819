import Foundation
import Testing
@testable import LlamaBackend
import TestSupport

/// Loading runs on a thread of its own that has ended when the call returns, so that an OpenMP
/// team started while loading (AMX weight conversion) ends with it.
struct LoadingThreadTests {
    /// The kernel thread id and name of the calling thread.
    static func currentThread() -> (id: String, name: String) {
        let id = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self")).map { ($0 as NSString).lastPathComponent } ?? ""
        let name = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? ""
        return (id, name.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    @Test func workRunsOnANamedThreadThatHasEndedWhenTheCallReturns() throws {
        let caller = Self.currentThread()
        let (loader, answer) = LoadingThread.run { (Self.currentThread(), 42) }
        #expect(answer == 42)
        #expect(loader.name == LoadingThread.threadName)
        #expect(!loader.id.isEmpty && loader.id != caller.id)
        #expect(!FileManager.default.fileExists(atPath: "/proc/self/task/\(loader.id)"), "the loading thread is still there")
    }

    @Test func errorsComeBackTyped() {
        #expect(throws: LlamaError.modelLoadFailed(path: "x")) {
            try LoadingThread.run { () throws(LlamaError) -> Int in throw .modelLoadFailed(path: "x") }
        }
    }

    @Test func workMayUseTheCallersState() {
        var counts: [Int] = []
        LoadingThread.run { counts.append(contentsOf: 1...3) }
        #expect(counts == [1, 2, 3])
    }

    /// The kernel thread ids of the process's loading threads that exist now.
    static func loadingThreadIDs() -> Set<String> {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return Set(
            tasks.filter { task in
                let name = try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8)
                return name?.trimmingCharacters(in: .whitespacesAndNewlines) == LoadingThread.threadName
            })
    }

    /// A real load: the model comes back usable and no loading thread is left behind. Tests that
    /// run alongside may be loading models right now, each on a loading thread of its own, so the
    /// loading threads seen after this load (its own has ended already) must all end, not be
    /// absent at once: a thread left behind would stay.
    @Test(.requiresSmolLM2) func aModelLoadsOnALoadingThreadThatEnds() async throws {
        let model = try LlamaModel.load(path: TestModels.smolLM2Path)
        #expect(try model.vocabulary.tokenize("Hello").isEmpty == false)
        var remaining = Self.loadingThreadIDs()
        let deadline = ContinuousClock.now + .seconds(120)
        while !remaining.isEmpty, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(50))
            remaining.formIntersection(Self.loadingThreadIDs())
        }
        #expect(remaining.isEmpty, "loading threads still there: \(remaining)")
    }
}
