import Testing
@testable import FoundationModelsCore
@testable import OpenAICompatibleBackend

/// The event-stream parser, fed the bytes of a body cut in every way a network can cut it.
@Suite struct ServerSentEventParserTests {
    /// Feeds the body in pieces of `size` bytes and returns every event, the final flush included.
    func events(of body: [UInt8], pieceSize size: Int) throws -> [ServerSentEvent] {
        var parser = ServerSentEventParser()
        var events: [ServerSentEvent] = []
        var start = 0
        while start < body.count {
            let end = min(start + size, body.count)
            events += try parser.feed(body[start..<end])
            start = end
        }
        return events + (try parser.finish())
    }

    static let body = Array(
        (": a comment the server sends to keep the connection open\n"
            + "data: {\"a\":1}\n\n"
            + "data: {\"b\":\"é 🌍 日本\"}\r\n\r\n"
            + "event: ping\ndata: first\ndata: second\n\n"
            + "data:no-space\r\r"
            + "data: [DONE]\n\n").utf8)

    static let expected = [
        ServerSentEvent(name: nil, data: "{\"a\":1}"),
        ServerSentEvent(name: nil, data: "{\"b\":\"é 🌍 日本\"}"),
        ServerSentEvent(name: "ping", data: "first\nsecond"),
        ServerSentEvent(name: nil, data: "no-space"),
        ServerSentEvent(name: nil, data: "[DONE]")
    ]

    @Test(arguments: [1, 2, 3, 5, 7, 13, 64, 4096])
    func anyCutGivesTheSameEvents(pieceSize: Int) throws {
        // Piece sizes 1 to 3 split the multi-byte characters (2, 4 and 3 bytes) and the CRLFs.
        #expect(try events(of: Self.body, pieceSize: pieceSize) == Self.expected)
    }

    @Test func aCRLFCutBetweenTwoPiecesEndsOneLine() throws {
        var parser = ServerSentEventParser()
        #expect(try parser.feed(Array("data: x\r".utf8)).isEmpty)
        #expect(try parser.feed(Array("\n".utf8)).isEmpty)
        #expect(try parser.feed(Array("\r\n".utf8)) == [ServerSentEvent(name: nil, data: "x")])
    }

    @Test func aBodyWithoutTheFinalBlankLineIsFlushedAtTheEnd() throws {
        var parser = ServerSentEventParser()
        #expect(try parser.feed(Array("data: {\"last\":true}".utf8)).isEmpty)
        #expect(try parser.finish() == [ServerSentEvent(name: nil, data: "{\"last\":true}")])
    }

    @Test func llamaServerErrorLinesAreErrorEvents() throws {
        var parser = ServerSentEventParser()
        let events = try parser.feed(Array("error: {\"error\":{\"message\":\"boom\"}}\n\n".utf8))
        #expect(events == [ServerSentEvent(name: "error", data: "{\"error\":{\"message\":\"boom\"}}")])
    }

    @Test func invalidUTF8IsATypedError() {
        var parser = ServerSentEventParser()
        #expect(throws: ServerSentEventError.self) {
            _ = try parser.feed([UInt8](Array("data: ".utf8)) + [0xFF, 0xFE] + [UInt8(ascii: "\n")])
        }
    }
}
