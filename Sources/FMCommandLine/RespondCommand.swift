import Foundation
import FoundationModels

/// `fm respond` and `fm stream`: one prompt, one answer on stdout.
struct RespondCommand {
    let flags: GenerationFlags
    let streaming: Bool
    let prompt: String

    init(arguments: inout CommandLineArguments, streaming: Bool) throws {
        flags = try GenerationFlags(parsing: &arguments)
        self.streaming = streaming
        guard !flags.positional.isEmpty else { throw CLIError.usage("\(streaming ? "stream" : "respond") needs a prompt") }
        prompt = flags.positional.joined(separator: " ")
    }

    func run() async throws {
        let session = try flags.makeSession()
        if let schemaPath = flags.schemaPath {
            let schema = try SchemaFile.load(schemaPath)
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
}

/// Reads a schema file: standard JSON Schema, of which Apple's dialect (as `GenerationSchema`
/// encodes) is a part. Read as JSON Schema, every keyword of the file is enforced as written.
enum SchemaFile {
    static func load(_ path: String) throws -> GenerationSchema {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CLIError.failed("cannot read the schema file \(path)")
        }
        do {
            return try GenerationSchema(jsonSchema: String(decoding: data, as: UTF8.self))
        } catch {
            throw CLIError.failed("\(path): \(error)")
        }
    }
}
