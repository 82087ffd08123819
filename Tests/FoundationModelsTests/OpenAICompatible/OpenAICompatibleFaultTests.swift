import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Glibc)
    import Glibc
#endif
import Testing
@testable import FoundationModelsCore
@testable import OpenAICompatibleBackend

/// Faults injected between the OpenAI-compatible backend and its server: each ends in a typed
/// error, after which the same session answers the next request and its transcript holds only
/// the turn that succeeded (a failed turn leaves the transcript as it was).
@Suite struct OpenAICompatibleFaultTests {
    /// A complete streamed answer.
    static let answer = OpenAICompatibleScriptedServerTests.sse([
        #"{"choices":[{"index":0,"delta":{"content":"Recovered."}}]}"#,
        #"{"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}"#,
        "[DONE]"
    ])
    /// The first chunk of an answer that never finishes.
    static let opening = OpenAICompatibleScriptedServerTests.sse([#"{"choices":[{"index":0,"delta":{"content":"Half"}}]}"#])

    /// A session on `port`, with an optional response size limit and timeout.
    ///
    /// The timeout is long unless a test is about the timeout: every `URLSession` in the process
    /// shares swift-corelibs-foundation's one work queue, and on a loaded machine a request can
    /// wait there seconds before it starts.
    static func session(
        port: Int, maximumResponseSize: Int = OpenAICompatibleLanguageModel.Configuration.defaultMaximumResponseSize,
        requestTimeout: TimeInterval = 60
    ) -> LanguageModelSession {
        let configuration = OpenAICompatibleLanguageModel.Configuration(
            baseURL: URL(string: "http://127.0.0.1:\(port)/v1")!, model: "scripted", requestTimeout: requestTimeout,
            maximumResponseSize: maximumResponseSize)
        return LanguageModelSession(model: OpenAICompatibleLanguageModel(configuration: configuration))
    }

    /// Plays `fault` then a good answer: the first request fails as `matches` says, the second
    /// succeeds, and the transcript keeps only the second turn.
    ///
    /// - Returns: The server, stopped, for what it recorded.
    @discardableResult
    static func expectSurvival(
        of fault: ScriptedHTTPServer.Reply, maximumResponseSize: Int = OpenAICompatibleLanguageModel.Configuration.defaultMaximumResponseSize,
        sourceLocation: SourceLocation = #_sourceLocation, matches: (LanguageModelSession.GenerationError) -> Bool
    ) async throws -> ScriptedHTTPServer {
        let server = try ScriptedHTTPServer(replies: [fault, .init(body: answer)])
        defer { server.stop() }
        let session = session(port: server.port, maximumResponseSize: maximumResponseSize)
        try await expectRecovery(of: session, sourceLocation: sourceLocation, matches: matches)
        return server
    }

    /// The first request of `session` fails as `matches` says; the second answers.
    static func expectRecovery(
        of session: LanguageModelSession, sourceLocation: SourceLocation, matches: (LanguageModelSession.GenerationError) -> Bool
    ) async throws {
        var failure: (any Error)?
        do {
            let response = try await session.respond(to: "First")
            Issue.record("The faulty exchange answered: \(response.content)", sourceLocation: sourceLocation)
        } catch {
            failure = error
        }
        let generationError = failure as? LanguageModelSession.GenerationError
        #expect(generationError.map(matches) == true, "unexpected error: \(String(describing: failure))", sourceLocation: sourceLocation)
        #expect(session.transcript.count == 0, sourceLocation: sourceLocation)
        #expect(!session.isResponding, sourceLocation: sourceLocation)

        let response = try await session.respond(to: "Second")
        #expect(response.content == "Recovered.", sourceLocation: sourceLocation)
        #expect(session.transcript.count == 2, sourceLocation: sourceLocation)
    }

    @Test func aRefusedConnectionIsAssetsUnavailable() async throws {
        // A port bound but not listening refuses connections, and no other test can take it.
        let reserved = try #require(ReservedPort())
        let port = reserved.port
        let session = Self.session(port: port)
        var failure: (any Error)?
        do { _ = try await session.respond(to: "First") } catch { failure = error }
        guard case .assetsUnavailable(let context)? = failure as? LanguageModelSession.GenerationError else {
            Issue.record("unexpected error: \(String(describing: failure))")
            return
        }
        #expect(context.debugDescription.contains("Could not reach"))
        #expect(session.transcript.count == 0)

        // The server comes up on that port: the same session answers.
        reserved.release()
        let server = try ScriptedHTTPServer(replies: [.init(body: Self.answer)], port: port)
        defer { server.stop() }
        let response = try await session.respond(to: "Second")
        #expect(response.content == "Recovered.")
        #expect(session.transcript.count == 2)
    }

    @Test func aConnectionResetMidStreamIsAssetsUnavailable() async throws {
        try await Self.expectSurvival(of: .init(body: Self.opening, ending: .reset)) { error in
            guard case .assetsUnavailable(let context) = error else { return false }
            return context.debugDescription.contains("lost in the middle")
        }
    }

    @Test func aStreamThatStallsTimesOut() async throws {
        let server = try ScriptedHTTPServer(replies: [.init(body: Self.opening, ending: .stall), .init(body: Self.answer)])
        defer { server.stop() }
        // "Went silent" is the watchdog's error: had the scripted server's five-minute bound ended
        // the stall instead, the stream would have ended unfinished (a decoding failure). No bound on
        // the wall time: on a loaded machine the requests wait for threads, not for the server.
        // The timeout also bounds the wait for each response's head, the recovery request's
        // included: at 2 s, one full-suite run on a 2-core machine saw the head come late ("did
        // not answer in time"); at 6 s, so did one with a soak beside it (every URLSession in the
        // process shares one work queue, and other tests stream through it); at 20 s, one clean
        // full-suite run saw the recovery request's head come late. 120 s leaves six times that;
        // the test waits that long once for the silence, beside the others.
        try await Self.expectRecovery(of: Self.session(port: server.port, requestTimeout: 120), sourceLocation: #_sourceLocation) { error in
            guard case .assetsUnavailable(let context) = error else { return false }
            return context.debugDescription.contains("silent")
        }
        // The client let go of the stalled connection.
        for _ in 0..<200 where server.stallsClosedByClient == 0 { try await Task.sleep(for: .milliseconds(50)) }
        #expect(server.stallsClosedByClient == 1)
    }

    @Test func aServerSilentPastFoundationsDefaultTimeoutIsWaitedFor() async throws {
        // A server that queues the request behind others says nothing until it starts answering.
        // swift-corelibs-foundation gave up after its own default of 60 seconds, whatever the
        // configured timeout (seen as "did not answer in time" in a full-suite run); the
        // configured 300 seconds must hold. The test waits a minute, beside the others.
        let server = try ScriptedHTTPServer(replies: [.init(body: Self.answer, silenceBefore: 64)])
        defer { server.stop() }
        let response = try await Self.session(port: server.port, requestTimeout: 300).respond(to: "Wait for me")
        #expect(response.content == "Recovered.")
    }

    @Test func theIdleTimeoutIsTheRequestsWhicheverWayItWasSet() {
        let url = URL(string: "http://127.0.0.1:9/v1/chat/completions")!
        #expect(HTTPStreamingRequest.sessionConfiguration(for: URLRequest(url: url, timeoutInterval: 300)).timeoutIntervalForRequest == 300)
        var assigned = URLRequest(url: url)
        assigned.timeoutInterval = 7
        #expect(HTTPStreamingRequest.sessionConfiguration(for: assigned).timeoutIntervalForRequest == 7)
    }

    @Test func aServerErrorIsAssetsUnavailable() async throws {
        let fault = ScriptedHTTPServer.Reply(
            status: 503, contentType: "application/json", body: #"{"error":{"message":"Loading model","type":"unavailable_error"}}"#)
        try await Self.expectSurvival(of: fault) { error in
            guard case .assetsUnavailable(let context) = error else { return false }
            return context.debugDescription.contains("HTTP 503") && context.debugDescription.contains("Loading model")
        }
    }

    @Test func rateLimitingQuotesRetryAfter() async throws {
        let fault = ScriptedHTTPServer.Reply(
            status: 429, contentType: "application/json", headers: ["Retry-After": "7"],
            body: #"{"error":{"message":"Too many requests","type":"rate_limit"}}"#)
        try await Self.expectSurvival(of: fault) { error in
            guard case .rateLimited(let context) = error else { return false }
            return context.debugDescription.contains("retry after 7 seconds")
        }
    }

    @Test func truncatedAndMalformedStreamsAreDecodingFailures() async throws {
        let cut = String(Self.answer.prefix(40))  // inside the first chunk's JSON, no blank line after it
        try await Self.expectSurvival(of: .init(body: cut)) { error in
            guard case .decodingFailure = error else { return false }
            return true
        }
        let notUTF8 = ScriptedHTTPServer.Reply(body: "data: \u{FFFD}\n\n")
        var bytes = notUTF8
        bytes.pieces = [Array("data: ".utf8) + [0xFF, 0xFE] + Array("\n\n".utf8)]
        try await Self.expectSurvival(of: bytes) { error in
            guard case .decodingFailure(let context) = error else { return false }
            return context.debugDescription.contains("UTF-8")
        }
    }

    @Test func anEndlessResponseStopsAtTheSizeLimit() async throws {
        // One `data:` line that never ends: without a limit the parser would keep it all.
        let endlessLine = ScriptedHTTPServer.Reply(body: "data: {\"choices\":[{\"delta\":{\"content\":\"", ending: .endless(Array(repeating: UInt8(ascii: "a"), count: 65536)))
        let lineServer = try await Self.expectSurvival(of: endlessLine, maximumResponseSize: 1 << 20) { error in
            guard case .decodingFailure(let context) = error else { return false }
            return context.debugDescription.contains("maximumResponseSize")
        }
        // The client closed the connection at the limit, which stopped the sender.
        try await Self.expectClosed(lineServer)
        // Valid chunks forever: each one small, the whole unbounded.
        let chunk = Array(#"data: {"choices":[{"index":0,"delta":{"content":"more "}}]}"#.utf8) + Array("\n\n".utf8)
        let endlessChunks = ScriptedHTTPServer.Reply(body: "", ending: .endless(Array(repeating: chunk, count: 200).flatMap { $0 }))
        let chunkServer = try await Self.expectSurvival(of: endlessChunks, maximumResponseSize: 256 << 10) { error in
            guard case .decodingFailure(let context) = error else { return false }
            return context.debugDescription.contains("maximumResponseSize")
        }
        try await Self.expectClosed(chunkServer)
    }

    /// Waits (up to 20 s) for the client to have closed the server's one endless reply.
    static func expectClosed(_ server: ScriptedHTTPServer, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        for _ in 0..<400 where server.endlessRepliesClosedByClient == 0 { try await Task.sleep(for: .milliseconds(50)) }
        #expect(server.endlessRepliesClosedByClient == 1, sourceLocation: sourceLocation)
    }

    @Test func anEndlessErrorBodyStopsAtTheSizeLimit() async throws {
        let fault = ScriptedHTTPServer.Reply(
            status: 500, contentType: "text/plain", body: "", ending: .endless(Array(repeating: UInt8(ascii: "x"), count: 65536)))
        let server = try await Self.expectSurvival(of: fault, maximumResponseSize: 1 << 20) { error in
            guard case .decodingFailure(let context) = error else { return false }
            return context.debugDescription.contains("maximumResponseSize")
        }
        try await Self.expectClosed(server)
    }
}

/// A loopback TCP port bound without listening: connecting to it is refused.
private final class ReservedPort {
    let port: Int
    private var socketFD: Int32

    init?() {
        socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socketFD >= 0 else { return nil }
        var reuse: Int32 = 1
        setsockopt(socketFD, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let socketFD = socketFD
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(socketFD, raw, length) == 0 && getsockname(socketFD, raw, &length) == 0
            }
        }
        guard bound else {
            close(socketFD)
            return nil
        }
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    /// Frees the port for a server to listen on.
    func release() {
        if socketFD >= 0 { close(socketFD) }
        socketFD = -1
    }

    deinit { release() }
}
