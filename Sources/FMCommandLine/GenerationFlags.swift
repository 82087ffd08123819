import Foundation
import FoundationModels
import FoundationModelsCore

/// The options shared by `respond`, `stream` and `chat`: model (local or a server), instructions,
/// sampling, schema and output format.
struct GenerationFlags: Equatable {
    var instructions: String?
    var modelPath: String?
    var contextSize: Int?
    var temperature: Double?
    var greedy = false
    var topK: Int?
    var topP: Double?
    var seed: UInt64?
    var maximumTokens: Int?
    var schemaPath: String?
    var adapterPath: String?
    /// `--allow-loops`: guided values that repeat themselves are not steered to their end.
    var allowsLoops = false
    /// `--speculation none|lookup|lookup:N`: prompt-lookup speculative decoding on the local model.
    var speculation: LocalModelSettings.Speculation?
    /// `--server URL`: an OpenAI-compatible server instead of the local model.
    var serverURL: String?
    /// `--server-model NAME`: the model the server is asked for; without it, the first model the
    /// server lists (``ServerModelLookup``).
    var serverModel: String?
    /// `--api-key KEY`: the server's bearer token.
    var apiKey: String?
    /// `--required-calls tool-choice|response-format`: how a round that must call a tool asks the
    /// server for the call; without it, `response-format` for llama-server and `tool-choice` for
    /// any other server.
    var requiredCalls: OpenAICompatibleLanguageModel.RequiredToolCalls?
    /// `--json`: one JSON object with content, usage and timings instead of the bare answer.
    var json = false
    /// `-h`/`--help` was given.
    var wantsHelp = false
    /// Words that are not options (the prompt).
    var positional: [String] = []

    /// Parses options until the arguments run out.
    init(parsing arguments: inout CommandLineArguments) throws {
        while let word = arguments.next() {
            switch word {
            case "--instructions", "-i": instructions = try arguments.value(for: word)
            case "--model": modelPath = try arguments.value(for: word)
            case "--context-size": contextSize = try arguments.number(for: word)
            case "--temperature": temperature = try arguments.number(for: word)
            case "--greedy": greedy = true
            case "--top-k": topK = try arguments.number(for: word)
            case "--top-p": topP = try arguments.number(for: word)
            case "--seed": seed = try arguments.number(for: word)
            case "--max-tokens": maximumTokens = try arguments.number(for: word)
            case "--schema": schemaPath = try arguments.value(for: word)
            case "--adapter": adapterPath = try arguments.value(for: word)
            case "--allow-loops": allowsLoops = true
            case "--speculation":
                let setting = try arguments.value(for: word)
                guard let parsed = LocalModelSettings.Speculation(setting: setting) else {
                    throw CLIError.usage("--speculation takes none, lookup, lookup:N, draft:MODEL or draft:MODEL:N, got '\(setting)'")
                }
                speculation = parsed
            case "--server": serverURL = try arguments.value(for: word)
            case "--server-model": serverModel = try arguments.value(for: word)
            case "--api-key": apiKey = try arguments.value(for: word)
            case "--required-calls":
                let setting = try arguments.value(for: word)
                switch setting {
                case "tool-choice": requiredCalls = .toolChoice
                case "response-format": requiredCalls = .responseFormat
                default: throw CLIError.usage("--required-calls takes tool-choice or response-format, got '\(setting)'")
                }
            case "--json": json = true
            case "-h", "--help": wantsHelp = true
            case "--": while let rest = arguments.next() { positional.append(rest) }
            default:
                if word.hasPrefix("--") { throw CLIError.usage("unknown option '\(word)'") }
                positional.append(word)
            }
        }
        if greedy, topK != nil || topP != nil { throw CLIError.usage("--greedy cannot be combined with --top-k or --top-p") }
        if topK != nil, topP != nil { throw CLIError.usage("--top-k and --top-p cannot be combined") }
        if let maximumTokens, maximumTokens <= 0 { throw CLIError.usage("--max-tokens must be positive") }
        if let contextSize, contextSize <= 0 { throw CLIError.usage("--context-size must be positive") }
        if serverURL != nil {
            guard let url = serverURL.flatMap(URL.init(string:)), url.scheme == "http" || url.scheme == "https" else {
                throw CLIError.usage("--server needs an http(s) URL such as http://127.0.0.1:1976/v1")
            }
            if modelPath != nil || adapterPath != nil || speculation != nil {
                throw CLIError.usage("--server cannot be combined with --model, --adapter or --speculation")
            }
        } else if serverModel != nil || apiKey != nil || requiredCalls != nil {
            throw CLIError.usage("--server-model, --api-key and --required-calls need --server URL")
        }
    }

    /// The generation options the flags ask for, translated as `fm serve` translates a request's
    /// (`SamplingKnobs`); `--greedy` is temperature 0.
    var options: GenerationOptions {
        SamplingKnobs(temperature: greedy ? 0 : temperature, topP: topP, topK: topK, seed: seed, maximumTokens: maximumTokens).generationOptions
    }

    /// Applies `--model`, `--context-size`, `--allow-loops` and `--speculation` to the default
    /// model's settings.
    func configureModel() {
        var settings = LocalModelSettings.current
        if let modelPath { settings.modelPath = ModelCatalog.resolve(modelPath) }
        if let contextSize { settings.contextSize = contextSize }
        if allowsLoops { settings.breaksLoops = false }
        if let speculation { settings.speculation = speculation }
        LocalModelSettings.current = settings
    }

    /// The model the flags name: a server's (`--server`, with `--server-model` or else the first
    /// model the server lists), or the local model with `--adapter`'s LoRA adapter.
    ///
    /// - Throws: ``CLIError`` with the model-unavailable kind when the local model cannot run, or
    ///   the server cannot say which model it serves.
    func makeModel() async throws -> any LanguageModel {
        if let serverURL, let url = URL(string: serverURL) {
            var listed: ServerModelLookup.ServedModel?
            if serverModel == nil || requiredCalls == nil {
                do {
                    listed = try await ServerModelLookup.firstModel(baseURL: url, apiKey: apiKey, timeout: serverModel == nil ? 30 : 5)
                } catch {
                    // With a model named, the list only tells llama-server apart: a server without
                    // one is asked with `tool_choice` alone.
                    if serverModel == nil { throw CLIError.failed("--server: \(error)", kind: .modelUnavailable) }
                }
            }
            // llama-server runs local, usually small, models: a required call goes as the
            // response format, and an answer round gets its tool outputs folded into its prompt.
            let isLlamaServer = listed?.isLlamaServer == true
            let configuration = OpenAICompatibleLanguageModel.Configuration(
                baseURL: url, model: serverModel ?? listed?.id ?? "", apiKey: apiKey,
                requiredToolCalls: requiredCalls ?? (isLlamaServer ? .responseFormat : .toolChoice), foldsAnsweredToolCalls: isLlamaServer)
            return OpenAICompatibleLanguageModel(configuration: configuration)
        }
        configureModel()
        var model = SystemLanguageModel.default
        if let adapterPath {
            do {
                model = SystemLanguageModel(adapter: try SystemLanguageModel.Adapter(fileURL: URL(fileURLWithPath: adapterPath)))
            } catch {
                throw CLIError.failed("--adapter: \(error.localizedDescription)", kind: .modelUnavailable)
            }
        }
        if case .unavailable(let reason) = model.availability {
            throw CLIError.failed(AvailabilityCommand.explain(reason, settings: LocalModelSettings.current), kind: .modelUnavailable)
        }
        return model
    }

    /// A session on the flags' model with the flags' instructions.
    func makeSession() async throws -> LanguageModelSession {
        LanguageModelSession(model: try await makeModel(), instructions: instructions)
    }

    /// The options `respond`, `stream` and `chat` share, for their `--help`.
    static let help = """
        OPTIONS:
          -i, --instructions TEXT  instructions for the session (the system message)
          --model PATH          the GGUF model file (default: FM_MODEL or the Qwen2.5 model of scripts/setup.sh)
          --adapter PATH        apply a LoRA adapter (GGUF file or .fmadapter folder) to the model
          --context-size N      tokens per session (default 4096)
          --server URL          use an OpenAI-compatible server (llama-server, vLLM, fm serve) instead,
                                e.g. http://127.0.0.1:1976/v1; schemas and tools go through it
          --server-model NAME   the model to ask the server for (with --server; default: the first
                                model the server lists at GET /v1/models)
          --api-key KEY         the server's API key (with --server)
          --required-calls HOW  how a turn that must call a tool asks the server for the call:
                                tool-choice (tool_choice "required") or response-format (the call as
                                the answer's JSON schema, which llama-server enforces; its default,
                                told apart by GET /v1/models, where an answer after a tool call
                                also gets the tool's output folded into the prompt)
          --temperature X       sampling temperature
          --greedy              always choose the most likely token
          --top-k K             sample among the K most likely tokens
          --top-p P             sample from the smallest set of tokens with probability P
          --seed N              seed for random sampling (reproducible output); alone, samples
                                with top-p 0.95, as fm serve does for a request with only a seed
          --max-tokens N        the most tokens to generate
          --schema FILE         answer with JSON following FILE (JSON Schema, Apple's dialect, or what
                                fm schema writes; or the schema itself), enforced token by token; the
                                answer is always complete JSON: it is closed validly before
                                --max-tokens (or the context) runs out, and a schema whose smallest
                                answer cannot fit is refused up front
          --allow-loops         with --schema: let a value that repeats itself ("2000000…",
                                ["a", "a", …]) run on; by default it is steered to its end
          --speculation MODE    none, lookup or lookup:N: guess up to N tokens (2) from the conversation
                                itself and verify them in one model pass (prompt lookup); draft:MODEL
                                or draft:MODEL:N: a smaller model with the same tokens guesses (3);
                                the answer is the same, faster where passes of a few tokens are cheap:
                                guesses are made only where measured pass costs say they pay
                                (default: FM_SPECULATION)
          --trace FILE          record every request to FILE (Chrome trace-event JSON: fm trace FILE,
                                Perfetto); --trace-content records prompts and answers too
          --json                respond and stream: one JSON object with content, usage and timings
          -h, --help            show this help; fm COMMAND --help shows a command's
        """
}
