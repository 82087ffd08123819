import Foundation
import FoundationModels

/// `fm chat`: a read-eval-print loop keeping one session, streaming each answer.
struct ChatCommand {
    let flags: GenerationFlags

    init(arguments: inout CommandLineArguments) throws {
        flags = try GenerationFlags(parsing: &arguments)
        if !flags.positional.isEmpty { throw CLIError.usage("chat takes no prompt; type it at the > prompt") }
    }

    func run() async throws {
        let session = try flags.makeSession()
        session.prewarm()
        let interactive = isatty(STDIN_FILENO) != 0
        while true {
            if interactive { FileHandle.standardOutput.write(Data("> ".utf8)) }
            guard let line = readLine() else { break }
            let prompt = line.trimmingCharacters(in: .whitespaces)
            if prompt.isEmpty { continue }
            if prompt == "/quit" || prompt == "/exit" { break }
            do {
                var printed = ""
                for try await snapshot in session.streamResponse(to: prompt, options: flags.options) {
                    let text = snapshot.content
                    FileHandle.standardOutput.write(Data(text.dropFirst(printed.count).utf8))
                    printed = text
                }
                print()
            } catch let error as LanguageModelSession.GenerationError {
                // The session stays usable: report and keep going.
                FileHandle.standardError.write(Data("fm: \(CLIError.describe(error))\n".utf8))
            }
        }
    }
}
