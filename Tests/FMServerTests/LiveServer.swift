import FMServer
import Foundation
import FoundationModels
import HTTPServer
import TestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `fm serve`'s server on SmolLM2, in process on a free loopback port, shared by the tests that
/// talk to it (loading the model is the slow part).
enum LiveServer {
    static let modelID = ServedModel.id(forFile: TestModels.smolLM2Path)

    /// Settings for the test server's model: one decode thread under scripts/test.sh.
    static var settings: LocalModelSettings {
        LocalModelSettings(modelPath: TestModels.smolLM2Path, contextSize: 2048, threads: TestModels.threads, concurrentSessions: 4)
    }

    static let shared: OpenAIServer = make()

    /// A new server (started) with this configuration change.
    static func make(_ change: (inout OpenAIServer.Configuration) -> Void = { _ in }) -> OpenAIServer {
        // Why `try!`: without a loopback port and the test model no test here can run; the
        // failure message then says which.
        var configuration = OpenAIServer.Configuration(models: try! ServedModel.models(settings: settings, adapterPaths: []))
        configuration.port = 0
        configuration.requestTimeout = .seconds(2)
        change(&configuration)
        let server = try! OpenAIServer(configuration: configuration)
        server.start()
        return server
    }

    /// Posts a JSON body and returns the status, body and header fields.
    static func post(_ path: String, body: String, to server: OpenAIServer = shared) async throws -> (status: Int, body: String, headers: [String: String]) {
        try await send("POST", path, body: body, to: server)
    }

    /// Sends a request and returns the status, body and header fields.
    static func send(
        _ method: String, _ path: String, body: String? = nil, headers: [String: String] = [:], to server: OpenAIServer = shared
    ) async throws -> (status: Int, body: String, headers: [String: String]) {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(server.port)\(path)")!)
        request.httpMethod = method
        request.timeoutInterval = 300
        if let body {
            request.httpBody = Data(body.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = response as! HTTPURLResponse  // Why: an http URL always answers an HTTPURLResponse.
        var fields: [String: String] = [:]
        for (name, value) in http.allHeaderFields { fields[String(describing: name).lowercased()] = String(describing: value) }
        return (http.statusCode, String(decoding: data, as: UTF8.self), fields)
    }

    /// The JSON object of a body.
    static func json(_ text: String) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:]
    }

    /// A question SmolLM2 answers with "Paris" by a clear margin, for the tests that check an
    /// answer's words.
    ///
    /// The tests on this server share one engine (and its prompt cache) with the other suites of
    /// the process that use the same model settings, so a prompt's first tokens are often reused
    /// from a prefix that another request computed in a batch of another shape, which llama.cpp's
    /// CPU kernels round differently. Under "You are a helpful assistant.", SmolLM2
    /// puts "The" and "La" 0.13 apart in log-probability as the first token of "What is the
    /// capital of France?" computed fresh, and some reused prefixes put "La" first: answers in
    /// French that never name Paris (llama-server, its prompt cache off, does the same after the
    /// same requests). This prompt's closest second choice on the way to "Paris" is 1.5 behind.
    /// See "What a kept cache computes" in Docs/Evolution/0002-session-engine.md.
    static let capitalQuestion = "Name the capital of France."

    /// A chat request body.
    static func chat(_ prompt: String, extra: String = "") -> String {
        #"{"model": "\#(modelID)", "messages": [{"role": "system", "content": "You are a helpful assistant."}, {"role": "user", "content": "\#(prompt)"}], "temperature": 0, "max_tokens": 24\#(extra)}"#
    }
}
