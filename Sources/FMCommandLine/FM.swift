import Foundation
import FoundationModels
import FoundationModelsCore

/// The `fm` command-line tool: Apple's Foundation Models API on local models, from the shell.
/// The `fm` command: parses the arguments and runs a command (the executable's whole body).
package enum FM {
    static var usage: String { mainUsage }

    private static let mainUsage = """
        fm: Foundation Models on local GGUF models.

        USAGE:
          fm notes [options] [FILE]        summarize meeting notes (FILE, - for stdin, or sample notes)
          fm respond [options] [PROMPT]    print the model's answer to PROMPT (or to standard input)
          fm stream [options] [PROMPT]     print the answer as it is generated
          fm chat [options]                a conversation in one session (type /quit to leave)
          fm serve [serve options]         an OpenAI-compatible server on the model (port 1976) with a
                                           page to try it; fm serve --help lists its options
          fm schema object --name NAME …   write a JSON Schema for --schema (fm schema object --help)
          fm trace FILE [--sort tokens]    the requests a trace file recorded, as a table (--detail: each
                                           request's rounds, tool calls and text); record one with
                                           --trace FILE on respond, stream, notes or chat, or FM_TRACE=FILE
          fm models                        the models set-up installed, their sizes and paths
          fm eval run [FEATURE…] [options] the seed app's evaluation suite (summaries, tagging, action-items,
                                           ask-my-notes, sign-photos, trip-reports) on the model: pass rates,
                                           seconds per answer, results saved as JSON (--limit N, -o DIR;
                                           fm eval --help lists the options)
          fm eval report FILE… [-o OUT]    an HTML report of evaluation results (EvaluationResult.saveJSON
                                           files, or .jsonl); two or more files are compared side by side
          fm eval summary FILE…            the statistics of evaluation results, as text
          fm availability                  print whether the default model is available, and which
                                           llama.cpp build runs it (variant, self-test, CPU)
          fm bench [--json] [options]      measure speed beside llama.cpp's own tools (llama-bench,
                                           llama-server, llguidance); fm bench --help lists the parts

        \(GenerationFlags.help)

        EXIT CODES:
        \(CLIError.exitCodeHelp)
        """

    /// The help of one command, or `nil` for an unknown one.
    static func commandUsage(_ command: String) -> String? {
        switch command {
        case "respond": RespondCommand.usage(streaming: false)
        case "stream": RespondCommand.usage(streaming: true)
        case "chat": ChatCommand.usage
        case "serve": ServeCommand.usage
        case "schema": SchemaCommand.usage
        case "trace": TraceCommand.usage
        case "models": "fm models: the GGUF models set-up installed, their sizes and paths (* marks the default)."
        case "bench": BenchCommand.usage
        case "eval": EvalCommand.usage
        case "notes", "availability":
            "USAGE:\n"
                + mainUsage.components(separatedBy: "\n").drop { !$0.hasPrefix("  fm \(command)") }
                .prefix { $0.hasPrefix("  fm \(command)") || $0.hasPrefix("      ") }.joined(separator: "\n")
                + (command == "notes" || command == "availability" ? "\n\n" + GenerationFlags.help : "")
        default: nil
        }
    }

    /// `--trace FILE` (any command): records every request to FILE in Chrome's trace-event
    /// format, as `FM_TRACE=FILE` does; `--trace-content` records the text too.
    static func installTracing(from arguments: inout CommandLineArguments) throws {
        if arguments.removeFlag("--trace-content") { RequestTracing.recordsContent = true }
        guard let path = try arguments.removeOption("--trace") else { return }
        do {
            RequestTracing.addObserver(try ChromeTraceFile(path: path))
        } catch {
            throw CLIError.usage("--trace: cannot write \(path): \(error.localizedDescription)")
        }
    }

    /// Runs `fm` with the process's arguments and exits with its status.
    package static func main() async {
        CrashHint.install()
        var arguments = CommandLineArguments(Array(CommandLine.arguments.dropFirst()))
        do {
            guard let command = arguments.next() else {
                print(usage)
                exit(0)
            }
            if arguments.contains(where: { $0 == "-h" || $0 == "--help" }), let help = commandUsage(command) {
                print(help)
                exit(0)
            }
            if command != "trace" { try installTracing(from: &arguments) }
            switch command {
            case "trace": try TraceCommand(arguments: &arguments).run()
            case "schema": try SchemaCommand(arguments: &arguments).run()
            case "models": try ModelsCommand(arguments: &arguments).run()
            case "notes": try await NotesCommand(arguments: &arguments).run()
            case "respond": try await RespondCommand(arguments: &arguments, streaming: false).run()
            case "stream": try await RespondCommand(arguments: &arguments, streaming: true).run()
            case "chat": try await ChatCommand(arguments: &arguments).run()
            case "serve": try await ServeCommand(arguments: &arguments).run()
            case "availability": try AvailabilityCommand(arguments: &arguments).run()
            case "eval": try await EvalCommand(arguments: &arguments).run()
            case "bench": try await BenchCommand(arguments: &arguments).run()
            case "-h", "--help", "help": print(usage)
            default: throw CLIError.usage("unknown command '\(command)'")
            }
            // The spans of the last requests go out before the process ends (FM_OTLP_ENDPOINT).
            await OTLPTraceExporter.environment?.flush()
        } catch let error as CLIError {
            FileHandle.standardError.write(Data("fm: \(error.description)\n".utf8))
            await OTLPTraceExporter.environment?.flush()
            exit(error.exitCode)
        } catch {
            FileHandle.standardError.write(Data("fm: \(CLIError.describe(error))\n".utf8))
            await OTLPTraceExporter.environment?.flush()
            exit(CLIError.kind(of: error).rawValue)
        }
    }
}
