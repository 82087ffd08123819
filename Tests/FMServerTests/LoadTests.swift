import FMServer
import Foundation
import Testing
import TestSupport

/// A bounded load on loopback: 8 clients × 20 requests, every fifth one a stream the client hangs
/// up on after its first tokens. Nothing but 200s, and the process does not grow.
@Suite(.serialized, .requiresSmolLM2) struct LoadTests {
    /// The process's resident memory, in bytes.
    static func residentBytes() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
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

    @Test func eightClientsTwentyRequestsEachWithHangUps() async throws {
        let server = LiveServer.make {
            $0.parallel = 4
            $0.queueLimit = 16
        }
        let port = server.port
        // Warm up (model, contexts, the first allocations) before measuring memory.
        _ = try await LoopbackClient.offPool { try Self.client(99, port: port, requests: 10) }
        let before = Self.residentBytes()
        let results = try await withThrowingTaskGroup(of: ([Int], Int).self) { group in
            for index in 0..<8 {
                group.addTask { try await LoopbackClient.offPool { try Self.client(index, port: port, requests: 20) } }
            }
            var all: [([Int], Int)] = []
            for try await result in group { all.append(result) }
            return all
        }
        let statuses = results.flatMap(\.0)
        #expect(statuses.count == 8 * 16)
        #expect(statuses.allSatisfy { $0 == 200 }, "\(Dictionary(grouping: statuses) { $0 }.mapValues(\.count))")
        #expect(results.map(\.1).reduce(0, +) == 8 * 4)
        // Every abandoned generation was cancelled and every slot given back.
        let deadline = ContinuousClock.now + .seconds(10)
        var metrics = ""
        repeat {
            try await Task.sleep(for: .milliseconds(100))
            metrics = try await LiveServer.send("GET", "/metrics", to: server).body
        } while !metrics.contains("fm_active_generations 0") && ContinuousClock.now < deadline
        #expect(metrics.contains("fm_active_generations 0"))
        #expect(metrics.contains("fm_queue_depth 0"))
        let cancelled = metrics.split(separator: "\n").first { $0.hasPrefix("fm_generations_cancelled_total ") }
        #expect((cancelled.flatMap { Int($0.split(separator: " ")[1]) } ?? 0) >= 8 * 4 - 8, "\(cancelled ?? "")")
        await server.stop(gracePeriod: .seconds(2))
        let growth = Self.residentBytes() - before
        print("load test: resident memory \(before / 1_000_000) MB before, grew by \(growth / 1_000_000) MB over 160 requests")
        #expect(growth < 64 * 1_000_000, "resident memory grew by \(growth / 1_000_000) MB")
    }
}
