import Foundation
import FoundationModels

/// `fm notes [FILE]`: the Smart Notes job — summarize meeting notes (from FILE, standard input,
/// or built-in sample notes) on the default model.
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
        flags.instructions = flags.instructions ?? """
        You are a concise meeting assistant. Summarize notes in one short paragraph, then list the \
        action items with their owners. Do not invent details that are not present.
        """
        let session = try flags.makeSession()
        let response = try await session.respond(to: "Summarize these notes:\n\n\(try notes())", options: flags.options)
        print(response.content)
    }
}
