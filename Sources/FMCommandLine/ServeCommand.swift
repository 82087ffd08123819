import Dispatch
import FMServer
import Foundation
import FoundationModels
import FoundationModelsCore

#if canImport(Glibc)
    import Glibc
#endif

/// `fm serve`: the model (and each adapter) behind an OpenAI-compatible Chat Completions API,
/// until SIGINT or SIGTERM, which let generations in progress finish (up to a grace period) and
/// exit 0.
struct ServeCommand {
    var host = "127.0.0.1"
    var port = 1976
    var modelPath: String?
    var adapterPaths: [String] = []
    var contextSize: Int?
    var parallel = 4
    var queueLimit = 16
    var apiKey: String?
    var requestTimeout = 30
    var gracePeriod = 10
    var speculation: LocalModelSettings.Speculation?
    var hostCacheMegabytes: Int?
    var traceCapacity: Int?

    init(arguments: inout CommandLineArguments) throws {
        while let word = arguments.next() {
            switch word {
            case "--host": host = try arguments.value(for: word)
            case "--port": port = try arguments.number(for: word)
            case "--model": modelPath = try arguments.value(for: word)
            case "--adapter": adapterPaths.append(try arguments.value(for: word))
            case "--context-size": contextSize = try arguments.number(for: word)
            case "--parallel": parallel = try arguments.number(for: word)
            case "--queue": queueLimit = try arguments.number(for: word)
            case "--api-key": apiKey = try arguments.value(for: word)
            case "--request-timeout": requestTimeout = try arguments.number(for: word)
            case "--grace-period": gracePeriod = try arguments.number(for: word)
            case "--speculation":
                let setting = try arguments.value(for: word)
                guard let parsed = LocalModelSettings.Speculation(setting: setting) else {
                    throw CLIError.usage("--speculation takes none, lookup, lookup:N, draft:MODEL or draft:MODEL:N, got '\(setting)'")
                }
                speculation = parsed
            case "--cache-ram": hostCacheMegabytes = try arguments.number(for: word)
            case "--traces": traceCapacity = try arguments.number(for: word)
            case "-h", "--help":
                print(Self.usage)
                exit(0)
            default: throw CLIError.usage("serve: unknown option '\(word)'")
            }
        }
        guard (0...65535).contains(port) else { throw CLIError.usage("--port must be from 0 to 65535") }
        guard parallel >= 1 else { throw CLIError.usage("--parallel must be at least 1") }
        guard queueLimit >= 0 else { throw CLIError.usage("--queue must not be negative") }
        guard requestTimeout >= 1 else { throw CLIError.usage("--request-timeout must be at least 1 second") }
        if let contextSize, contextSize <= 0 { throw CLIError.usage("--context-size must be positive") }
        if let hostCacheMegabytes, hostCacheMegabytes < 0 { throw CLIError.usage("--cache-ram must not be negative") }
        let environment = PackageEnvironment()
        if traceCapacity == nil {
            do {
                traceCapacity = try environment.serveTraceCapacity()
            } catch {
                throw CLIError.usage("\(error.name) must be a whole number, got '\(error.value)'")
            }
        }
        if let traceCapacity, traceCapacity < 0 { throw CLIError.usage("--traces must not be negative") }
        // The key from the environment keeps it out of `ps` listings.
        apiKey = apiKey ?? environment.apiKey
        if apiKey?.isEmpty == true { apiKey = nil }
    }

    static let usage = """
        fm serve: the model behind an OpenAI-compatible API (POST /v1/chat/completions, GET /v1/models,
        GET /v1/traces, GET /health, GET /metrics) and a page to try it and see the last requests (GET /).

        USAGE: fm serve [options]

        OPTIONS:
          --host ADDRESS        the address to listen on (default 127.0.0.1)
          --port N              the port (default 1976; 0 picks a free one)
          --model PATH          the GGUF model (default: FM_MODEL or the model of scripts/setup.sh)
          --adapter PATH        also serve the model with this LoRA adapter, as its own model id
                                (the file name); repeatable
          --context-size N      tokens per generation's context (default 4096)
          --parallel N          generations decoded together (default 4)
          --queue N             generations that may wait for a slot before 429 (default 16)
          --api-key KEY         require Authorization: Bearer KEY on /v1 and /metrics (or FM_API_KEY)
          --request-timeout S   seconds a request may take to arrive before 408 (default 30)
          --grace-period S      on SIGINT or SIGTERM, seconds to let generations finish (default 10)
          --speculation MODE    none, lookup, lookup:N, draft:MODEL or draft:MODEL:N: speculative
                                decoding by prompt lookup or a draft model (same answers; default:
                                FM_SPECULATION)
          --cache-ram MIB       memory for conversations whose slot another request took, restored
                                when they continue instead of computed again; 0 keeps none
                                (default: FM_CACHE_RAM or 256)
          --traces N            keep the last N requests' traces for GET /v1/traces and the page's
                                Requests view; 0 keeps none (default: FM_SERVE_TRACES or 100)
          --trace-content       record their text too: prompts as the model saw them, responses
                                (as on every command; default: names and numbers only, or
                                FM_TRACE_CONTENT=1)
        """

    /// The served models: the base model, then one per adapter.
    func servedModels() throws -> [ServedModel] {
        var settings = LocalModelSettings.current
        if let modelPath { settings.modelPath = ModelCatalog.resolve(modelPath) }
        if let contextSize { settings.contextSize = contextSize }
        if let speculation { settings.speculation = speculation }
        if let hostCacheMegabytes { settings.hostCacheMegabytes = hostCacheMegabytes }
        settings.concurrentSessions = parallel
        let models: [ServedModel]
        do {
            models = try ServedModel.models(settings: settings, adapterPaths: adapterPaths)
        } catch {
            throw CLIError.failed("--adapter: \(error.localizedDescription)", kind: .modelUnavailable)
        }
        if case .unavailable(let reason) = models[0].model.availability {
            throw CLIError.failed(AvailabilityCommand.explain(reason, settings: settings), kind: .modelUnavailable)
        }
        if Set(models.map(\.id)).count != models.count {
            throw CLIError.usage("two served models have the same id: give the adapters distinct file names")
        }
        return models
    }

    func run() async throws {
        var configuration = OpenAIServer.Configuration(models: try servedModels())
        configuration.host = host
        configuration.port = port
        configuration.apiKey = apiKey
        configuration.parallel = parallel
        configuration.queueLimit = queueLimit
        configuration.requestTimeout = .seconds(requestTimeout)
        if let traceCapacity { configuration.traceCapacity = traceCapacity }
        let server: OpenAIServer
        do {
            server = try OpenAIServer(configuration: configuration)
        } catch {
            throw CLIError.failed(String(describing: error))
        }
        signal(SIGPIPE, SIG_IGN)
        let shutdown = AsyncStream<Int32>.makeStream()
        var sources: [any DispatchSourceSignal] = []
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { shutdown.continuation.yield(number) }
            source.resume()
            sources.append(source)
        }
        server.start()
        let models = configuration.models.map(\.id).joined(separator: ", ")
        let display = host.contains(":") ? "[\(host)]" : host
        FileHandle.standardError.write(Data("fm serve: listening on http://\(display):\(server.port) (models: \(models); \(parallel) parallel)\n".utf8))
        var signals = shutdown.stream.makeAsyncIterator()
        let received = await signals.next() ?? SIGTERM
        FileHandle.standardError.write(Data("fm serve: \(received == SIGINT ? "SIGINT" : "SIGTERM"), finishing requests in progress (up to \(gracePeriod) s)\n".utf8))
        await server.stop(gracePeriod: .seconds(gracePeriod))
        // Generations cancelled at the deadline end within a token; let them, so that the process
        // does not exit under a running engine.
        await server.waitUntilIdle(atMost: .seconds(5))
        // The last requests' spans, when FM_OTLP_ENDPOINT exports them.
        await OTLPTraceExporter.environment?.flush()
        withExtendedLifetime(sources) {}
        FileHandle.standardError.write(Data("fm serve: stopped\n".utf8))
    }
}
