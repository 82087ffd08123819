import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import FoundationModels
import LlamaBackend

/// llama.cpp's own `llama-server`, started on loopback as the reference that our output must equal.
///
/// Only tests start processes. A small shell watchdog ends the server if the test process dies.
package final class ReferenceServer {
    package let port: Int
    private let process: Process
    private var serverProcessID: Int32

    /// Starts `llama-server` for `modelPath` and waits until it answers.
    ///
    /// The port is drawn below Linux's ephemeral range (32768 and up), where the test process's
    /// own servers and client connections take theirs: a port taken there made llama-server exit
    /// at once, and the wait polled whatever held the port until its deadline (a full-suite run
    /// failed that way after 600 s). A server that exits before it answers is started again on
    /// another port, up to three times; its last log lines are in the error.
    package init(modelPath: String, contextLength: Int = 2048, extraArguments: [String] = []) async throws {
        guard let tools = ModelCatalog.referenceToolsDirectory else {
            throw ReferenceServerError.toolsMissing
        }
        var lastLog = ""
        var exits = 0
        for _ in 0..<3 {
            let port = Int.random(in: 20000..<32768)
            let logFile = FileManager.default.temporaryDirectory.appendingPathComponent("reference-server-\(port)-\(UUID().uuidString).log")
            defer { try? FileManager.default.removeItem(at: logFile) }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            let server =
                "\(tools)/llama-server -m '\(modelPath)' --host 127.0.0.1 --port \(port) -c \(contextLength) -np 1 -t 1 --jinja" + extraArguments.map { " '\($0)'" }.joined()
            // The watchdog: when our process (the shell's parent) goes away, stop the server.
            process.arguments = [
                "-c",
                "\(server) >/dev/null 2>'\(logFile.path)' & child=$!; echo $child; parent=$PPID; while kill -0 $parent 2>/dev/null && kill -0 $child 2>/dev/null; do sleep 1; done; kill -9 $child 2>/dev/null"
            ]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            let serverProcessID = Int32(try output.fileHandleForReading.readFirstLine()) ?? 0
            let deadline = Date().addingTimeInterval(600)
            // The shell ends when the server does.
            while Date() < deadline, process.isRunning {
                if let (_, response) = try? await Self.send(URLRequest(url: URL(string: "http://127.0.0.1:\(port)/health")!)),
                    response.statusCode == 200
                {
                    self.port = port
                    self.process = process
                    self.serverProcessID = serverProcessID
                    return
                }
                try await Task.sleep(for: .milliseconds(200))
            }
            let exited = !process.isRunning
            if serverProcessID > 0 { kill(serverProcessID, SIGKILL) }
            process.waitUntilExit()
            let log = (try? String(contentsOf: logFile, encoding: .utf8)) ?? ""
            lastLog = log.split(separator: "\n").suffix(5).joined(separator: "\n")
            guard exited else { throw ReferenceServerError.didNotAnswer(log: lastLog) }
            exits += 1
        }
        throw ReferenceServerError.exitedBeforeAnswering(attempts: exits, log: lastLog)
    }

    /// The greedy completion of a raw prompt as token ids (without the final end-of-generation token).
    package func greedyTokens(prompt: String, count: Int) async throws -> (tokens: [Int32], stoppedAtEnd: Bool) {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)/completion")!)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let body: [String: Any] = [
            "prompt": prompt, "n_predict": count, "temperature": 0, "top_k": 1, "samplers": ["top_k"],
            "return_tokens": true, "cache_prompt": false
        ]
        request.httpBody = try JSONSerialization.data(withJSONObject: body)
        let (data, _) = try await Self.send(request)
        guard let json = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let tokens = json["tokens"] as? [Int]
        else {
            throw ReferenceServerError.badResponse(String(decoding: data, as: UTF8.self))
        }
        let stoppedAtEnd = (json["stop_type"] as? String) == "eos"
        var result = tokens.map(Int32.init)
        if stoppedAtEnd, !result.isEmpty { result.removeLast() }
        return (result, stoppedAtEnd)
    }

    /// The greedy chat completion of messages (`role`, `content`), formatted by llama.cpp's own
    /// Jinja implementation of the model's template.
    package func greedyChat(messages: [(role: String, content: String)], maximumTokens: Int) async throws -> String {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)/v1/chat/completions")!)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let body: [String: Any] = [
            "messages": messages.map { ["role": $0.role, "content": $0.content] },
            "max_tokens": maximumTokens, "temperature": 0, "top_k": 1, "samplers": ["top_k"], "cache_prompt": false
        ]
        request.httpBody = try JSONSerialization.data(withJSONObject: body)
        let (data, _) = try await Self.send(request)
        guard let json = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let choices = json["choices"] as? [[String: Any]],
            let message = choices.first?["message"] as? [String: Any],
            let content = message["content"] as? String
        else {
            throw ReferenceServerError.badResponse(String(decoding: data, as: UTF8.self))
        }
        return content
    }

    /// One non-streamed `/v1/chat/completions` exchange with a request body of our own, sent
    /// directly (not through the package's client): the reference for the OpenAI-compatible backend.
    ///
    /// - Returns: The first choice's message (`content`, `tool_calls`) and the whole response.
    package func chatCompletion(_ body: [String: Any]) async throws -> (message: [String: Any], response: [String: Any]) {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)/v1/chat/completions")!)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try JSONSerialization.data(withJSONObject: body)
        let (data, _) = try await Self.send(request)
        guard let json = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let choices = json["choices"] as? [[String: Any]],
            let message = choices.first?["message"] as? [String: Any]
        else {
            throw ReferenceServerError.badResponse(String(decoding: data, as: UTF8.self))
        }
        return (message, json)
    }

    /// The reference tokenizer's tokens for `text` (special tokens parsed).
    package func tokenize(_ text: String) async throws -> [Int32] {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)/tokenize")!)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try JSONSerialization.data(withJSONObject: ["content": text, "add_special": false, "parse_special": true])
        let (data, _) = try await Self.send(request)
        guard let json = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let tokens = json["tokens"] as? [Int]
        else {
            throw ReferenceServerError.badResponse(String(decoding: data, as: UTF8.self))
        }
        return tokens.map(Int32.init)
    }

    /// One HTTP exchange. (The completion-handler API: the async one can hang on Linux Foundation.)
    static func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        try await withCheckedThrowingContinuation { continuation in
            let task = URLSession.shared.dataTask(with: request) { data, response, error in
                if let error {
                    continuation.resume(throwing: error)
                } else if let data, let response = response as? HTTPURLResponse {
                    continuation.resume(returning: (data, response))
                } else {
                    continuation.resume(throwing: ReferenceServerError.badResponse("no response"))
                }
            }
            task.resume()
        }
    }

    package func stop() {
        if serverProcessID > 0 {
            kill(serverProcessID, SIGKILL)
            serverProcessID = 0
        }
        process.waitUntilExit()
    }

    deinit { stop() }
}

package enum ReferenceServerError: Error {
    case toolsMissing
    /// The server exited before it answered `/health`, on each of `attempts` starts; the last
    /// lines of its log.
    case exitedBeforeAnswering(attempts: Int, log: String)
    /// The server ran but did not answer `/health` within 600 s; the last lines of its log.
    case didNotAnswer(log: String)
    case badResponse(String)
}
