// The smallest FoundationModels program: check availability, ask, print.
//
//   swift run --package-path Examples hello-session "Why is the sky blue?"

import FoundationModels

let model = SystemLanguageModel.default
guard case .available = model.availability else {
    print("The model is unavailable: \(model.availability). Run scripts/setup.sh first.")
    exit(1)
}

let question = CommandLine.arguments.dropFirst().joined(separator: " ")
let session = LanguageModelSession(instructions: "You are a helpful assistant. Answer in two sentences.")
do {
    let response = try await session.respond(to: question.isEmpty ? "Why is the sky blue?" : question)
    print(response.content)
} catch let error as LanguageModelSession.GenerationError {
    print("Generation failed: \(error.localizedDescription)")
    exit(1)
}

import Foundation
