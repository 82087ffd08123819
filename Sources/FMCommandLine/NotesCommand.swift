import Foundation
import FoundationModels
import SmartNotes

/// `fm notes [FILE]`: the Smart Notes job of the seed tutorial — meeting notes (from FILE,
/// standard input, or built-in sample notes) in, a typed `NotesDigest` out, with owners resolved
/// through `TeamDirectoryTool`.
///
/// The session asks in three turns (`NotesDigester`), as one would ask a small model: who the
/// notes name, then one lookup with those names (`.required`: the model must call the tool), then
/// the digest (`.disallowed`), which takes the full names from the lookup in the transcript.
/// Decoding is greedy unless a sampling option is given.
struct NotesCommand {
    let flags: GenerationFlags

    static let sampleNotes = """
        Weekly sync, product team.
        Discussed the Q3 launch. Sara to finalize pricing by Friday.
        Youssef needs to fix the login bug before the release — urgent.
        Lina will share the new onboarding mockups next week.
        Budget review moved to next month.
        """

    init(arguments: inout CommandLineArguments) throws {
        flags = try GenerationFlags(parsing: &arguments)
        if flags.positional.count > 1 { throw CLIError.usage("notes takes at most one file") }
    }

    func notes() throws -> String {
        if let path = flags.positional.first {
            if path == "-" { return String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self) }
            guard let data = FileManager.default.contents(atPath: path) else { throw CLIError.failed("cannot read \(path)") }
            return String(decoding: data, as: UTF8.self)
        }
        return Self.sampleNotes
    }

    func run() async throws {
        var flags = flags
        flags.instructions = flags.instructions ?? NotesDigester.defaultInstructions
        // The local model, or with `--server` the same flow on an OpenAI-compatible server (what
        // `fm bench --only job` runs on llama-server).
        let model = try await flags.makeModel()
        var options = flags.options
        // A demo of a small model reads best deterministic: greedy unless sampling is asked for.
        if options.samplingMode == nil, options.temperature == nil { options.samplingMode = .greedy }
        let digest = try await NotesDigester(model: model, instructions: flags.instructions).digest(of: try notes(), options: options).content
        print(digest.summary)
        print()
        for item in digest.actionItems {
            print("- \(item.task) (\(item.owner), \(item.priority) priority)")
        }
    }
}
