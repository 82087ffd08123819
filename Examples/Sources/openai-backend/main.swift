// Runs a session on an OpenAI-compatible server (llama.cpp's llama-server, vLLM): streamed text,
// then a `@Generable` value that the server's grammar keeps to the schema.
//
//   llama-server -m model.gguf --port 8080 --jinja
//   OPENAI_BASE_URL=http://127.0.0.1:8080/v1 swift run --package-path Examples openai-backend

import Foundation
import FoundationModels

@Generable
struct ActionItem {
    @Guide(description: "Who does it, by first name.")
    var owner: String
    @Guide(description: "What they do, in a few words.")
    var task: String
}

let environment = ProcessInfo.processInfo.environment
guard let baseURL = URL(string: environment["OPENAI_BASE_URL"] ?? "http://127.0.0.1:8080/v1") else {
    fatalError("OPENAI_BASE_URL is not a URL")
}
let model = OpenAICompatibleLanguageModel(
    baseURL: baseURL, model: environment["OPENAI_MODEL"] ?? "default", apiKey: environment["OPENAI_API_KEY"])
let session = LanguageModelSession(model: model, instructions: "Summarize meeting notes clearly and briefly.")
let notes = "Sara to finalize pricing by Friday. Youssef needs to fix the login bug — urgent."

do {
    var printed = ""
    for try await snapshot in session.streamResponse(to: "Summarize these notes:\n\n\(notes)") {
        FileHandle.standardOutput.write(Data(snapshot.content.dropFirst(printed.count).utf8))
        printed = snapshot.content
    }
    print()
    let item = try await session.respond(to: "Give Youssef's action item.", generating: ActionItem.self)
    print("\(item.content.owner): \(item.content.task)")
} catch let error as LanguageModelSession.GenerationError {
    // For example: assetsUnavailable when nothing listens at OPENAI_BASE_URL.
    print("error: \(error.localizedDescription) \(error.failureReason ?? "")")
    exit(1)
}
