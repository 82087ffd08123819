import Foundation
import Testing
import TestSupport

/// A bounded load on loopback against `fm serve` as its own process: 8 clients × 20 requests,
/// every fifth one a stream the client hangs up on after its first tokens. Nothing but 200s, the
/// slots and the queue come back to zero, and the server process does not grow.
@Suite(.serialized, .requiresSmolLM2) struct ServeLoadTests {
    /// A process's resident memory, in bytes.
    static func residentBytes(of processID: Int32) -> Int {
        let status = (try? String(contentsOfFile: "/proc/\(processID)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024
    }

    /// One client's requests: statuses of the whole ones, and how many it abandoned.
    static func client(_ index: Int, port: Int, requests: Int) throws -> (statuses: [Int], abandoned: Int) {
        var statuses: [Int] = []
        var abandoned = 0
        for request in 0..<requests {
            let client = try LoopbackClient(port: port)
            let prompt = "Client \(index), request \(request): say something short."
            if request % 5 == 4 {
                try client.post(
                    "/v1/chat/completions",
                    json: #"{"messages": [{"role": "user", "content": "\#(prompt)"}], "max_tokens": 200, "stream": true}"#)
                _ = try client.readStream(until: "\"content\":\"")
                client.close()
                abandoned += 1
            } else {
                try client.post("/v1/chat/completions", json: #"{"messages": [{"role": "user", "content": "\#(prompt)"}], "max_tokens": 6}"#)
                statuses.append(try client.readResponse().status)
            }
        }
        return (statuses, abandoned)
    }

    static func metrics(port: Int) throws -> String {
        let client = try LoopbackClient(port: port)
        try client.send("GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n")
        return try client.readResponse().text
    }

    @Test func eightClientsTwentyRequestsEachWithHangUps() async throws {
        // Conversations evicted from the 4 slots are saved in up to 16 MiB (--cache-ram): a
        // bounded store that the memory bound below allows for.
        let serve = try ServeEndToEndTests.ServeProcess(extra: ["--parallel", "4", "--queue", "16", "--cache-ram", "16"])
        let port = serve.port
        let processID = serve.process.processIdentifier
        // Warm up (model, contexts, the first allocations) before measuring memory.
        _ = try await offPool { try Self.client(99, port: port, requests: 10) }
        let before = Self.residentBytes(of: processID)
        let results = try await withThrowingTaskGroup(of: ([Int], Int).self) { group in
            for index in 0..<8 {
                group.addTask { try await offPool { try Self.client(index, port: port, requests: 20) } }
            }
            var all: [([Int], Int)] = []
            for try await result in group { all.append(result) }
            return all
        }
        let statuses = results.flatMap(\.0)
        #expect(statuses.count == 8 * 16)
        #expect(statuses.allSatisfy { $0 == 200 }, "\(Dictionary(grouping: statuses) { $0 }.mapValues(\.count))")
        #expect(results.map(\.1).reduce(0, +) == 8 * 4)
        // Every abandoned generation was cancelled (or had ended) and every slot given back.
        let deadline = ContinuousClock.now + .seconds(20)
        var metrics = ""
        repeat {
            try await Task.sleep(for: .milliseconds(200))
            metrics = try await offPool { try Self.metrics(port: port) }
        } while !metrics.contains("fm_active_generations 0") && ContinuousClock.now < deadline
        #expect(metrics.contains("fm_active_generations 0"))
        #expect(metrics.contains("fm_queue_depth 0"))
        #expect(metrics.contains("fm_generations_cancelled_total"))
        // The store stays within its bound (these short conversations lose fewer than 16 tokens
        // when evicted, too few to save; `EngineSlotSharingTests` saves and restores longer ones).
        let bytesLine = metrics.split(separator: "\n").first { $0.hasPrefix("fm_host_cache_bytes ") }
        let heldBytes = bytesLine?.split(separator: " ").last.flatMap { Int($0) } ?? -1
        #expect(heldBytes >= 0 && heldBytes <= 16 << 20, "\(bytesLine ?? "no fm_host_cache_bytes")")
        let after = Self.residentBytes(of: processID)
        print("load test: fm serve's resident memory \(before / 1_000_000) MB after warm-up, \(after / 1_000_000) MB after 160 more requests")
        #expect(after - before < 32 * 1_000_000 + 16 << 20, "fm serve grew by \((after - before) / 1_000_000) MB")
        serve.process.terminate()
    }
}
