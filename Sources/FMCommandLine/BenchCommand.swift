import ConstrainedDecoding
import CoreSpotlight
import FMBench
import Foundation
import FoundationModels
import LlamaBackend
import SmartNotes

/// `fm bench`: prefill and decode throughput through the session API, measured in the same run
/// as llama.cpp's own `llama-bench` on the same model, threads and lengths, interleaved; then the
/// session engine's scenarios (``SessionBench``): time to first token across turns and with
/// prewarming, aggregate decoding of concurrent sessions, memory per session; then guided
/// generation (``GuidedBench``): the constrained decoder's mask and compile times on both
/// vocabularies beside llguidance's on the same token sequences, and guided against free decoding.
///
/// `--only schemas --schemas DIR` runs the user path instead (``SchemaPathBench``): the first
/// `--per-subset N` schemas of each subset answered through `respond(to:schema:)` within
/// `--max-tokens N`, counted as answered, refused up front (by keyword), cut off or failed.
///
/// `--only throughput`, `--only sessions` or `--only guided` runs one part; `--json` prints one
/// JSON object. `--schemas DIR` takes the guided part's schemas from a JSONSchemaBench folder
/// (`--schema-limit N` of them, spread evenly); `--no-reference` skips llguidance.
///
/// Spawning `llama-bench` is the point of this command (the reference must come from llama.cpp's
/// tool, not our code); nothing else in the package starts processes.
struct BenchCommand {
    /// `fm bench --help`: the parts the bench measures and their options.
    static let usage = """
        USAGE: fm bench [--json] [--only PART] [options]

        Measures this package beside llama.cpp's own tools on the same model and host, and names
        the host (CPU, cores, vector extensions, llama.cpp build). Progress goes to standard error;
        --json writes one JSON object (the keys Benchmarks/results/*.json hold).

        PARTS (all run by default but schemas, serve, job and spotlight, which run when asked with --only):
          throughput     decoding and prefill through the session API against llama-bench
          sessions       time to first token by turn and with prewarm, concurrent sessions, memory
                         per session
          guided         mask and compile times beside llguidance, guided against free decoding
                         (--schemas DIR, --schema-limit N, --no-reference)
          schemas        the user path on real-world schemas: answered, refused by keyword, cut off
                         (--schemas DIR, --per-subset N, --max-tokens N)
          serve          fm serve against llama-server under the same concurrent load, plain and
                         json_schema (--clients N, --requests N, --parallel N, --serve-max-tokens N)
          speculation    the main job with prompt-lookup speculation and without, then the 1.5B model
                         with the 0.5B drafting, both beside llama-server (--speculation lookup:N or
                         draft:MODEL[:N] measures that alone)
          contention     one session's decoding quiet and beside a busy thread per core, with
                         llama-bench and llama-batched-bench under the same load
          job            the main job (fm notes) as processes, cold and warm, ours and on llama-server
          spotlight      the Core Spotlight index at scale: indexing, searches beside FTS5's own
                         bm25(), with and without a time filter; no model (--notes N, --searches N);
                         then, with the embedding model, ranking by meaning on --meaning-notes N
                         (10000; 0 skips it): each note's vector, searches with and without it

        OPTIONS:
          --only PART        run one part
          --json             one JSON object on standard output
          --model PATH       the GGUF model (default: the default model)
          --repeats N        repetitions of each measurement
          --threads N        CPU threads
          --prompt-words N, --generate-tokens N
                             the throughput part's prompt and answer lengths
        """

    var json = false
    var modelPath: String?
    var repeats = 3
    var promptWords = 400
    var generateTokens = 128
    var threads = max(1, ProcessInfo.processInfo.activeProcessorCount)
    var runsThroughput = true
    var runsSessions = true
    var runsGuided = true
    var schemaFolder: String?
    var schemaLimit = 100
    var withReference = true
    var runsSchemaPath = false
    var perSubset = 2
    var maximumTokens = 768
    var runsServe = false
    var serveLoad = ServeBench.Load()
    var runsSpeculation = true
    var runsContention = true
    /// `--only job`: the main job as processes, ours and on llama-server (``JobBench``).
    var runsJob = false
    /// `--only spotlight`: the Core Spotlight index at scale, no model (``SpotlightBench``).
    var runsSpotlight = false
    var spotlightNotes = 100_000
    var spotlightSearches = 1_000
    /// `--meaning-notes`: how many notes the ranking-by-meaning part indexes (0: none).
    var meaningNotes = 10_000
    var speculation = LocalModelSettings.Speculation.promptLookup
    /// Whether `--speculation` chose the speculation to measure: then only that pair runs, not
    /// the 1.5B model's draft pair nor the side by side with `llama-server`.
    var measuresChosenSpeculationOnly = false

    init(arguments: inout CommandLineArguments) throws {
        while let word = arguments.next() {
            switch word {
            case "--json": json = true
            case "--model": modelPath = try arguments.value(for: word)
            case "--repeats": repeats = try arguments.number(for: word)
            case "--prompt-words": promptWords = try arguments.number(for: word)
            case "--generate-tokens": generateTokens = try arguments.number(for: word)
            case "--threads": threads = try arguments.number(for: word)
            case "--schemas": schemaFolder = try arguments.value(for: word)
            case "--schema-limit": schemaLimit = try arguments.number(for: word)
            case "--no-reference": withReference = false
            case "--per-subset": perSubset = try arguments.number(for: word)
            case "--max-tokens": maximumTokens = try arguments.number(for: word)
            case "--clients": serveLoad.clients = try arguments.number(for: word)
            case "--requests": serveLoad.requestsPerClient = try arguments.number(for: word)
            case "--parallel": serveLoad.parallel = try arguments.number(for: word)
            case "--serve-max-tokens": serveLoad.maximumTokens = try arguments.number(for: word)
            case "--notes": spotlightNotes = try arguments.number(for: word)
            case "--searches": spotlightSearches = try arguments.number(for: word)
            case "--meaning-notes": meaningNotes = try arguments.number(for: word)
            case "--speculation":
                let setting = try arguments.value(for: word)
                guard let parsed = LocalModelSettings.Speculation(setting: setting), parsed != .none else {
                    throw CLIError.usage("--speculation takes lookup, lookup:N, draft:MODEL or draft:MODEL:N (N > 0), got '\(setting)'")
                }
                speculation = parsed
                measuresChosenSpeculationOnly = true
            case "--only":
                let part = try arguments.value(for: word)
                guard ["throughput", "sessions", "guided", "schemas", "serve", "speculation", "contention", "job", "spotlight"].contains(part) else {
                    throw CLIError.usage(
                        "--only takes throughput, sessions, guided, schemas, serve, speculation, contention, job or spotlight, got '\(part)'")
                }
                runsThroughput = part == "throughput"
                runsSessions = part == "sessions"
                runsGuided = part == "guided"
                runsSchemaPath = part == "schemas"
                runsServe = part == "serve"
                runsSpeculation = part == "speculation"
                runsContention = part == "contention"
                runsJob = part == "job"
                runsSpotlight = part == "spotlight"
            default: throw CLIError.usage("unknown bench option '\(word)'")
            }
        }
        if let schemaFolder, !FileManager.default.fileExists(atPath: schemaFolder) {
            throw CLIError.usage("--schemas: no folder at \(schemaFolder)")
        }
        if runsSchemaPath, schemaFolder == nil {
            throw CLIError.usage("--only schemas needs --schemas DIR (a JSONSchemaBench folder)")
        }
        guard serveLoad.clients > 0, serveLoad.requestsPerClient > 0, serveLoad.parallel > 0, serveLoad.maximumTokens > 0 else {
            throw CLIError.usage("bench counts must be positive")
        }
        guard repeats > 0, promptWords > 0, generateTokens > 1, threads > 0, schemaLimit > 0, perSubset > 0, maximumTokens > 0, spotlightNotes > 0,
            spotlightSearches > 0
        else {
            throw CLIError.usage("bench counts must be positive")
        }
    }

    func run() async throws {
        if runsSpotlight {
            // The index alone: no model, no llama.cpp tools.
            let host = HostDescription.current()
            let report = try await SpotlightBench(notes: spotlightNotes, searches: spotlightSearches, log: log).run()
            var object: [String: Any] = ["host": host.jsonObject]
            object.merge(report.jsonMembers) { _, new in new }
            var tables = [host.line, report.table]
            // Ranking by meaning, when set-up installed its model.
            if meaningNotes > 0, let ranking = SemanticRanking.installed {
                let meaning = try await SpotlightMeaningBench(notes: meaningNotes, searches: max(1, spotlightSearches / 5), ranking: ranking, log: log).run()
                object.merge(meaning.jsonMembers) { _, new in new }
                tables.append(meaning.table)
            }
            output(object: object, table: tables)
            return
        }
        var settings = LocalModelSettings.current
        if let modelPath { settings.modelPath = ModelCatalog.resolve(modelPath) }
        settings.threads = threads
        settings.contextSize = max(settings.contextSize, 4096)
        // The bench measures speed, whatever the text says: a refusal is an answer like any other.
        settings.detectsRefusals = false
        LocalModelSettings.current = settings
        let tools = ModelCatalog.referenceToolsDirectory
        if runsThroughput || runsServe || runsJob, tools == nil {
            throw CLIError.failed("llama.cpp's tools are not set up (run scripts/setup.sh)")
        }
        guard SystemLanguageModel.default.isAvailable else {
            throw CLIError.failed("the model \(settings.modelPath) is not available (run scripts/setup.sh)")
        }
        log("warming up")
        let warmup = try await measureSession(run: 0)
        let host = HostDescription.current()
        var object: [String: Any] = ["model": settings.modelPath, "threads": threads, "repeats": repeats, "host": host.jsonObject]
        var table = [host.line, "model: \(settings.modelPath) (threads \(threads), median of \(repeats) interleaved runs)"]
        if runsThroughput, let tools {
            let report = try await measureThroughput(settings: settings, tools: tools, promptTokens: warmup.promptTokens)
            object.merge(report.jsonMembers) { _, new in new }
            table.append(report.table)
        }
        if runsSessions {
            var reference = tools.map { LlamaBatchedBenchRunner(executable: $0 + "/llama-batched-bench", modelPath: settings.modelPath, threads: threads) }
            if let runner = reference, !runner.isAvailable {
                log("llama-batched-bench is not built (scripts/setup.sh builds it): the concurrency figures have no reference")
                reference = nil
            }
            let report = try await SessionBench(settings: settings, repeats: repeats, reference: reference, log: log).run()
            object.merge(report.jsonMembers) { _, new in new }
            table.append(report.table)
        }
        if runsGuided {
            let figures = try await measureGuided(settings: settings)
            object.merge(figures.jsonMembers) { _, new in new }
            table.append(figures.table)
        }
        if runsSpeculation {
            let report = try await SpeculationBench(settings: settings, speculation: speculation, repeats: repeats, job: Self.mainJob, log: log).run()
            object.merge(report.jsonMembers) { _, new in new }
            table.append(report.table)
            // The draft-model pair, where set-up installed the 1.5B model: the default model drafts.
            let large = ModelCatalog.path(of: .qwen25Coder15B)
            if measuresChosenSpeculationOnly {
                log("speculation chosen with --speculation: the 1.5B draft pair and the side by side with llama-server are left out")
            } else if speculation.draftModelPath == nil, FileManager.default.fileExists(atPath: large) {
                var pair = settings
                pair.modelPath = large
                let draft = LocalModelSettings.Speculation.draftModel(ModelCatalog.path(of: .qwen25Coder05B), maximumDraftLength: 2)
                let report = try await SpeculationBench(settings: pair, speculation: draft, repeats: repeats, job: Self.mainJob, log: log).run()
                object.merge(report.jsonMembers) { _, new in new }
                table.append(report.table)
                if let tools {
                    let sideBySide = try await SpeculationSideBySideBench(
                        settings: pair, draftModelPath: ModelCatalog.path(of: .qwen25Coder05B), tools: tools, repeats: repeats, log: log
                    ).run()
                    object.merge(sideBySide.jsonMembers) { _, new in new }
                    table.append(sideBySide.table)
                }
            }
        }
        if runsContention {
            var reference: ContentionBench.Reference?
            if let tools {
                let batched = LlamaBatchedBenchRunner(executable: tools + "/llama-batched-bench", modelPath: settings.modelPath, threads: threads)
                if batched.isAvailable {
                    let single = LlamaBenchRunner(executable: tools + "/llama-bench", modelPath: settings.modelPath, threads: threads)
                    reference = ContentionBench.Reference(single: single, batched: batched)
                } else {
                    log("llama-batched-bench is not built (scripts/setup.sh builds it): the contended figures have no reference")
                }
            }
            let report = try await ContentionBench(settings: settings, repeats: repeats, reference: reference, log: log).run()
            object.merge(report.jsonMembers) { _, new in new }
            table.append(report.table)
        }
        if runsServe, let tools {
            var serveSettings = settings
            serveSettings.contextSize = 2048
            let report = try await ServeBench(settings: serveSettings, tools: tools, load: serveLoad, repeats: repeats, log: log).run()
            object.merge(report.jsonMembers) { _, new in new }
            table.append(report.table)
        }
        if runsJob, let tools {
            let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
            let report = try await JobBench(
                executable: executable, modelPath: settings.modelPath, serverExecutable: tools + "/llama-server", threads: threads,
                repeats: repeats, log: log
            ).run()
            object.merge(report.jsonMembers) { _, new in new }
            table.append(report.table)
        }
        if runsSchemaPath, let schemaFolder {
            let report = try await SchemaPathBench(folder: schemaFolder, perSubset: perSubset, maximumTokens: maximumTokens, log: log).run()
            object.merge(report.jsonMembers) { _, new in new }
            table.append(report.table)
        }
        output(object: object, table: table)
    }

    /// Prints the figures: one JSON object with `--json`, else the table.
    private func output(object: [String: Any], table: [String]) {
        if json {
            let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
            print(String(decoding: data, as: UTF8.self))
        } else {
            print(table.joined(separator: "\n"))
        }
    }

    /// The session API's prefill and decode rates against llama-bench's, interleaved.
    func measureThroughput(settings: LocalModelSettings, tools: String, promptTokens: Int) async throws -> BenchReport {
        let reference = LlamaBenchRunner(executable: tools + "/llama-bench", modelPath: settings.modelPath, threads: threads)
        var ours: [SessionMeasurement] = []
        var theirs: [LlamaBenchRunner.Measurement] = []
        for run in 1...repeats {
            log("run \(run)/\(repeats): llama-bench")
            theirs.append(try reference.measure(promptTokens: promptTokens, generateTokens: generateTokens))
            log("run \(run)/\(repeats): session API")
            ours.append(try await measureSession(run: run))
        }
        return BenchReport(
            promptTokens: promptTokens, generatedTokens: ours.map(\.generatedTokens).median,
            prefill: ours.map(\.prefillRate).median, decode: ours.map(\.decodeRate).median,
            referencePrefill: theirs.map(\.prefillRate).median, referenceDecode: theirs.map(\.decodeRate).median)
    }

    /// Mask and compile times on both vocabularies (with llguidance's), and guided decoding
    /// against free decoding on the session's model.
    func measureGuided(settings: LocalModelSettings) async throws -> GuidedBench.Figures {
        let bench = GuidedBench(
            schemaFolder: schemaFolder, schemaLimit: schemaLimit, withReference: withReference,
            builtInSchemas: [
                .init(name: "NotesDigest", text: NotesDigest.generationSchema.jsonSchemaTextForBench),
                .init(name: "ActionItem", text: ActionItem.generationSchema.jsonSchemaTextForBench),
                .init(name: "TeamDirectoryTool.Arguments", text: TeamDirectoryTool.Arguments.generationSchema.jsonSchemaTextForBench)
            ],
            log: log)
        var figures = GuidedBench.Figures()
        for (label, known) in [("smollm2", ModelCatalog.Known.smolLM2), ("qwen", .qwen25Coder05B)] {
            let path = ModelCatalog.path(of: known)
            guard FileManager.default.fileExists(atPath: path) else {
                log("masks on \(label): \(path) is not set up; skipped")
                continue
            }
            figures.masks[label] = try bench.masks(modelPath: path, label: label)
        }
        figures.endToEnd = try await bench.endToEnd(repeats: repeats, notes: NotesCommand.sampleNotes, generating: NotesDigest.self)
        return figures
    }

    struct SessionMeasurement {
        var promptTokens: Int
        var cachedTokens: Int
        var generatedTokens: Int
        var prefillRate: Double
        var decodeRate: Double
    }

    /// One generation through `LanguageModelSession.streamResponse`, with a prompt whose start is
    /// unique to the run so that no cached prefix beyond the template's shared start is reused.
    func measureSession(run: Int) async throws -> SessionMeasurement {
        let words = Self.vocabulary
        var text = "Run \(run * 7919 % 10007). Here is a list of words:"
        for index in 0..<promptWords { text += " " + words[(index * 31 + run) % words.count] }
        text += ". Now count from 1 to 500, separated by commas."
        let session = LanguageModelSession(model: SystemLanguageModel.default)
        let options = GenerationOptions(samplingMode: .greedy, maximumResponseTokens: generateTokens)
        let start = ContinuousClock.now
        var first: ContinuousClock.Instant?
        var last = start
        let stream = session.streamResponse(to: text, options: options)
        var iterator = stream.makeAsyncIterator()
        while try await iterator.next() != nil {
            let now = ContinuousClock.now
            if first == nil { first = now }
            last = now
        }
        let usage = session.usage
        guard let first, usage.output.totalTokenCount > 1 else {
            throw CLIError.failed("the benchmark generation produced too few tokens")
        }
        let computed = usage.input.totalTokenCount - usage.input.cachedTokenCount
        return SessionMeasurement(
            promptTokens: usage.input.totalTokenCount,
            cachedTokens: usage.input.cachedTokenCount,
            generatedTokens: usage.output.totalTokenCount,
            prefillRate: Double(computed) / (first - start).seconds,
            decodeRate: Double(usage.output.totalTokenCount - 1) / (last - first).seconds)
    }

    /// Progress, on standard error (the figures go to standard output, as a table or JSON).
    func log(_ message: String) {
        FileHandle.standardError.write(Data("[bench] \(message)\n".utf8))
    }

    /// The main job, as `fm notes --greedy` runs it on the sample notes; returns the digest as JSON.
    @Sendable static func mainJob() async throws -> String {
        let options = GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 600)
        return try await NotesDigester(model: SystemLanguageModel.default).digest(of: NotesCommand.sampleNotes, options: options).content
            .generatedContent.jsonString
    }

    static let vocabulary = [
        "apple", "river", "window", "garden", "music", "planet", "engine", "silver", "forest", "market",
        "coffee", "bridge", "winter", "candle", "rocket", "island", "thunder", "pencil", "harbor", "meadow"
    ]
}

/// The throughput figures `fm bench` prints.
struct BenchReport {
    var promptTokens: Int
    var generatedTokens: Int
    var prefill: Double
    var decode: Double
    var referencePrefill: Double
    var referenceDecode: Double

    var prefillRatio: Double { prefill / referencePrefill }
    var decodeRatio: Double { decode / referenceDecode }

    var table: String {
        func format(_ value: Double) -> String { String(format: "%.2f", value) }
        return """
                              session API   llama-bench   ratio
            prefill tok/s     \(format(prefill).padding(14))\(format(referencePrefill).padding(14))\(format(prefillRatio))   (\(promptTokens) prompt tokens)
            decode tok/s      \(format(decode).padding(14))\(format(referenceDecode).padding(14))\(format(decodeRatio))   (\(generatedTokens) generated tokens)
            """
    }

    /// The members of `fm bench --json`.
    var jsonMembers: [String: Any] {
        [
            "prompt_tokens": promptTokens, "generated_tokens": generatedTokens,
            "prefill_tps": prefill, "decode_tps": decode,
            "llama_bench_prefill_tps": referencePrefill, "llama_bench_decode_tps": referenceDecode,
            "prefill_ratio": prefillRatio, "decode_ratio": decodeRatio
        ]
    }
}
