import Foundation
import Glibc
import JSONValues
import LlamaBackend
import OpenAIWire

/// One streamed chat completion over a plain loopback socket, timed from the client's side: what
/// `fm bench --only serve` sends to `fm serve` and to `llama-server` alike.
enum LoadClient {
    /// What one request measured.
    struct Outcome: Sendable {
        /// The HTTP status (0 when the connection failed).
        var status = 0
        /// Seconds from sending to the first non-empty content.
        var timeToFirstToken: Double?
        /// Seconds from sending to the end of the response.
        var total = 0.0
        /// Completion tokens as the server reports them in its final usage chunk. Servers count
        /// differently: llama-server includes the end-of-generation token, `fm serve` does not.
        var reportedTokens = 0
        /// The answer's text: the `content` of every streamed delta, in order.
        var content = ""
    }

    /// Sends `body` to `POST /v1/chat/completions` on `port` and reads the stream to its end.
    static func send(body: String, port: Int) -> Outcome {
        var outcome = Outcome()
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return outcome }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { return outcome }
        let request = Data(
            ("POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n" + body).utf8)
        let clock = ContinuousClock()
        let start = clock.now
        let sent = request.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, request.count, Int32(MSG_NOSIGNAL)) }
        guard sent == request.count else { return outcome }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16384)
        let marker = Array(#""content":""#.utf8)
        var searchFrom = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, 16384, 0) }
            guard count > 0 else { break }
            received.append(contentsOf: buffer[0..<count])
            if outcome.timeToFirstToken == nil {
                var index = max(0, searchFrom - marker.count)
                while index + marker.count < received.count {
                    if received[index] == marker[0], Array(received[index..<index + marker.count]) == marker, received[index + marker.count] != UInt8(ascii: "\"") {
                        outcome.timeToFirstToken = (clock.now - start).seconds
                        break
                    }
                    index += 1
                }
                searchFrom = received.count
            }
        }
        outcome.total = (clock.now - start).seconds
        let text = String(decoding: received, as: UTF8.self)
        if text.hasPrefix("HTTP/1.1 "), let status = Int(text.dropFirst(9).prefix(3)) { outcome.status = status }
        if let range = text.range(of: #""completion_tokens":"#, options: .backwards) {
            outcome.reportedTokens = Int(text[range.upperBound...].prefix { $0.isNumber }) ?? 0
        }
        outcome.content = streamedContent(ofEventStream: Self.body(ofResponse: received))
        return outcome
    }

    /// Counts an answer's tokens with the vocabulary of the model at `modelPath`: the same count for
    /// the same text, whichever server wrote it (servers' usage figures count differently).
    static func tokenCounter(modelPath: String) throws -> @Sendable (String) -> Int {
        let vocabulary = try LlamaModelStore.shared.vocabularyModel(at: modelPath).vocabulary
        return { text in (try? vocabulary.tokenize(text, addSpecial: false, parseSpecial: false).count) ?? 0 }
    }

    /// The body of a whole HTTP/1.1 response, with chunked transfer coding removed (a chunk may end
    /// inside an event's line).
    static func body(ofResponse response: [UInt8]) -> [UInt8] {
        let separator = Array("\r\n\r\n".utf8)
        guard let end = response.firstRange(of: separator) else { return [] }
        let head = String(decoding: response[..<end.lowerBound], as: UTF8.self).lowercased()
        var rest = response[end.upperBound...]
        guard head.contains("transfer-encoding: chunked") else { return Array(rest) }
        var body: [UInt8] = []
        while let lineEnd = rest.firstRange(of: Array("\r\n".utf8)) {
            let sizeText = String(decoding: rest[..<lineEnd.lowerBound], as: UTF8.self).prefix { $0 != ";" }
            guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16), size > 0 else { break }
            let start = lineEnd.upperBound
            guard rest.distance(from: start, to: rest.endIndex) >= size else {
                body += rest[start...]
                break
            }
            let stop = rest.index(start, offsetBy: size)
            body += rest[start..<stop]
            rest = rest[stop...].dropFirst(2)
        }
        return body
    }

    /// The concatenated `choices[0].delta.content` of a Server-Sent Events body's `data:` events.
    static func streamedContent(ofEventStream body: [UInt8]) -> String {
        var content = ""
        let decoder = JSONDecoder()
        for line in String(decoding: body, as: UTF8.self).split(whereSeparator: \.isNewline) where line.hasPrefix("data: {") {
            guard let chunk = try? decoder.decode(ChatCompletion.self, from: Data(line.dropFirst(6).utf8)),
                let piece = chunk.choices?.first?.delta?.content
            else { continue }
            content += piece
        }
        return content
    }

    /// The body of a greedy, streamed request with usage (no `model`: each server answers with the
    /// one it serves), the answer bounded at `maximumTokens` and, given a schema, following it.
    static func body(messages: [ChatMessage], maximumTokens: Int, schema: (name: String, schema: JSONValue)? = nil) -> String {
        var request = ChatCompletionRequest(model: nil, messages: messages)
        request.stream = true
        request.streamOptions = .init(includeUsage: true)
        request.responseFormat = schema.map { .jsonSchema(name: $0.name, schema: $0.schema, strict: true) }
        request.temperature = 0
        request.maxTokens = maximumTokens
        return request.jsonValue.jsonText()
    }

    /// A schema written in the bench's source, read once.
    static func schema(_ text: String) -> JSONValue {
        do {
            return try JSONReader.read(text)
        } catch {
            preconditionFailure("a bench's schema literal is not JSON: \(error)")
        }
    }

    /// Runs `clients` threads, each sending its bodies one after another; returns every outcome
    /// and the wall time.
    static func load(clients: Int, bodies: @escaping @Sendable (_ client: Int) -> [String], port: Int) async -> (outcomes: [Outcome], wall: Double) {
        let clock = ContinuousClock()
        let start = clock.now
        let outcomes = await withTaskGroup(of: [Outcome].self) { group in
            for client in 0..<clients {
                group.addTask {
                    await withCheckedContinuation { continuation in
                        Thread { continuation.resume(returning: bodies(client).map { send(body: $0, port: port) }) }.start()
                    }
                }
            }
            var all: [Outcome] = []
            for await part in group { all += part }
            return all
        }
        return (outcomes, (clock.now - start).seconds)
    }
}
