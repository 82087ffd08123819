import FoundationModelsCore
/// One event of a Server-Sent Events stream: its `data` lines joined with newlines.
struct ServerSentEvent: Sendable, Equatable {
    /// The `event:` field, or `error` for llama-server's `error:` lines; `nil` for plain data.
    var name: String?
    /// The `data:` lines of the event, joined with `\n`.
    var data: String
}

/// The ways a Server-Sent Events stream can be unreadable.
enum ServerSentEventError: Error, Equatable, CustomStringConvertible {
    /// A line is not valid UTF-8.
    case invalidUTF8(line: [UInt8])

    var description: String {
        switch self {
        case .invalidUTF8(let line): "A line of the event stream is not valid UTF-8: \(line.prefix(64).map { String($0, radix: 16) })"
        }
    }
}

/// Splits the bytes of a `text/event-stream` body into events, however the network cuts them.
///
/// Follows the WHATWG event-stream format: lines end with LF, CR or CRLF (a CRLF cut between two
/// chunks counts once); `data:` lines accumulate until a blank line dispatches the event; lines
/// starting with `:` are comments. Bytes are kept until their line is complete, so a multi-byte
/// UTF-8 character split across chunks decodes whole. llama-server's `error:` lines become events
/// named `error`.
struct ServerSentEventParser {
    private var line: [UInt8] = []
    private var afterCarriageReturn = false
    private var dataLines: [String] = []
    private var eventName: String?

    /// Reads the next bytes and returns the events they complete.
    ///
    /// - Throws: ``ServerSentEventError/invalidUTF8(line:)`` for a line that is not UTF-8.
    mutating func feed(_ bytes: some Sequence<UInt8>) throws(ServerSentEventError) -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "\n"):
                if afterCarriageReturn {
                    afterCarriageReturn = false
                    continue
                }
                try endLine(into: &events)
            case UInt8(ascii: "\r"):
                try endLine(into: &events)
                afterCarriageReturn = true
            default:
                afterCarriageReturn = false
                line.append(byte)
            }
        }
        return events
    }

    /// Ends the stream and returns the event still pending, if the body did not end with a blank line.
    ///
    /// - Throws: ``ServerSentEventError/invalidUTF8(line:)`` for a last line that is not UTF-8.
    mutating func finish() throws(ServerSentEventError) -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        if !line.isEmpty { try endLine(into: &events) }
        try endLine(into: &events)
        return events
    }

    private mutating func endLine(into events: inout [ServerSentEvent]) throws(ServerSentEventError) {
        defer { line.removeAll(keepingCapacity: true) }
        if line.isEmpty {
            if !dataLines.isEmpty || eventName != nil {
                events.append(ServerSentEvent(name: eventName, data: dataLines.joined(separator: "\n")))
            }
            dataLines.removeAll()
            eventName = nil
            return
        }
        guard let text = String(validating: line, as: UTF8.self) else {
            throw .invalidUTF8(line: line)
        }
        if text.hasPrefix(":") { return }
        let field: Substring
        var value: Substring
        if let colon = text.firstIndex(of: ":") {
            field = text[..<colon]
            value = text[text.index(after: colon)...]
            if value.hasPrefix(" ") { value = value.dropFirst() }
        } else {
            field = Substring(text)
            value = ""
        }
        switch field {
        case "data":
            dataLines.append(String(value))
        case "event":
            eventName = String(value)
        case "error":
            eventName = "error"
            dataLines.append(String(value))
        default:
            break
        }
    }
}
