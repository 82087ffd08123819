import Testing
import TestSupport
import Foundation
@testable import FMCommandLine
import FoundationModels
import JSONValues

@Suite struct ArgumentParsingTests {
    func flags(_ words: [String]) throws -> GenerationFlags {
        var arguments = CommandLineArguments(words)
        return try GenerationFlags(parsing: &arguments)
    }

    @Test func parsesEveryOption() throws {
        let parsed = try flags([
            "--instructions", "Be brief.", "--model", "/m.gguf", "--context-size", "2048",
            "--temperature", "0.5", "--top-k", "20", "--seed", "7", "--max-tokens", "64",
            "--schema", "s.json", "What", "is", "up?"
        ])
        #expect(parsed.instructions == "Be brief.")
        #expect(parsed.modelPath == "/m.gguf")
        #expect(parsed.contextSize == 2048)
        #expect(parsed.schemaPath == "s.json")
        #expect(parsed.positional == ["What", "is", "up?"])
        #expect(parsed.options == GenerationOptions(samplingMode: .random(top: 20, seed: 7), temperature: 0.5, maximumResponseTokens: 64))
    }

    @Test func greedyAndSeedMapToSamplingModes() throws {
        #expect(try flags(["--greedy"]).options.samplingMode == .greedy)
        #expect(try flags(["--top-p", "0.9", "--seed", "3"]).options.samplingMode == .random(probabilityThreshold: 0.9, seed: 3))
        #expect(try flags(["--seed", "3"]).options.samplingMode == .random(probabilityThreshold: 0.95, seed: 3))
        #expect(try flags([]).options == GenerationOptions())
    }

    @Test func doubleDashEndsOptions() throws {
        #expect(try flags(["--", "--greedy", "is", "a", "word"]).positional == ["--greedy", "is", "a", "word"])
    }

    static let usageErrors: [([String], String)] = [
        (["--unknown"], "unknown option '--unknown'"),
        (["--temperature"], "--temperature needs a value"),
        (["--max-tokens", "many"], "--max-tokens needs a number, got 'many'"),
        (["--max-tokens", "0"], "--max-tokens must be positive"),
        (["--greedy", "--top-k", "3"], "--greedy cannot be combined with --top-k or --top-p"),
        (["--top-k", "3", "--top-p", "0.5"], "--top-k and --top-p cannot be combined")
    ]

    @Test(arguments: usageErrors)
    func malformedOptionsAreUsageErrors(words: [String], message: String) {
        #expect(throws: CLIError.usage(message)) { try flags(words) }
    }

    @Test func respondNeedsAPrompt() {
        var arguments = CommandLineArguments(["--greedy"])
        #expect(throws: CLIError.usage("respond needs a prompt (as words, or on standard input)")) {
            try RespondCommand(arguments: &arguments, streaming: false, standardInput: { nil })
        }
    }

    @Test func respondReadsThePromptFromStandardInputWhenNoWordsAreGiven() throws {
        var piped = CommandLineArguments(["--greedy"])
        #expect(try RespondCommand(arguments: &piped, streaming: false, standardInput: { "From a pipe\n" }).prompt == "From a pipe\n")
        var dash = CommandLineArguments(["-"])
        #expect(try RespondCommand(arguments: &dash, streaming: true, standardInput: { "Dash" }).prompt == "Dash")
        var words = CommandLineArguments(["Hello", "there"])
        #expect(try RespondCommand(arguments: &words, streaming: false, standardInput: { "ignored" }).prompt == "Hello there")
    }

    @Test func serverOptionsGoTogether() async throws {
        let server = try flags(["--server", "http://127.0.0.1:1976/v1", "--server-model", "m", "--api-key", "k", "--json"])
        #expect(server.serverURL == "http://127.0.0.1:1976/v1" && server.serverModel == "m" && server.apiKey == "k" && server.json)
        #expect(try await server.makeModel() is OpenAICompatibleLanguageModel)
        // Without --server-model the server is asked for its models; one that cannot be reached
        // is a model-unavailable failure that says what was asked.
        let unnamed = try flags(["--server", "http://127.0.0.1:1/v1"])
        #expect(unnamed.serverModel == nil)
        await #expect {
            _ = try await unnamed.makeModel()
        } throws: { error in
            guard case .failed(let message, kind: .modelUnavailable)? = error as? CLIError else { return false }
            return message.contains("http://127.0.0.1:1/v1/models") && message.contains("--server-model")
        }
        #expect(throws: CLIError.usage("--server needs an http(s) URL such as http://127.0.0.1:1976/v1")) {
            try flags(["--server", "ftp://x", "--server-model", "m"])
        }
        #expect(throws: CLIError.usage("--server-model, --api-key and --required-calls need --server URL")) { try flags(["--api-key", "k"]) }
        // How a required tool call is asked for: as told, or (untold) tool_choice for a server
        // that is not llama-server (nothing listens here, so nothing says it is).
        let told = try flags(["--server", "http://127.0.0.1:1/v1", "--server-model", "m", "--required-calls", "response-format"])
        #expect(told.requiredCalls == .responseFormat)
        #expect((try await told.makeModel() as? OpenAICompatibleLanguageModel)?.configuration.requiredToolCalls == .responseFormat)
        let untold = try flags(["--server", "http://127.0.0.1:1/v1", "--server-model", "m"])
        #expect((try await untold.makeModel() as? OpenAICompatibleLanguageModel)?.configuration.requiredToolCalls == .toolChoice)
        #expect(throws: CLIError.usage("--required-calls takes tool-choice or response-format, got 'json'")) {
            try flags(["--server", "http://x/v1", "--required-calls", "json"])
        }
        #expect(throws: CLIError.usage("--server-model, --api-key and --required-calls need --server URL")) {
            try flags(["--required-calls", "tool-choice"])
        }
        #expect(ServerModelLookup.ServedModel(id: "qwen", ownedBy: "llamacpp").isLlamaServer)
        #expect(!ServerModelLookup.ServedModel(id: "qwen", ownedBy: "vllm").isLlamaServer)
        #expect(throws: CLIError.usage("--server cannot be combined with --model, --adapter or --speculation")) {
            try flags(["--server", "http://x/v1", "--server-model", "m", "--model", "a.gguf"])
        }
    }

    @Test func serveOptions() throws {
        var defaults = CommandLineArguments([])
        let plain = try ServeCommand(arguments: &defaults)
        #expect(plain.host == "127.0.0.1" && plain.port == 1976 && plain.parallel == 4 && plain.queueLimit == 16)
        var words = CommandLineArguments([
            "--host", "0.0.0.0", "--port", "0", "--parallel", "2", "--queue", "0", "--api-key", "k", "--adapter", "a.gguf", "--adapter", "b.gguf",
            "--request-timeout", "5", "--grace-period", "3", "--context-size", "2048"
        ])
        let serve = try ServeCommand(arguments: &words)
        #expect(serve.host == "0.0.0.0" && serve.port == 0 && serve.parallel == 2 && serve.queueLimit == 0)
        #expect(serve.apiKey == "k" && serve.adapterPaths == ["a.gguf", "b.gguf"])
        #expect(serve.requestTimeout == 5 && serve.gracePeriod == 3 && serve.contextSize == 2048)
        for (bad, message) in [
            (["--port", "70000"], "--port must be from 0 to 65535"), (["--parallel", "0"], "--parallel must be at least 1"),
            (["--queue", "-1"], "--queue must not be negative"), (["--verbose"], "serve: unknown option '--verbose'")
        ] {
            var arguments = CommandLineArguments(bad)
            #expect(throws: CLIError.usage(message)) { try ServeCommand(arguments: &arguments) }
        }
    }

    @Test func exitCodesTellErrorKindsApart() {
        #expect(CLIError.failed("x", kind: .modelUnavailable).exitCode == 5)
        typealias GenerationError = LanguageModelSession.GenerationError
        #expect(CLIError.kind(of: GenerationError.exceededContextWindowSize(.init(debugDescription: ""))) == .contextExceeded)
        #expect(CLIError.kind(of: GenerationError.rateLimited(.init(debugDescription: ""))) == .rateLimited)
        #expect(CLIError.kind(of: GenerationError.assetsUnavailable(.init(debugDescription: ""))) == .modelUnavailable)
        #expect(CLIError.kind(of: GenerationError.decodingFailure(.init(debugDescription: ""))) == .schema)
        #expect(CLIError.kind(of: CancellationError()) == .general)
        #expect(Set(CLIError.Kind.allCases.map(\.rawValue)).count == CLIError.Kind.allCases.count)
        #expect(FM.usage.contains("EXIT CODES") && FM.usage.contains("  4   the conversation does not fit the context"))
    }

    @Test func everyCommandHasItsHelp() {
        for command in ["respond", "stream", "chat", "serve", "schema", "models", "notes", "availability", "eval", "bench"] {
            let help = FM.commandUsage(command) ?? ""
            #expect(help.contains("fm \(command)") || help.contains("fm schema"), "\(command): \(help)")
        }
        #expect(FM.commandUsage("nonsense") == nil)
        // The bench's parts and options are on its own page, not in fm --help.
        let bench = FM.commandUsage("bench") ?? ""
        for part in ["throughput", "sessions", "guided", "schemas", "serve", "speculation", "contention", "job", "spotlight"] {
            #expect(bench.contains("\n  \(part) "), "\(part)")
        }
        #expect(!FM.usage.contains("--serve-max-tokens") && bench.contains("--serve-max-tokens"))
    }

    @Test func schemaObjectWritesApplesShapeAndTheDecoderAcceptsIt() throws {
        var arguments = CommandLineArguments([
            "object", "--name", "Person", "--string", "name", "--description", "Full name", "--int", "age", "--double", "height",
            "--bool", "retired", "--optional", "--string", "pets", "--array", "--optional",
            "--object", "home", "--schema", #"{"type": "object", "title": "Address", "properties": {"city": {"type": "string"}}, "required": ["city"]}"#
        ])
        let command = try SchemaCommand(arguments: &arguments)
        let schema = command.schema
        #expect(schema["title"] == .string("Person"))
        #expect(schema["required"] == .array([.string("name"), .string("age"), .string("height"), .string("home")]))
        #expect(schema["x-order"]?.arrayValue?.count == 6)
        #expect(schema["additionalProperties"] == .bool(false))
        #expect(schema["properties"]?["pets"]?["items"]?["type"] == .string("string"))
        #expect(schema["properties"]?["home"]?["$ref"] == .string("#/$defs/Address"))
        #expect(schema["properties"]?["name"]?["description"] == .string("Full name"))
        let imported = try SchemaFile.load(schema.jsonText())
        _ = imported

        let errors: [([String], String)] = [
            (["object", "--string", "a"], "schema object needs --name NAME"),
            (["object", "--name", "X"], "schema object needs at least one property (--string NAME, --int NAME, …)"),
            (["object", "--name", "X", "--array"], "--array applies to the property before it; declare one first"),
            (["object", "--name", "X", "--string", "a", "--int", "a"], "schema object: the property 'a' is declared twice"),
            (["array", "--name", "X"], "fm schema makes objects: fm schema object --name NAME …, got 'array'")
        ]
        for (words, message) in errors {
            var bad = CommandLineArguments(words)
            #expect(throws: CLIError.usage(message)) { try SchemaCommand(arguments: &bad) }
        }
    }

    @Test func modelsListsGGUFFilesWithSizesAndMarksTheDefault() throws {
        let folder = try ScratchFolder.make("fm-models")
        try Data(count: 2_500_000).write(to: folder.appendingPathComponent("b.gguf"))
        try Data(count: 10).write(to: folder.appendingPathComponent("a.gguf"))
        try Data(count: 10).write(to: folder.appendingPathComponent("notes.txt"))
        let lines = ModelsCommand.lines(folder: folder, defaultPath: folder.appendingPathComponent("b.gguf").path)
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix(" ") && lines[0].hasSuffix("a.gguf"))
        #expect(lines[1].hasPrefix("*") && lines[1].contains("2.5 MB") && lines[1].hasSuffix("b.gguf"))
    }

    @Test func usageErrorsExitWith64() {
        #expect(CLIError.usage("x").exitCode == 64)
        #expect(CLIError.failed("x").exitCode == 1)
    }

    @Test func benchOptions() throws {
        var arguments = CommandLineArguments(["--json", "--repeats", "5", "--threads", "1"])
        let bench = try BenchCommand(arguments: &arguments)
        #expect(bench.json && bench.repeats == 5 && bench.threads == 1)
        var bad = CommandLineArguments(["--repeats", "0"])
        #expect(throws: CLIError.self) { try BenchCommand(arguments: &bad) }
        #expect(bench.runsThroughput && bench.runsSessions)
    }

    @Test func benchRunsOnePartWhenAsked() throws {
        var sessions = CommandLineArguments(["--only", "sessions"])
        let sessionsOnly = try BenchCommand(arguments: &sessions)
        #expect(sessionsOnly.runsSessions && !sessionsOnly.runsThroughput)
        var throughput = CommandLineArguments(["--only", "throughput"])
        let throughputOnly = try BenchCommand(arguments: &throughput)
        #expect(throughputOnly.runsThroughput && !throughputOnly.runsSessions && !throughputOnly.runsGuided)
        var guided = CommandLineArguments(["--only", "guided", "--schema-limit", "20", "--no-reference"])
        let guidedOnly = try BenchCommand(arguments: &guided)
        #expect(guidedOnly.runsGuided && !guidedOnly.runsSessions && !guidedOnly.runsThroughput)
        #expect(guidedOnly.schemaLimit == 20 && !guidedOnly.withReference)
        var speculation = CommandLineArguments(["--only", "speculation"])
        let everyPair = try BenchCommand(arguments: &speculation)
        #expect(everyPair.runsSpeculation && !everyPair.measuresChosenSpeculationOnly && everyPair.speculation == .promptLookup)
        var chosen = CommandLineArguments(["--only", "speculation", "--speculation", "lookup:8"])
        let onePair = try BenchCommand(arguments: &chosen)
        #expect(onePair.measuresChosenSpeculationOnly && onePair.speculation == .promptLookup(maximumDraftLength: 8))
        var bad = CommandLineArguments(["--only", "everything"])
        #expect(
            throws: CLIError.usage("--only takes throughput, sessions, guided, schemas, serve, speculation, contention, job or spotlight, got 'everything'")
        ) {
            try BenchCommand(arguments: &bad)
        }
        var spotlight = CommandLineArguments(["--only", "spotlight", "--notes", "500", "--searches", "40"])
        let spotlightOnly = try BenchCommand(arguments: &spotlight)
        #expect(spotlightOnly.runsSpotlight && !spotlightOnly.runsThroughput && !spotlightOnly.runsGuided && !spotlightOnly.runsJob)
        #expect(spotlightOnly.spotlightNotes == 500 && spotlightOnly.spotlightSearches == 40)
        var noNotes = CommandLineArguments(["--only", "spotlight", "--notes", "0"])
        #expect(throws: CLIError.usage("bench counts must be positive")) { try BenchCommand(arguments: &noNotes) }
        var schemas = CommandLineArguments(["--only", "schemas", "--schemas", NSTemporaryDirectory(), "--per-subset", "3", "--max-tokens", "64"])
        let userPath = try BenchCommand(arguments: &schemas)
        #expect(userPath.runsSchemaPath && !userPath.runsGuided && userPath.perSubset == 3 && userPath.maximumTokens == 64)
        var folderless = CommandLineArguments(["--only", "schemas"])
        #expect(throws: CLIError.usage("--only schemas needs --schemas DIR (a JSONSchemaBench folder)")) { try BenchCommand(arguments: &folderless) }
        var missing = CommandLineArguments(["--schemas", "/nonexistent/folder"])
        #expect(throws: CLIError.self) { try BenchCommand(arguments: &missing) }
    }

    @Test func speculationIsAnOptionOfTheLocalModel() throws {
        let parsed = try flags(["--speculation", "lookup:3", "hello"])
        #expect(parsed.speculation == .promptLookup(maximumDraftLength: 3))
        #expect(try flags(["--speculation", "none"]).speculation == LocalModelSettings.Speculation.none)
        #expect(throws: CLIError.usage("--speculation takes none, lookup, lookup:N, draft:MODEL or draft:MODEL:N, got 'fast'")) {
            try flags(["--speculation", "fast"])
        }
        #expect(try flags(["--speculation", "draft:/m/small.gguf:4", "hello"]).speculation == .draftModel("/m/small.gguf", maximumDraftLength: 4))
        #expect(throws: CLIError.usage("--server cannot be combined with --model, --adapter or --speculation")) {
            try flags(["--server", "http://127.0.0.1:1/v1", "--server-model", "m", "--speculation", "lookup"])
        }
        var serve = CommandLineArguments(["--speculation", "lookup"])
        #expect(try ServeCommand(arguments: &serve).speculation == .promptLookup)
        var bench = CommandLineArguments(["--only", "speculation", "--speculation", "lookup:4"])
        let speculationOnly = try BenchCommand(arguments: &bench)
        #expect(speculationOnly.runsSpeculation && !speculationOnly.runsSessions && !speculationOnly.runsServe)
        #expect(speculationOnly.speculation.maximumDraftLength == 4)
        var contention = CommandLineArguments(["--only", "contention"])
        let contentionOnly = try BenchCommand(arguments: &contention)
        #expect(contentionOnly.runsContention && !contentionOnly.runsSpeculation && !contentionOnly.runsThroughput)
        var none = CommandLineArguments(["--speculation", "none"])
        #expect(throws: CLIError.self) { try BenchCommand(arguments: &none) }
    }

    @Test func theHostDescriptionReadsTheCPUNameAndItsVectorFlags() throws {
        let path = try ScratchFolder.file("cpuinfo").path
        try "processor\t: 0\nmodel name\t: Example Xeon 9000\nflags\t\t: fpu sse4_2 avx2 avx512f amx_tile vme\n".write(
            toFile: path, atomically: true, encoding: .utf8)
        let host = HostDescription.current(cpuinfo: path)
        #expect(host.cpu == "Example Xeon 9000")
        #expect(host.flags == ["amx_tile", "avx2", "avx512f", "sse4_2"])
        #expect(host.cores == ProcessInfo.processInfo.activeProcessorCount)
        #expect(host.line.hasPrefix("host: Example Xeon 9000, \(host.cores) cores, amx_tile avx2 avx512f sse4_2"))
        #expect((host.jsonObject["flags"] as? [String]) == host.flags)
    }
}
