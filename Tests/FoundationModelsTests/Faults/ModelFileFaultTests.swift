import Foundation
import Testing
@testable import FoundationModelsCore
import TestSupport

/// The model file changes under open sessions: truncated in place (a failed copy, a full disk),
/// while a response streams. Nothing may crash; the stream either finishes from the weights
/// already in memory or ends in a typed error, and the session goes on.
@Suite(.requiresSmolLM2) struct ModelFileFaultTests {
    static let greedy = GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 32)

    @Test func aModelTruncatedWhileAResponseStreamsDoesNotCrash() async throws {
        let folder = try ScratchFolder.make("fm-truncate")
        let path = folder.appendingPathComponent("model.gguf").path
        try FileManager.default.copyItem(atPath: TestModels.smolLM2Path, toPath: path)
        let model = LlamaLanguageModel(path: path, contextSize: 512, concurrentSessions: 1)
        let session = LanguageModelSession(model: model, instructions: "You are a helpful assistant.")
        _ = try await session.respond(to: "Count from one to ten in words.", options: Self.greedy)
        // What the next turn answers with intact weights: the same conversation in a second
        // session, its prompt computed in full, as the streamed turn's will be (a cached prefix
        // is computed in other batches, which round differently and can flip a near tie).
        await model.settings.discardCachedPrompts()
        let twin = LanguageModelSession(model: model, transcript: session.transcript)
        let reference = try await twin.respond(to: "Count from one to ten in words.", options: Self.greedy).content
        await model.settings.discardCachedPrompts()

        // Truncate the file to a tenth while the next answer streams.
        var truncated = false
        var streamed = ""
        var failure: (any Error)?
        do {
            for try await snapshot in session.streamResponse(to: "Count from one to ten in words.", options: Self.greedy) {
                streamed = snapshot.content
                if !truncated {
                    let size = try #require(FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber).int64Value
                    #expect(truncate(path, off_t(size / 10)) == 0)
                    truncated = true
                }
            }
        } catch {
            failure = error
        }
        #expect(truncated)
        if let failure {
            // A typed error, not a crash.
            #expect(failure is LanguageModelSession.GenerationError, "\(failure)")
        } else {
            // The weights were already in memory: the answer is the one they gave before.
            #expect(streamed == reference)
        }
        #expect(!session.isResponding)

        // A new model on the truncated file is a typed error.
        let fresh = LanguageModelSession(model: LlamaLanguageModel(path: path, contextSize: 512, concurrentSessions: 1))
        await #expect(throws: LanguageModelSession.GenerationError.self) {
            try await fresh.respond(to: "Hi", options: Self.greedy)
        }

        // The file is restored: sessions answer again.
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.copyItem(atPath: TestModels.smolLM2Path, toPath: path)
        let again = try await session.respond(to: "Count from one to ten in words.", options: Self.greedy)
        #expect(!again.content.isEmpty)
    }
}
