import FMServer
import Foundation
package import FoundationModels
import JSONValues
import OpenAIWire

/// `fm bench --only speculation`, side by side: one extraction request at a time (greedy, streamed)
/// to `fm serve` and to llama.cpp's `llama-server` on the same model and threads, without
/// speculation, with a draft model (llama-server's `draft-simple`) and with prompt lookup
/// (llama-server's `ngram-simple`), each as free text and with a JSON Schema response format,
/// interleaved over repeats. Reports each server's decoding speed,
/// generated tokens after the first over the seconds after the first, and our ratio to it per pair
/// of back-to-back runs.
package struct SpeculationSideBySideBench {
    let settings: LocalModelSettings
    let draftModelPath: String
    let tools: String
    let repeats: Int
    let log: @Sendable (String) -> Void

    /// A benchmark of the model in `settings`, with `draftModelPath` drafting where a draft model
    /// is measured.
    package init(settings: LocalModelSettings, draftModelPath: String, tools: String, repeats: Int, log: @escaping @Sendable (String) -> Void) {
        self.settings = settings
        self.draftModelPath = draftModelPath
        self.tools = tools
        self.repeats = repeats
        self.log = log
    }

    /// One kind of speculation on both servers.
    struct Variant {
        let name: String
        let speculation: LocalModelSettings.Speculation
        let referenceArguments: [String]
    }

    /// What one variant measured in one format: decoding tokens per second of each run, ours and
    /// llama-server's.
    struct Measured {
        /// The variant, with `_json` for the JSON Schema requests.
        let name: String
        let ours: [Double]
        let theirs: [Double]
        var ratios: [Double] { zip(ours, theirs).map { $0 / $1 } }
    }

    /// What the benchmark measured.
    package struct Report {
        let variants: [Measured]
        let modelPath: String
        let adaptsToCost: Bool

        /// The figures as JSON members (`speculative_side_by_side_<variant>_*`).
        package var jsonMembers: [String: Any] {
            var members: [String: Any] = ["speculative_side_by_side_cost_model": adaptsToCost]
            for variant in variants {
                let key = "speculative_side_by_side_\(variant.name)"
                members["\(key)_ratio"] = variant.ratios.median
                members["\(key)_ratio_runs"] = variant.ratios
                members["\(key)_fm_tokens_per_second"] = variant.ours.median
                members["\(key)_llama_server_tokens_per_second"] = variant.theirs.median
            }
            return members
        }

        /// The figures as a table.
        package var table: String {
            var lines = [
                "speculation side by side with llama-server on \(URL(fileURLWithPath: modelPath).lastPathComponent) "
                    + "(one extraction request at a time, greedy, decoding tokens/s, medians; fm drafts "
                    + (adaptsToCost ? "where measured costs say it pays" : "always, FM_SPECULATION_COST=0") + ")"
            ]
            for variant in variants {
                lines.append(
                    String(
                        format: "  %@ fm serve %.1f, llama-server %.1f: %.2fx (pairs %.2f-%.2f)", variant.name, variant.ours.median,
                        variant.theirs.median, variant.ratios.median, variant.ratios.min() ?? .nan, variant.ratios.max() ?? .nan))
            }
            return lines.joined(separator: "\n")
        }
    }

    /// Runs each variant: both servers started, a warm-up request each, then `repeats` pairs.
    package func run() async throws -> Report {
        let variants = [
            Variant(name: "none", speculation: .none, referenceArguments: []),
            Variant(
                name: "draft", speculation: .draftModel(draftModelPath, maximumDraftLength: 2),
                referenceArguments: ["--spec-type", "draft-simple", "-md", draftModelPath, "--spec-draft-n-max", "2", "-td", String(settings.threads ?? 1)]),
            Variant(
                name: "lookup", speculation: .promptLookup, referenceArguments: ["--spec-type", "ngram-simple", "--spec-ngram-simple-size-m", "2"])
        ]
        var measured: [Measured] = []
        let tokenCount = try LoadClient.tokenCounter(modelPath: settings.modelPath)
        for variant in variants {
            let reference = try await ReferenceServerProcess.start(
                executable: tools + "/llama-server", modelPath: settings.modelPath, threads: settings.threads ?? 1, parallel: 1,
                contextPerSlot: settings.contextSize, extraArguments: variant.referenceArguments, log: log)
            defer { reference.stop() }
            var served = settings
            served.concurrentSessions = 1
            served.speculation = variant.speculation
            var configuration = OpenAIServer.Configuration(models: try ServedModel.models(settings: served, adapterPaths: []))
            configuration.port = 0
            configuration.parallel = 1
            let ours = try OpenAIServer(configuration: configuration)
            ours.start()
            for (suffix, body) in [("", Self.body), ("_json", Self.jsonBody)] {
                let name = variant.name + suffix
                var mine: [Double] = []
                var theirs: [Double] = []
                for run in 0...repeats {
                    log(run == 0 ? "side by side \(name): warm-up" : "side by side \(name) run \(run)/\(repeats)")
                    let theirRun = try decodingSpeed(LoadClient.send(body: body, port: reference.port), server: "llama-server", tokenCount: tokenCount)
                    let ourRun = try decodingSpeed(LoadClient.send(body: body, port: ours.port), server: "fm serve", tokenCount: tokenCount)
                    guard run > 0 else { continue }
                    theirs.append(theirRun)
                    mine.append(ourRun)
                }
                measured.append(Measured(name: name, ours: mine, theirs: theirs))
            }
            await ours.stop(gracePeriod: .seconds(2))
        }
        return Report(variants: measured, modelPath: settings.modelPath, adaptsToCost: settings.speculationAdaptsToCost)
    }

    /// Tokens after the first over the seconds after the first, the answer's tokens counted from
    /// its text (see ``LoadClient/tokenCounter(modelPath:)``).
    private func decodingSpeed(_ outcome: LoadClient.Outcome, server: String, tokenCount: (String) -> Int) throws -> Double {
        let tokens = tokenCount(outcome.content)
        guard outcome.status == 200, let first = outcome.timeToFirstToken, tokens > 1, outcome.total > first else {
            throw BenchmarkError("\(server) did not answer the side-by-side request (status \(outcome.status))")
        }
        return Double(tokens - 1) / (outcome.total - first)
    }

    /// The request: action items quoted from meeting notes (an answer that copies its input).
    static let body = request(schema: nil)

    /// The same request with a JSON Schema for the action items.
    static let jsonBody = request(
        schema: (
            name: "actions",
            schema: LoadClient.schema(
                #"{"type": "object", "properties": {"items": {"type": "array", "items": {"type": "object", "properties": {"owner": {"type": "string"}, "task": {"type": "string"}, "deadline": {"type": "string"}}, "required": ["owner", "task", "deadline"], "additionalProperties": false}}}, "required": ["items"], "additionalProperties": false}"#
            )
        ))

    private static func request(schema: (name: String, schema: JSONValue)?) -> String {
        LoadClient.body(
            messages: [
                ChatMessage(
                    role: .user,
                    text:
                        "Rewrite these meeting notes as a list of action items, one per line, as 'owner: task (deadline)', quoting the notes' words:\nWeekly sync, product team. Attendees: Sara, Youssef, Lina. Discussed the Q3 launch. Sara to finalize pricing by Friday. Youssef needs to fix the login bug before the release - urgent. Lina will share the new onboarding mockups next week. Budget review moved to next month."
                )
            ], maximumTokens: 160, schema: schema)
    }
}
