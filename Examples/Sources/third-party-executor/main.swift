// Runs a session on a third-party `LanguageModel` (ChatCompletionsExecutor, written only against
// Apple's OS 27 protocol): text, streaming, a tool, and a `@Generable` value.
//
//   llama-server -m model.gguf --port 8080 --jinja
//   OPENAI_BASE_URL=http://127.0.0.1:8080/v1 swift run --package-path Examples third-party-executor

import ChatCompletionsExecutor
import Foundation
import FoundationModels

@Generable
struct Weather {
    @Guide(description: "The city")
    var city: String
    @Guide(description: "The temperature in degrees Celsius", .range(-50...60))
    var celsius: Int
}

struct WeatherTool: Tool {
    let name = "currentWeather"
    let description = "The current temperature in a city, in degrees Celsius."

    @Generable
    struct Arguments {
        @Guide(description: "The city")
        var city: String
    }

    func call(arguments: Arguments) async throws -> String {
        "It is 21 °C in \(arguments.city)."
    }
}

let environment = ProcessInfo.processInfo.environment
guard let baseURL = URL(string: environment["OPENAI_BASE_URL"] ?? "http://127.0.0.1:8080/v1") else {
    fatalError("OPENAI_BASE_URL is not a URL")
}
let model = ChatCompletionsModel(baseURL: baseURL, model: environment["OPENAI_MODEL"] ?? "default")
let greedy = GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 60)

do {
    let session = LanguageModelSession(model: model, instructions: "Answer in one short sentence.")
    let text = try await session.respond(to: "What is the capital of France?", options: greedy)
    print("text: \(text.content)")

    var streamed = ""
    for try await snapshot in session.streamResponse(to: "Name a color.", options: greedy) {
        streamed = snapshot.content
    }
    print("streamed: \(streamed)")

    let toolSession = LanguageModelSession(model: model, tools: [WeatherTool()], instructions: "Use the tool for weather questions.")
    var mustCall = greedy
    mustCall.toolCallingMode = .required
    let answer = try await toolSession.respond(to: "What is the weather in Lyon?", options: mustCall)
    let called = toolSession.transcript.contains { if case .toolCalls = $0 { true } else { false } }
    // Whether a call comes back depends on the server parsing the model's tool-call format
    // (llama-server 0.3.36 does not, for the small models here; the package's tests script it).
    print("tool: \(answer.content) (tool called: \(called))")

    let weather = try await session.respond(to: "Weather in Oslo, 5 degrees.", generating: Weather.self, options: greedy)
    print("generable: \(weather.content.city) \(weather.content.celsius) °C")
    print("usage: \(session.usage.input.totalTokenCount) in, \(session.usage.output.totalTokenCount) out")
} catch {
    print("error: \(error)")
    exit(1)
}
