import Foundation
import HTTPServer
import Synchronization
import Testing
import TestSupport

/// The socket layer on loopback, driven by a raw client: keep-alive, pipelining, limits,
/// timeouts, disconnects and shutdown.
@Suite struct HTTPServerTests {
    /// A server whose handler echoes the path, or streams ticks until cancelled on `/stream`.
    final class Fixture: Sendable {
        let server: HTTPServer

        init(configuration: HTTPServer.Configuration = .init()) throws {
            let cancelled = Box()
            server = try HTTPServer(configuration: configuration) { request, writer in
                switch request.path {
                case "/stream":
                    writer.startStreaming(HTTPResponse(status: 200, headers: [("Content-Type", "text/event-stream")]))
                    while !Task.isCancelled {
                        writer.send(Data("data: tick\n\n".utf8))
                        try? await Task.sleep(for: .milliseconds(10))
                    }
                    cancelled.count.add(1, ordering: .relaxed)
                case "/slow":
                    cancelled.slowStarted.add(1, ordering: .relaxed)
                    try? await Task.sleep(for: .milliseconds(400))
                    writer.respond(HTTPResponse(status: 200, body: Data("slow done".utf8)))
                default:
                    writer.respond(HTTPResponse(status: 200, body: Data("\(request.method) \(request.path) \(request.body.count)".utf8)))
                }
            }
            box = cancelled
            server.start()
        }

        let box: Box
        final class Box: Sendable {
            let count = Atomic<Int>(0)
            let slowStarted = Atomic<Int>(0)
        }
        var port: Int { server.port }
    }

    @Test func answersAndKeepsTheConnectionAlive() async throws {
        let fixture = try Fixture()
        let port = fixture.port
        try await offPool {
            let client = try LoopbackClient(port: port)
            try client.send("GET /a HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try client.readResponse().text == "GET /a 0")
            try client.post("/b", json: "{}")
            let second = try client.readResponse()
            #expect(second.text == "POST /b 2")
            #expect(second.headers["connection"] == nil)
        }
        await fixture.server.stop(gracePeriod: .seconds(1))
    }

    /// The handler runs on the server's own threads: it answers (sleep included) while every
    /// thread of Swift's cooperative pool is blocked.
    @Test func answersWhileEveryCooperativeThreadIsBlocked() async throws {
        let fixture = try Fixture()
        let port = fixture.port
        let answer = try await offPool { () -> String? in
            let blocker = CooperativePoolBlocker()
            defer { blocker.release() }
            guard blocker.occupy() else { return "(other tests held the pool too long to occupy it)" }
            let client = try LoopbackClient(port: port, timeout: 20)
            try client.send("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n")
            return try client.readResponse().text
        }
        #expect(answer == "slow done")
        await fixture.server.stop(gracePeriod: .seconds(1))
    }

    @Test func pipelinedRequestsAreAnsweredInOrder() async throws {
        let fixture = try Fixture()
        let port = fixture.port
        try await offPool {
            let client = try LoopbackClient(port: port)
            try client.send("GET /1 HTTP/1.1\r\nHost: x\r\n\r\nGET /2 HTTP/1.1\r\nHost: x\r\n\r\nGET /3 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            #expect(try client.readResponse().text == "GET /1 0")
            #expect(try client.readResponse().text == "GET /2 0")
            let last = try client.readResponse()
            #expect(last.text == "GET /3 0")
            #expect(last.headers["connection"] == "close")
        }
        await fixture.server.stop(gracePeriod: .seconds(1))
    }

    @Test func malformedAndOversizedRequestsGetTheirStatusAndTheServerGoesOn() async throws {
        var limits = HTTPRequestParser.Limits()
        limits.body = 1024 * 1024
        let fixture = try Fixture(configuration: .init(limits: limits))
        let cases: [(String, Int)] = [
            ("GARBAGE\r\n\r\n", 400),
            ("GET / HTTP/2.0\r\nHost: x\r\n\r\n", 505),
            ("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: \(10 * 1024 * 1024)\r\n\r\n", 413),
            ("GET /\(String(repeating: "a", count: 9000)) HTTP/1.1\r\nHost: x\r\n\r\n", 414),
            ("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n", 501)
        ]
        let port = fixture.port
        try await offPool {
            for (bytes, status) in cases {
                let client = try LoopbackClient(port: port)
                try client.send(bytes)
                let response = try client.readResponse()
                #expect(response.status == status, "\(bytes.prefix(40))")
                #expect(response.text.contains("\"error\""))
            }
            let client = try LoopbackClient(port: port)
            try client.send("GET /after HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try client.readResponse().text == "GET /after 0")
        }
        await fixture.server.stop(gracePeriod: .seconds(1))
    }

    @Test func aRequestThatNeverFinishesTimesOutWith408() async throws {
        let fixture = try Fixture(configuration: .init(requestTimeout: .seconds(1)))
        let port = fixture.port
        try await offPool {
            let client = try LoopbackClient(port: port, timeout: 10)
            let started = ContinuousClock.now
            try client.send("GET /never HTTP/1.1\r\nHost: x\r\nX-Partial: ")
            let response = try client.readResponse()
            #expect(response.status == 408)
            #expect(ContinuousClock.now - started < .seconds(5))
        }
        await fixture.server.stop(gracePeriod: .seconds(1))
    }

    @Test func aClientThatHangsUpMidStreamCancelsItsHandler() async throws {
        let fixture = try Fixture()
        let port = fixture.port
        try await offPool {
            let client = try LoopbackClient(port: port)
            try client.send("GET /stream HTTP/1.1\r\nHost: x\r\n\r\n")
            _ = try client.readStream(until: "tick")
            client.close()
        }
        let deadline = ContinuousClock.now + .seconds(5)
        while fixture.box.count.load(ordering: .relaxed) == 0, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(fixture.box.count.load(ordering: .relaxed) == 1)
        await fixture.server.stop(gracePeriod: .seconds(1))
        #expect(fixture.server.openConnections == 0)
    }

    @Test func connectionsBeyondTheLimitAreTurnedAwayWith503() async throws {
        let fixture = try Fixture(configuration: .init(maximumConnections: 1))
        let port = fixture.port
        try await offPool {
            let first = try LoopbackClient(port: port)
            try first.send("GET /a HTTP/1.1\r\nHost: x\r\n\r\n")
            _ = try first.readResponse()
            let second = try LoopbackClient(port: port)
            let refused = try second.readResponse()
            #expect(refused.status == 503)
            #expect(refused.headers["retry-after"] == "1")
            withExtendedLifetime(first) {}
        }
        await fixture.server.stop(gracePeriod: .seconds(1))
    }

    @Test func stoppingLetsAResponseInProgressFinish() async throws {
        let fixture = try Fixture()
        let port = fixture.port
        // The client runs on a thread of its own from the start: a task would wait for the
        // cooperative pool, which a busy run can hold for minutes (a CI run stopped the server
        // before this client had even connected, and it got the stopping server's 503).
        final class Outcome: Sendable {
            let text = Mutex<String?>(nil)
            let done = DispatchSemaphore(value: 0)
        }
        let outcome = Outcome()
        Thread {
            let text = try? { () throws -> String in
                let client = try LoopbackClient(port: port)
                try client.send("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n")
                return try client.readResponse().text
            }()
            outcome.text.withLock { $0 = text }
            outcome.done.signal()
        }.start()
        // Stop only once the handler runs.
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(600)
        while fixture.box.slowStarted.load(ordering: .relaxed) == 0, clock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
        await fixture.server.stop(gracePeriod: .seconds(60))
        let answer = try await offPool { () -> String? in
            outcome.done.wait()
            return outcome.text.withLock { $0 }
        }
        #expect(answer == "slow done")
        #expect(throws: LoopbackClientError.self) { try LoopbackClient(port: port) }
    }

    @Test func aPortInUseIsATypedError() throws {
        let fixture = try Fixture()
        #expect(throws: HTTPServerError.self) { try HTTPServer(configuration: .init(port: fixture.port)) { _, _ in } }
    }
}
