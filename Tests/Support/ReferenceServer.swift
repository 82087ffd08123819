import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import FMBench
import FoundationModels
import LlamaBackend

/// llama.cpp's own `llama-server`, started on loopback as the reference that our output must equal,
/// with the requests the tests make of it.
///
/// `FMBench`'s ``ReferenceServerProcess`` starts and stops it (the port rule, the watchdog that
/// ends the server if the test process dies, the retries of a server that exits at once); a start
/// that fails throws its ``ReferenceServerProcess/StartError``.
package final class ReferenceServer {
    package let port: Int
    private let process: ReferenceServerProcess

    /// Starts `llama-server` for `modelPath` (one slot, one thread) and waits up to 600 s until it
    /// answers.
    package init(modelPath: String, contextLength: Int = 2048, extraArguments: [String] = []) async throws {
        guard let tools = ModelCatalog.referenceToolsDirectory else {
            throw ReferenceServerError.toolsMissing
        }
        process = try await ReferenceServerProcess.start(
            executable: tools + "/llama-server", modelPath: modelPath, threads: 1, parallel: 1, contextPerSlot: contextLength,
            extraArguments: extraArguments, readyWithin: .seconds(600), log: { _ in })
        port = process.port
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

    /// Stops the server at once (SIGKILL).
    package func stop() {
        process.stop(gracePeriod: .zero)
    }

    deinit { stop() }
}

package enum ReferenceServerError: Error {
    case toolsMissing
    case badResponse(String)
}
