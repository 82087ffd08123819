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
        var counts = [Int]()
        LoadingThread.run { counts.append(contentsOf: 1...3) }
        #expect(counts == [1, 2, 3])
    }

    /// A real load: the model comes back usable and no loading thread is left behind.
    @Test(.requiresSmolLM2) func aModelLoadsOnALoadingThreadThatEnds() throws {
        let model = try LlamaModel.load(path: TestModels.smolLM2Path)
        #expect(try model.vocabulary.tokenize("Hello").isEmpty == false)
        #expect(!ComputeThreadTests.threadNames().contains(LoadingThread.threadName))
    }
}
