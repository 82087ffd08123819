import Foundation
import Testing
@testable import FoundationModelsCore
import TestSupport
import LlamaBackend

@Suite struct SystemLanguageModelTests {
    func model(_ settings: LocalModelSettings) -> SystemLanguageModel {
        SystemLanguageModel(useCase: .general, guardrails: .default, settings: settings)
    }

    @Test func aMissingModelIsNotReady() {
        let model = model(LocalModelSettings(modelPath: "/nonexistent/model.gguf"))
        #expect(model.availability == .unavailable(.modelNotReady))
        #expect(!model.isAvailable)
    }

    @Test func aDisabledModelIsNotEnabled() {
        let model = model(LocalModelSettings(modelPath: TestModels.smolLM2Path, isEnabled: false))
        #expect(model.availability == .unavailable(.appleIntelligenceNotEnabled))
    }

    @Test func aFileThatIsNotGGUFIsNotReady() throws {
        let path = try ScratchFolder.file("notes.gguf").path
        try Data("not a model".utf8).write(to: URL(fileURLWithPath: path))
        #expect(model(LocalModelSettings(modelPath: path)).availability == .unavailable(.modelNotReady))
    }

    @Test func aCorruptModelFailsToRespondAndThenIsNotReady() async throws {
        let path = try ScratchFolder.file("corrupt.gguf").path
        try Data(Array("GGUF".utf8) + [3, 0, 0, 0] + [UInt8](repeating: 7, count: 1024)).write(to: URL(fileURLWithPath: path))
        let model = model(LocalModelSettings(modelPath: path))
        #expect(model.availability == .available)  // looks like GGUF until llama.cpp reads it
        let session = LanguageModelSession(model: model)
        await #expect {
            try await session.respond(to: "Hello")
        } throws: { error in
            guard case LanguageModelSession.GenerationError.assetsUnavailable = error else { return false }
            return true
        }
        #expect(model.availability == .unavailable(.modelNotReady))
    }

    @Test func aModelWithAMalformedVocabularyFailsWithATypedError() async throws {
        // Two tokens with one text stop the process inside llama.cpp's loader; the file is refused first.
        let path = try VocabularyModelFile(tokens: ["<|endoftext|>", "a", "b", "a"]).write()
        let model = model(LocalModelSettings(modelPath: path))
        let session = LanguageModelSession(model: model)
        await #expect {
            try await session.respond(to: "Hello")
        } throws: { error in
            guard case LanguageModelSession.GenerationError.assetsUnavailable(let context) = error else { return false }
            return context.debugDescription.contains("malformed vocabulary: tokens 1 and 3 have the same text")
        }
        #expect(model.availability == .unavailable(.modelNotReady))
        #expect(session.transcript.count == 0)
    }

    @Test func theContextSizeDefaultsToApples() {
        #expect(LocalModelSettings(modelPath: "x").contextSize == 4096)
        #expect(model(LocalModelSettings(modelPath: "x", contextSize: 8192)).contextSize == 8192)
    }

    @Test(.requiresSmolLM2) func tokenCountsComeFromTheTokenizer() async throws {
        let model = model(LocalModelSettings(modelPath: TestModels.smolLM2Path))
        let vocabulary = try LlamaModelStore.shared.vocabularyModel(at: TestModels.smolLM2Path).vocabulary
        let text = "Summarize these notes: Sara to finalize pricing by Friday."
        let expected = try vocabulary.tokenize("<|im_start|>user\n\(text)<|im_end|>\n").count
        #expect(try await model.tokenCount(for: text) == expected)
        let instructions = try vocabulary.tokenize("<|im_start|>system\nBe brief.<|im_end|>\n").count
        #expect(try await model.tokenCount(for: Instructions("Be brief.")) == instructions)
        let entries: [Transcript.Entry] = [
            .instructions(.init(segments: [.text(.init(content: "Be brief."))], toolDefinitions: [])),
            .prompt(.init(segments: [.text(.init(content: text))]))
        ]
        #expect(try await model.tokenCount(for: entries) == instructions + expected)
    }

    @Test(.requiresSmolLM2) func supportedLanguagesComeFromTheModelMetadata() {
        let model = model(LocalModelSettings(modelPath: TestModels.smolLM2Path))
        #expect(model.supportedLanguages == [Locale.Language(identifier: "en")])
        #expect(model.supportsLocale(Locale(identifier: "en_US")))
        #expect(!model.supportsLocale(Locale(identifier: "fr_FR")))
    }

    @Test func aSimulatedAvailabilityOverridesTheRealOne() {
        var settings = LocalModelSettings(modelPath: "/nonexistent/model.gguf")
        #expect(model(settings).availability == .unavailable(.modelNotReady))
        settings.simulatedAvailability = .available
        #expect(model(settings).availability == .available)
        settings.simulatedAvailability = .deviceNotEligible
        #expect(model(settings).availability == .unavailable(.deviceNotEligible))
        // Every value of FM_SIMULATE_AVAILABILITY names a case.
        #expect(LocalModelSettings.SimulatedAvailability(rawValue: "appleIntelligenceNotEnabled") == .appleIntelligenceNotEnabled)
        #expect(LocalModelSettings.SimulatedAvailability(rawValue: "sometimes") == nil)
    }
}
