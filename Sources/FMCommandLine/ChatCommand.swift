import Foundation
import FoundationModels

/// `fm chat`: a read-eval-print loop keeping one session, streaming each answer, with commands to
/// save and load the conversation, switch model or instructions, and show usage.
struct ChatCommand {
    let flags: GenerationFlags

    init(arguments: inout CommandLineArguments) throws {
        flags = try GenerationFlags(parsing: &arguments)
        if !flags.positional.isEmpty { throw CLIError.usage("chat takes no prompt; type it at the > prompt") }
    }

    static let usage = """
        fm chat: a conversation in one session; each answer streams as it is generated.

        USAGE: fm chat [options]

        COMMANDS (at the > prompt):
          /save FILE            save the conversation (the transcript, in Apple's JSON format)
          /load FILE            continue a saved conversation (its cache is prefilled); /resume FILE too
          /model PATH           continue the conversation on another GGUF model
          /instructions TEXT    continue the conversation with new instructions
          /usage                tokens used so far (prompt, cached, generated)
          /clear                start over (same model and instructions)
          /help                 this list
          /quit, /exit, /q      leave

        """ + GenerationFlags.help

    static let commandHelp = usage.components(separatedBy: "COMMANDS (at the > prompt):\n")[1].components(separatedBy: "\n\nOPTIONS")[0]

    func run() async throws {
        if flags.wantsHelp {
            print(Self.usage)
            return
        }
        let schema = try flags.schemaPath.map(SchemaFile.load)
        var state = ChatState(model: try await flags.makeModel(), instructions: flags.instructions)
        state.session.prewarm()
        let interactive = isatty(STDIN_FILENO) != 0
        while true {
            if interactive { FileHandle.standardOutput.write(Data("> ".utf8)) }
            guard let line = readLine() else { break }
            let prompt = line.trimmingCharacters(in: .whitespaces)
            if prompt.isEmpty { continue }
            if prompt.hasPrefix("/") {
                do {
                    guard try await state.perform(command: prompt, flags: flags) else { break }
                } catch let error as CLIError {
                    FileHandle.standardError.write(Data("fm: \(error.description)\n".utf8))
                }
                continue
            }
            do {
                if let schema {
                    var last = ""
                    for try await snapshot in state.session.streamResponse(to: prompt, schema: schema, options: flags.options) {
                        last = snapshot.rawContent.jsonString
                    }
                    print(last)
                } else {
                    var printed = ""
                    for try await snapshot in state.session.streamResponse(to: prompt, options: flags.options) {
                        let text = snapshot.content
                        FileHandle.standardOutput.write(Data(text.dropFirst(printed.count).utf8))
                        printed = text
                    }
                    print()
                }
            } catch let error as LanguageModelSession.GenerationError {
                // The session stays usable: report and keep going.
                FileHandle.standardError.write(Data("fm: \(CLIError.describe(error))\n".utf8))
            }
        }
    }
}

/// What `fm chat` holds between lines: the session, and the model and instructions to rebuild it.
struct ChatState {
    var model: any LanguageModel
    var instructions: String?
    var session: LanguageModelSession

    init(model: any LanguageModel, instructions: String?) {
        self.model = model
        self.instructions = instructions
        session = LanguageModelSession(model: model, instructions: instructions)
    }

    /// Runs a `/command`; `false` when the chat should end.
    ///
    /// - Throws: ``CLIError`` for a command that cannot be done (the conversation is unchanged).
    mutating func perform(command line: String, flags: GenerationFlags) async throws -> Bool {
        let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
        let argument = parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : ""
        switch parts[0] {
        case "/quit", "/exit", "/q":
            return false
        case "/help":
            print(ChatCommand.commandHelp)
        case "/clear":
            session = LanguageModelSession(model: model, instructions: instructions)
            print("(a new conversation)")
        case "/save":
            guard !argument.isEmpty else { throw CLIError.usage("/save needs a file name") }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted]
            do {
                try encoder.encode(session.transcript).write(to: URL(fileURLWithPath: argument))
            } catch {
                throw CLIError.failed("cannot save to \(argument): \(error.localizedDescription)")
            }
            print("(saved \(session.transcript.count) entries to \(argument))")
        case "/load", "/resume":
            guard !argument.isEmpty else { throw CLIError.usage("\(parts[0]) needs a file name") }
            guard let data = FileManager.default.contents(atPath: argument) else { throw CLIError.failed("cannot read \(argument)") }
            let transcript: Transcript
            do {
                transcript = try JSONDecoder().decode(Transcript.self, from: data)
            } catch {
                throw CLIError.failed("\(argument) is not a saved conversation: \(CLIError.describe(error))")
            }
            session = LanguageModelSession(model: model, transcript: transcript)
            session.prewarm()
            if case .instructions(let entry)? = transcript.first {
                instructions = entry.segments.compactMap { if case .text(let text) = $0 { text.content } else { nil } }.joined()
            }
            print("(loaded \(transcript.count) entries from \(argument))")
        case "/model":
            guard !argument.isEmpty else { throw CLIError.usage("/model needs the path of a GGUF model") }
            guard flags.serverURL == nil else { throw CLIError.usage("/model switches local models; this chat runs on --server") }
            guard FileManager.default.isReadableFile(atPath: argument) else {
                throw CLIError.failed("cannot read the model \(argument)", kind: .modelUnavailable)
            }
            var settings = LocalModelSettings.current
            settings.modelPath = argument
            LocalModelSettings.current = settings
            let next = SystemLanguageModel.default
            if case .unavailable(let reason) = next.availability {
                throw CLIError.failed(AvailabilityCommand.explain(reason, settings: settings), kind: .modelUnavailable)
            }
            model = next
            session = LanguageModelSession(model: next, transcript: session.transcript)
            session.prewarm()
            print("(now on \(argument))")
        case "/instructions":
            guard !argument.isEmpty else { throw CLIError.usage("/instructions needs the new instructions") }
            instructions = argument
            var entries = Array(session.transcript)
            if case .instructions? = entries.first { entries.removeFirst() }
            let newInstructions = Transcript.Instructions(segments: [.text(Transcript.TextSegment(content: argument))], toolDefinitions: [])
            session = LanguageModelSession(model: model, transcript: Transcript(entries: [.instructions(newInstructions)] + entries))
            session.prewarm()
            print("(instructions set)")
        case "/usage":
            let usage = session.usage
            print(
                "(prompt tokens \(usage.input.totalTokenCount), of which cached \(usage.input.cachedTokenCount); "
                    + "generated tokens \(usage.output.totalTokenCount))")
        default:
            throw CLIError.usage("unknown command \(parts[0]) (/help lists them)")
        }
        return true
    }
}
