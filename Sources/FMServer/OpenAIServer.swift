import Foundation
import FoundationModelsCore
package import HTTPServer
import JSONValues
import Synchronization

/// `fm serve`: the local models behind OpenAI's Chat Completions API, on our own HTTP layer.
///
/// Routes: `POST /v1/chat/completions` (streamed or not, tools, `response_format` enforced
/// while decoding), `GET /v1/models`, `GET /v1/models/{id}`, `GET /v1/traces` and
/// `GET /v1/traces/{id}` (the last ``Configuration/traceCapacity`` requests, traced),
/// `GET /health`, `GET /metrics` (Prometheus text) and `GET /` (a page to try the model, with
/// its Requests view of the traces). Each request becomes one executor
/// request on the shared engine, so requests that start alike reuse the KV cache, and several
/// decode together. At most ``Configuration/parallel`` generate at once and
/// ``Configuration/queueLimit`` wait; further ones get 429 with `Retry-After`.
package final class OpenAIServer: Sendable {
    /// What the server offers and how.
    package struct Configuration: Sendable {
        /// The address to listen on.
        package var host = "127.0.0.1"
        /// The port (0 picks a free one).
        package var port = 1976
        /// When set, `/v1/…` and `/metrics` need `Authorization: Bearer <key>`.
        package var apiKey: String?
        /// Generations that run at once (the engine's sessions).
        package var parallel = 4
        /// Generations that may wait for a slot before the server answers 429.
        package var queueLimit = 16
        /// How long a request may take to arrive (then 408).
        package var requestTimeout: Duration = .seconds(30)
        /// The largest request body, in bytes (then 413).
        package var maximumBodyBytes = 4 * 1024 * 1024
        /// The models, the first being the default when a request names none.
        package var models: [ServedModel]
        /// How many of the last requests `GET /v1/traces` keeps (0: none, and requests are not
        /// traced for it). Their text is recorded only while ``RequestTracing/recordsContent``
        /// is on (`FM_TRACE_CONTENT=1`, `fm serve --trace-content`).
        package var traceCapacity = 100

        /// A configuration serving these models.
        package init(models: [ServedModel]) {
            self.models = models
        }
    }

    let configuration: Configuration
    let gate: AdmissionGate
    let metrics = ServerMetrics()
    /// The last requests' traces, when kept.
    let traces: TraceBuffer?
    /// The session id the server's runs are traced under.
    let traceSessionID: UUID
    private let traceRegistration: RequestTracing.Registration?
    /// Gives memory freed by requests back to the system.
    let memory: MemoryTrimmer
    private let http: HTTPServer

    /// Binds the address.
    ///
    /// - Throws: ``HTTPServerError`` when the address cannot be listened on.
    package convenience init(configuration: Configuration) throws(HTTPServerError) {
        try self.init(configuration: configuration, memory: MemoryTrimmer())
    }

    /// Binds the address, with a trimmer of its own (tests).
    init(configuration: Configuration, memory: MemoryTrimmer) throws(HTTPServerError) {
        self.configuration = configuration
        self.memory = memory
        let traceSessionID = UUID()
        self.traceSessionID = traceSessionID
        if configuration.traceCapacity > 0 {
            let traces = TraceBuffer(capacity: configuration.traceCapacity, sessionID: traceSessionID)
            self.traces = traces
            traceRegistration = RequestTracing.addObserver(traces)
        } else {
            traces = nil
            traceRegistration = nil
        }
        let gate = AdmissionGate(capacity: configuration.parallel, queueLimit: configuration.queueLimit)
        self.gate = gate
        var limits = HTTPRequestParser.Limits()
        limits.body = configuration.maximumBodyBytes
        let box = HandlerBox()
        http = try HTTPServer(
            configuration: .init(host: configuration.host, port: configuration.port, limits: limits, requestTimeout: configuration.requestTimeout)
        ) { request, writer in
            await box.server?.handle(request, writer: writer)
        }
        box.server = self
    }

    /// The port the server listens on.
    package var port: Int { http.port }

    /// Starts answering requests.
    package func start() { http.start() }

    /// Stops accepting connections, lets generations in progress finish for up to
    /// `gracePeriod`, then cancels the rest.
    package func stop(gracePeriod: Duration) async {
        await http.stop(gracePeriod: gracePeriod)
        traceRegistration?.cancel()
    }

    deinit {
        traceRegistration?.cancel()
    }

    /// Waits until no generation runs or waits, for at most `limit`.
    package func waitUntilIdle(atMost limit: Duration) async {
        let deadline = ContinuousClock.now + limit
        while gate.running + gate.waiting > 0, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Answers one request.
    func handle(_ request: HTTPRequest, writer: HTTPResponseWriter) async {
        let route = Self.route(of: request.path)
        defer {
            metrics.recordRequest(route: route, status: writer.status ?? 499)
            if route == "/v1/chat/completions" { memory.requestEnded() }
        }
        if request.method == "OPTIONS" {
            writer.respond(HTTPResponse(status: 204, headers: Self.corsHeaders))
            return
        }
        if route.hasPrefix("/v1") || route == "/metrics", let key = configuration.apiKey, request.header("Authorization") != "Bearer \(key)" {
            respond(
                APIError(status: 401, message: "a valid API key is required: Authorization: Bearer <key>", type: "invalid_request_error", param: nil, code: "invalid_api_key"),
                writer)
            return
        }
        switch (request.method, route) {
        case ("GET", "/"): writer.respond(Self.text(200, ChatPage.html, type: "text/html; charset=utf-8"))
        case ("GET", "/health"): health(writer)
        case ("GET", "/metrics"):
            var engine = SystemLanguageModel.EngineFigures()
            for served in configuration.models {
                let figures = await served.model.engineFigures()
                engine.maskedSteps += figures.maskedSteps
                engine.maskSeconds += figures.maskSeconds
                engine.forcedTokens += figures.forcedTokens
                engine.draftedTokens += figures.draftedTokens
                engine.acceptedDraftTokens += figures.acceptedDraftTokens
            }
            let text = metrics.exposition(running: gate.running, waiting: gate.waiting, connections: http.openConnections, engine: engine)
            writer.respond(Self.text(200, text, type: "text/plain; version=0.0.4"))
        case ("GET", "/v1/models"):
            json(200, .object([JSONMember("object", .string("list")), JSONMember("data", .array(configuration.models.map(Self.modelObject)))]), writer)
        case ("GET", "/v1/models/{id}"):
            let id = String(request.path.dropFirst("/v1/models/".count)).removingPercentEncoding ?? ""
            guard let served = configuration.models.first(where: { $0.id == id }) else {
                respond(Self.unknownModel(id), writer)
                return
            }
            json(200, Self.modelObject(served), writer)
        case ("POST", "/v1/chat/completions"): await completions(request, writer: writer)
        case ("GET", "/v1/traces"): listTraces(request, writer: writer)
        case ("GET", "/v1/traces/{id}"): showTrace(request, writer: writer)
        case (_, "/"), (_, "/health"), (_, "/metrics"), (_, "/v1/models"), (_, "/v1/models/{id}"), (_, "/v1/chat/completions"), (_, "/v1/traces"),
            (_, "/v1/traces/{id}"):
            respond(
                APIError(status: 405, message: "\(request.method) is not allowed on \(request.path)", type: "invalid_request_error", param: nil, code: "method_not_allowed"), writer
            )
        default:
            respond(APIError(status: 404, message: "no route \(request.method) \(request.path)", type: "invalid_request_error", param: nil, code: "not_found"), writer)
        }
    }

    private func health(_ writer: HTTPResponseWriter) {
        guard let first = configuration.models.first else { return }
        if case .unavailable(let reason) = first.model.availability {
            json(503, .object([JSONMember("status", .string("unavailable")), JSONMember("reason", .string(String(describing: reason)))]), writer)
        } else {
            json(200, .object([JSONMember("status", .string("ok")), JSONMember("model", .string(first.id))]), writer)
        }
    }

    /// The served model a request names (the first when it names none).
    func servedModel(named id: String?) throws(APIError) -> ServedModel {
        guard let id, !id.isEmpty else {
            guard let first = configuration.models.first else { throw Self.unknownModel("") }
            return first
        }
        guard let served = configuration.models.first(where: { $0.id == id }) else { throw Self.unknownModel(id) }
        return served
    }

    func respond(_ error: APIError, _ writer: HTTPResponseWriter) {
        metrics.recordError(error)
        var response = error.response
        response.headers += Self.corsHeaders
        writer.respond(response)
    }

    func json(_ status: Int, _ value: JSONValue, _ writer: HTTPResponseWriter) {
        var response = HTTPResponse.json(status, Data(value.jsonText().utf8))
        response.headers += Self.corsHeaders
        writer.respond(response)
    }

    static let corsHeaders: [(name: String, value: String)] = [
        ("Access-Control-Allow-Origin", "*"), ("Access-Control-Allow-Headers", "Authorization, Content-Type"),
        ("Access-Control-Allow-Methods", "GET, POST, OPTIONS")
    ]

    private static func text(_ status: Int, _ text: String, type: String) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", type)], body: Data(text.utf8))
    }

    private static func unknownModel(_ id: String) -> APIError {
        APIError(status: 404, message: "the model '\(id)' does not exist (GET /v1/models lists them)", type: "invalid_request_error", param: "model", code: "model_not_found")
    }

    private static func modelObject(_ served: ServedModel) -> JSONValue {
        .object([
            JSONMember("id", .string(served.id)), JSONMember("object", .string("model")), JSONMember("created", .number("0")),
            JSONMember("owned_by", .string("fm")), JSONMember("context_length", .number(String(served.model.contextSize)))
        ])
    }

    /// The route a path belongs to, for dispatch and metrics (model ids folded into one label).
    private static func route(of path: String) -> String {
        if path.hasPrefix("/v1/models/"), path.count > "/v1/models/".count { return "/v1/models/{id}" }
        if path.hasPrefix("/v1/traces/"), path.count > "/v1/traces/".count { return "/v1/traces/{id}" }
        if path.count > 1, path.hasSuffix("/") { return String(path.dropLast()) }
        return path
    }
}

/// Lets the HTTP handler reach the server that owns it, once the server exists; weakly, since
/// the server owns the HTTP layer that owns the handler.
private final class HandlerBox: Sendable {
    private struct Reference {
        weak var server: OpenAIServer?
    }

    private let storage = Mutex(Reference())

    var server: OpenAIServer? {
        get { storage.withLock { $0.server } }
        set { storage.withLock { $0.server = newValue } }
    }
}
