import FMServer
import Foundation
package import FoundationModels
import JSONValues
import OpenAIWire

/// `fm bench --only serve`: the same concurrent loopback load against `fm serve` and against
/// llama.cpp's `llama-server` (same model, threads, parallel slots and context per slot), plain,
/// with a `json_schema` response format, and plain beside one busy thread per core (a contended
/// machine: both servers share the cores with other work), interleaved over repeats. Reports
/// requests per second, time to first token (p50, p99) and generated tokens per second, and
/// their ratios.
///
/// Tokens are counted by tokenizing each answer's text with the model's vocabulary, not taken from
/// the servers' usage: llama-server's `completion_tokens` includes the end-of-generation token and
/// ours does not (10 against 9 for the same 9-token answer), which would favour it by one token per
/// answer that ends by itself. The usage figures are reported beside (`reported_*`).
///
/// The machine's speed drifts between runs (llama-server alone varied from 24.7 to 34.4 tokens/s
/// over one afternoon), so each ratio is taken within a pair of back-to-back runs, and the report
/// gives the median pair and the range of all pairs.
package struct ServeBench {
    /// The load's shape.
    package struct Load: Sendable {
        package var clients = 8
        package var requestsPerClient = 4
        package var maximumTokens = 64
        package var parallel = 4

        package init() {}
    }

    /// One server's figures in one scenario.
    struct Figures {
        var requestsPerSecond: Double
        /// The answers' tokens per second, counted by tokenizing their text with the model's own
        /// vocabulary: the same count for the same text, whichever server wrote it.
        var tokensPerSecond: Double
        /// The completion tokens per second that the server's usage reports.
        var reportedTokensPerSecond: Double
        var firstTokenP50: Double
        var firstTokenP99: Double
        var failures: Int

        init(outcomes: [LoadClient.Outcome], wall: Double, tokenCount: (String) -> Int) {
            let good = outcomes.filter { $0.status == 200 }
            failures = outcomes.count - good.count
            requestsPerSecond = Double(good.count) / wall
            tokensPerSecond = Double(good.map { tokenCount($0.content) }.reduce(0, +)) / wall
            reportedTokensPerSecond = Double(good.map(\.reportedTokens).reduce(0, +)) / wall
            let firsts = good.compactMap(\.timeToFirstToken).sorted()
            firstTokenP50 = firsts.isEmpty ? .nan : firsts[firsts.count / 2]
            firstTokenP99 = firsts.isEmpty ? .nan : firsts[min(firsts.count - 1, Int((Double(firsts.count) * 0.99).rounded(.up)) - 1)]
        }
    }

    let settings: LocalModelSettings
    let tools: String
    let load: Load
    let repeats: Int
    let log: @Sendable (String) -> Void

    /// A benchmark of these settings (model, threads, context per slot) under this load.
    package init(settings: LocalModelSettings, tools: String, load: Load, repeats: Int, log: @escaping @Sendable (String) -> Void) {
        self.settings = settings
        self.tools = tools
        self.load = load
        self.repeats = repeats
        self.log = log
    }

    /// What the benchmark measured.
    package struct Report {
        let load: Load
        let threads: Int
        /// Per scenario: our figures and llama-server's (medians over repeats), and per pair of
        /// back-to-back runs, our tokens/s, requests/s and reported tokens/s over llama-server's.
        let scenarios: [(name: String, ours: Figures, theirs: Figures, ratios: [(tokens: Double, requests: Double, reported: Double)])]

        /// The figures as JSON members.
        package var jsonMembers: [String: Any] {
            var members: [String: Any] = [
                "serve_clients": load.clients, "serve_requests_per_client": load.requestsPerClient,
                "serve_max_tokens": load.maximumTokens, "serve_parallel": load.parallel
            ]
            for scenario in scenarios {
                let prefix = "serve_\(scenario.name)_"
                members[prefix + "requests_per_second"] = scenario.ours.requestsPerSecond
                members[prefix + "tokens_per_second"] = scenario.ours.tokensPerSecond
                members[prefix + "ttft_p50_ms"] = scenario.ours.firstTokenP50 * 1000
                members[prefix + "ttft_p99_ms"] = scenario.ours.firstTokenP99 * 1000
                members[prefix + "failures"] = scenario.ours.failures
                members[prefix + "reference_requests_per_second"] = scenario.theirs.requestsPerSecond
                members[prefix + "reference_tokens_per_second"] = scenario.theirs.tokensPerSecond
                members[prefix + "reference_ttft_p50_ms"] = scenario.theirs.firstTokenP50 * 1000
                members[prefix + "reference_ttft_p99_ms"] = scenario.theirs.firstTokenP99 * 1000
                members[prefix + "reference_failures"] = scenario.theirs.failures
                members[prefix + "throughput_ratio"] = scenario.ratios.map(\.tokens).median
                members[prefix + "throughput_ratio_runs"] = scenario.ratios.map(\.tokens)
                members[prefix + "requests_ratio"] = scenario.ratios.map(\.requests).median
                members[prefix + "reported_tokens_per_second"] = scenario.ours.reportedTokensPerSecond
                members[prefix + "reference_reported_tokens_per_second"] = scenario.theirs.reportedTokensPerSecond
                members[prefix + "reported_throughput_ratio"] = scenario.ratios.map(\.reported).median
            }
            return members
        }

        /// The figures as a table.
        package var table: String {
            var lines = [
                "serve: \(load.clients) clients x \(load.requestsPerClient) streamed requests, max_tokens \(load.maximumTokens), "
                    + "\(load.parallel) parallel slots, \(threads) threads (fm serve vs llama-server, medians)",
                "  " + "scenario".padding(13) + "server".padding(14) + "req/s".padding(8) + "tok/s".padding(8) + "TTFT p50".padding(10)
                    + "TTFT p99".padding(10) + "failed"
            ]
            for scenario in scenarios {
                for (label, figures) in [("fm serve", scenario.ours), ("llama-server", scenario.theirs)] {
                    lines.append(
                        "  " + scenario.name.padding(13) + label.padding(14) + String(format: "%.2f", figures.requestsPerSecond).padding(8)
                            + String(format: "%.1f", figures.tokensPerSecond).padding(8)
                            + String(format: "%.0f ms", figures.firstTokenP50 * 1000).padding(10)
                            + String(format: "%.0f ms", figures.firstTokenP99 * 1000).padding(10) + String(figures.failures))
                }
                let tokenRatios = scenario.ratios.map(\.tokens)
                lines.append(
                    "  " + scenario.name.padding(13) + "ratio".padding(14)
                        + String(
                            format: "%.2fx tokens/s (pairs %.2f-%.2f), %.2fx requests/s, %.2fx tokens/s as the servers report them",
                            tokenRatios.median, tokenRatios.min() ?? .nan, tokenRatios.max() ?? .nan, scenario.ratios.map(\.requests).median,
                            scenario.ratios.map(\.reported).median))
            }
            return lines.joined(separator: "\n")
        }
    }

    /// Starts both servers, runs the load on each in turn, and stops them.
    package func run() async throws -> Report {
        let reference = try await ReferenceServerProcess.start(
            executable: tools + "/llama-server", modelPath: settings.modelPath, threads: settings.threads ?? 1, parallel: load.parallel,
            contextPerSlot: settings.contextSize, log: log)
        defer { reference.stop() }
        var served = settings
        served.concurrentSessions = load.parallel
        var configuration = OpenAIServer.Configuration(models: try ServedModel.models(settings: served, adapterPaths: []))
        configuration.port = 0
        configuration.parallel = load.parallel
        configuration.queueLimit = load.clients * 2
        let ours = try OpenAIServer(configuration: configuration)
        ours.start()
        var scenarios: [(String, Figures, Figures, [(tokens: Double, requests: Double, reported: Double)])] = []
        let tokenCount = try LoadClient.tokenCounter(modelPath: settings.modelPath)
        let cores = ProcessInfo.processInfo.activeProcessorCount
        for (name, format, contended) in [("plain", nil, false), ("json_schema", Self.schema, false), ("plain_contended", nil, true)] {
            var mine: [Figures] = []
            var theirs: [Figures] = []
            // A warm-up round on each (model load, first allocations) that is not counted.
            _ = await LoadClient.load(clients: 2, bodies: { self.bodies(client: $0, count: 1, format: format) }, port: reference.port)
            _ = await LoadClient.load(clients: 2, bodies: { self.bodies(client: $0, count: 1, format: format) }, port: ours.port)
            for run in 1...repeats {
                // Contended: the busy threads run only while a server is under load.
                func measured(_ port: Int) async -> (outcomes: [LoadClient.Outcome], wall: Double) {
                    let busy = contended ? BusyThreads(count: cores) : nil
                    defer { busy?.stop() }
                    return await LoadClient.load(
                        clients: load.clients, bodies: { self.bodies(client: $0, count: self.load.requestsPerClient, format: format) }, port: port)
                }
                log("serve \(name) run \(run)/\(repeats): llama-server" + (contended ? " beside \(cores) busy threads" : ""))
                let referenceRun = await measured(reference.port)
                theirs.append(Figures(outcomes: referenceRun.outcomes, wall: referenceRun.wall, tokenCount: tokenCount))
                log("serve \(name) run \(run)/\(repeats): fm serve" + (contended ? " beside \(cores) busy threads" : ""))
                let ourRun = await measured(ours.port)
                mine.append(Figures(outcomes: ourRun.outcomes, wall: ourRun.wall, tokenCount: tokenCount))
            }
            let ratios = zip(mine, theirs).map { ours, reference in
                (
                    tokens: ours.tokensPerSecond / reference.tokensPerSecond, requests: ours.requestsPerSecond / reference.requestsPerSecond,
                    reported: ours.reportedTokensPerSecond / reference.reportedTokensPerSecond
                )
            }
            scenarios.append((name, Self.median(mine), Self.median(theirs), ratios))
        }
        await ours.stop(gracePeriod: .seconds(2))
        return Report(load: load, threads: settings.threads ?? 1, scenarios: scenarios)
    }

    /// The schema of the guided scenario's response format.
    static let schema = (
        name: "note",
        schema: LoadClient.schema(
            #"{"type": "object", "properties": {"title": {"type": "string"}, "summary": {"type": "string"}, "rating": {"type": "integer", "minimum": 1, "maximum": 5}}, "required": ["title", "summary", "rating"], "additionalProperties": false}"#
        )
    )

    /// One client's request bodies: a shared system prompt and a distinct question each (no
    /// `model`: each server answers with the one it serves).
    func bodies(client: Int, count: Int, format: (name: String, schema: JSONValue)?) -> [String] {
        (0..<count).map { index in
            LoadClient.body(
                messages: [
                    ChatMessage(role: .system, text: "You are a helpful assistant. Answer briefly."),
                    ChatMessage(role: .user, text: "Write a short note about topic number \(client * 100 + index) of a city guide.")
                ], maximumTokens: load.maximumTokens, schema: format)
        }
    }

    private static func median(_ runs: [Figures]) -> Figures {
        var figures = runs[0]
        figures.requestsPerSecond = runs.map(\.requestsPerSecond).median
        figures.tokensPerSecond = runs.map(\.tokensPerSecond).median
        figures.reportedTokensPerSecond = runs.map(\.reportedTokensPerSecond).median
        figures.firstTokenP50 = runs.map(\.firstTokenP50).median
        figures.firstTokenP99 = runs.map(\.firstTokenP99).median
        figures.failures = runs.map(\.failures).reduce(0, +)
        return figures
    }
}
