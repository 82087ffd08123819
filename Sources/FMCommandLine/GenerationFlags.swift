import Foundation
import FoundationModels

/// The options shared by `respond`, `stream` and `chat`: model, instructions and sampling.
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
    /// Words that are not options (the prompt).
    var positional: [String] = []

    /// Parses options until the arguments run out.
    init(parsing arguments: inout CommandLineArguments) throws {
        while let word = arguments.next() {
            switch word {
            case "--instructions": instructions = try arguments.value(for: word)
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
    }

    /// The generation options the flags ask for.
    var options: GenerationOptions {
        var sampling: GenerationOptions.SamplingMode?
        if greedy {
            sampling = .greedy
        } else if let topK {
            sampling = .random(top: topK, seed: seed)
        } else if let topP {
            sampling = .random(probabilityThreshold: topP, seed: seed)
        } else if let seed {
            sampling = .random(probabilityThreshold: 0.95, seed: seed)
        }
        return GenerationOptions(samplingMode: sampling, temperature: temperature, maximumResponseTokens: maximumTokens)
    }

    /// Applies `--model`, `--context-size` and `--allow-loops` to the default model's settings.
    func configureModel() {
        var settings = LocalModelSettings.current
        if let modelPath { settings.modelPath = modelPath }
        if let contextSize { settings.contextSize = contextSize }
        if allowsLoops { settings.breaksLoops = false }
        LocalModelSettings.current = settings
    }

    /// A session on the default model (with `--adapter`'s LoRA adapter) and the flags' instructions.
    func makeSession() throws -> LanguageModelSession {
        configureModel()
        var model = SystemLanguageModel.default
        if let adapterPath {
            do {
                model = SystemLanguageModel(adapter: try SystemLanguageModel.Adapter(fileURL: URL(fileURLWithPath: adapterPath)))
            } catch {
                throw CLIError.failed("--adapter: \(error.localizedDescription)")
            }
        }
        if case .unavailable(let reason) = model.availability {
            throw CLIError.failed(AvailabilityCommand.explain(reason, settings: LocalModelSettings.current))
        }
        return LanguageModelSession(model: model, instructions: instructions)
    }
}
