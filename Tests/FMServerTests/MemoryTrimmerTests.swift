@testable import FMServer
import Foundation
import Synchronization
import Testing
import TestSupport

@Suite struct MemoryTrimmerTests {
    @Test func trimsAtMostOncePerInterval() async throws {
        let calls = Atomic<Int>(0)
        let trimmer = MemoryTrimmer(interval: .milliseconds(300)) {
            calls.add(1, ordering: .relaxed)
            return true
        }
        for _ in 0..<5 { trimmer.requestEnded() }
        trimmer.drain()
        #expect(calls.load(ordering: .relaxed) == 1)
        #expect(trimmer.trims == 1)
        try await Task.sleep(for: .milliseconds(350))
        trimmer.requestEnded()
        trimmer.requestEnded()
        trimmer.drain()
        #expect(calls.load(ordering: .relaxed) == 2)
    }

    @Test func withoutATrimFunctionNothingRuns() {
        let trimmer = MemoryTrimmer(trim: nil)
        #expect(!trimmer.isAvailable)
        trimmer.requestEnded()
        trimmer.drain()
        #expect(trimmer.trims == 0)
    }

    #if os(Linux)
        @Test func glibcGivesBackWhatAThreadFreed() throws {
            let trim = try #require(MemoryTrimmer.systemTrim, "glibc has malloc_trim")
            // 64 KiB blocks (below glibc's mmap threshold) filled and freed on a thread of their
            // own, keeping every eighth so that the arena's top cannot simply shrink.
            let done = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                var blocks = (0..<2048).map { _ in malloc(64 * 1024)! }
                for block in blocks { memset(block, 1, 64 * 1024) }
                for (index, block) in blocks.enumerated() where index % 8 != 0 { free(block) }
                blocks = blocks.enumerated().filter { $0.offset % 8 == 0 }.map(\.element)
                #expect(trim())
                for block in blocks { free(block) }
                done.signal()
            }
            done.wait()
        }
    #endif

    @Test(.requiresSmolLM2) func chatRequestsTrimAndOtherRoutesDoNot() async throws {
        let calls = Atomic<Int>(0)
        var configuration = OpenAIServer.Configuration(models: try ServedModel.models(settings: LiveServer.settings, adapterPaths: []))
        configuration.port = 0
        let server = try OpenAIServer(
            configuration: configuration,
            memory: MemoryTrimmer(interval: .zero) {
                calls.add(1, ordering: .relaxed)
                return true
            })
        server.start()
        defer { Task { await server.stop(gracePeriod: .zero) } }
        let refused = try await LiveServer.post("/v1/chat/completions", body: "{not json", to: server)
        #expect(refused.status == 400)
        server.memory.drain()
        #expect(calls.load(ordering: .relaxed) == 1)
        _ = try await LiveServer.send("GET", "/health", to: server)
        server.memory.drain()
        #expect(calls.load(ordering: .relaxed) == 1)
    }
}
