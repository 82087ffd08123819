import Foundation
import FoundationModels
import JSONValues

/// `fm respond` and `fm stream`: one prompt (the words, or standard input), one answer on stdout.
struct RespondCommand {
    let flags: GenerationFlags
    let streaming: Bool
    let prompt: String

    init(arguments: inout CommandLineArguments, streaming: Bool, standardInput: () -> String? = RespondCommand.readStandardInput) throws {
        flags = try GenerationFlags(parsing: &arguments)
        self.streaming = streaming
        if flags.wantsHelp {
            prompt = ""
            return
        }
        if flags.positional.isEmpty || flags.positional == ["-"] {
            guard let text = standardInput(), !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                throw CLIError.usage("\(streaming ? "stream" : "respond") needs a prompt (as words, or on standard input)")
            }
            prompt = text
        } else {
            prompt = flags.positional.joined(separator: " ")
        }
    }

    static func usage(streaming: Bool) -> String {
        """
        fm \(streaming ? "stream" : "respond"): \(streaming ? "print the answer as it is generated" : "print the model's answer").

        USAGE: fm \(streaming ? "stream" : "respond") [options] [PROMPT…]
               echo PROMPT | fm \(streaming ? "stream" : "respond") [options]

        The prompt is the words after the options, or standard input when there are none (or "-").

        """ + GenerationFlags.help
    }

    /// Standard input, when it is not a terminal.
    static func readStandardInput() -> String? {
        guard isatty(STDIN_FILENO) == 0 else { return nil }
        return String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
    }

    func run() async throws {
        if flags.wantsHelp {
            print(Self.usage(streaming: streaming))
            return
        }
        let session = try await flags.makeSession()
        let schema = try flags.schemaPath.map(SchemaFile.load)
        if flags.json {
            try await printJSON(session: session, schema: schema)
            return
        }
        if let schema {
            if streaming {
                for try await snapshot in session.streamResponse(to: prompt, schema: schema, options: flags.options) {
                    print(snapshot.rawContent.jsonString)
                }
            } else {
                print(try await session.respond(to: prompt, schema: schema, options: flags.options).rawContent.jsonString)
            }
            return
        }
        if streaming {
            var printed = ""
            for try await snapshot in session.streamResponse(to: prompt, options: flags.options) {
                let text = snapshot.content
                if text.hasPrefix(printed) {
                    FileHandle.standardOutput.write(Data(text.dropFirst(printed.count).utf8))
                } else {
                    FileHandle.standardOutput.write(Data(("\n" + text).utf8))
                }
                printed = text
            }
            print()
        } else {
            print(try await session.respond(to: prompt, options: flags.options).content)
        }
    }

    /// `--json`: the answer (a JSON value under `--schema`), usage and timings, as one object.
    private func printJSON(session: LanguageModelSession, schema: GenerationSchema?) async throws {
        let clock = ContinuousClock()
        let start = clock.now
        var firstText: ContinuousClock.Instant?
        let content: JSONValue
        if let schema {
            var last = GeneratedContent(properties: [:])
            for try await snapshot in session.streamResponse(to: prompt, schema: schema, options: flags.options) {
                if firstText == nil { firstText = clock.now }
                last = snapshot.rawContent
            }
            content = (try? JSONReader.read(last.jsonString)) ?? .string(last.jsonString)
        } else {
            var text = ""
            for try await snapshot in session.streamResponse(to: prompt, options: flags.options) {
                if firstText == nil, !snapshot.content.isEmpty { firstText = clock.now }
                text = snapshot.content
            }
            content = .string(text)
        }
        let end = clock.now
        let usage = session.usage
        func seconds(_ duration: Duration) -> JSONValue {
            .number(String(format: "%.4f", Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18))
        }
        var timings = [JSONMember("total_seconds", seconds(end - start))]
        if let firstText {
            timings.append(JSONMember("time_to_first_token_seconds", seconds(firstText - start)))
            let generating = Double((end - firstText).components.seconds) + Double((end - firstText).components.attoseconds) / 1e18
            if usage.output.totalTokenCount > 1, generating > 0 {
                timings.append(JSONMember("tokens_per_second", .number(String(format: "%.2f", Double(usage.output.totalTokenCount - 1) / generating))))
            }
        }
        let object = JSONValue.object([
            JSONMember("content", content),
            JSONMember(
                "usage",
                .object([
                    JSONMember("prompt_tokens", .number(String(usage.input.totalTokenCount))),
                    JSONMember("cached_prompt_tokens", .number(String(usage.input.cachedTokenCount))),
                    JSONMember("completion_tokens", .number(String(usage.output.totalTokenCount)))
                ])),
            JSONMember("timings", .object(timings))
        ])
        print(object.jsonText(.indented))
    }
}

/// Reads a schema file: standard JSON Schema, of which Apple's dialect (as `GenerationSchema`
/// encodes) is a part. Read as JSON Schema, every keyword of the file is enforced as written.
enum SchemaFile {
    static func load(_ path: String) throws -> GenerationSchema {
        // The schema itself, as `--schema "$(fm schema object …)"` passes it.
        if path.trimmingCharacters(in: .whitespacesAndNewlines).hasPrefix("{") {
            do {
                return try GenerationSchema(jsonSchema: path)
            } catch {
                throw CLIError.failed("--schema: \(error)", kind: .schema)
            }
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CLIError.failed("cannot read the schema file \(path)", kind: .schema)
        }
        do {
            return try GenerationSchema(jsonSchema: String(decoding: data, as: UTF8.self))
        } catch {
            throw CLIError.failed("\(path): \(error)", kind: .schema)
        }
    }
}
