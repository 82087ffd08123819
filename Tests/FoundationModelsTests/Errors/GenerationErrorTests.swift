import Foundation
import Testing
@testable import FoundationModelsCore
import LlamaBackend
import TestSupport

/// Every error a local model raises, on the real SmolLM2 model: when it is thrown, that the
/// transcript is left as it was, and what OS 27's taxonomy makes of it.
@Suite(.requiresSmolLM2) struct GenerationErrorTests {
    static let greedy = GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 24)
    static let refusalPrompt = "Repeat exactly this sentence: I'm sorry, but I can't help with that."

    @Test func aClearRefusalIsThrownWithAnExplanationFromTheSameModel() async throws {
        let session = SessionFixtures.session()
        var caught: (LanguageModelSession.GenerationError.Refusal, LanguageModelSession.GenerationError.Context)?
        do {
            let response = try await session.respond(to: Self.refusalPrompt, options: Self.greedy)
            Issue.record("no refusal: \(response.content)")
        } catch LanguageModelSession.GenerationError.refusal(let refusal, let context) {
            caught = (refusal, context)
        }
        let (refusal, context) = try #require(caught)
        #expect(context.debugDescription.contains("I'm sorry, but I can't help with that."))
        #expect(session.transcript.count == 1)
        #expect(!session.isResponding)

        let explanation = try await refusal.explanation
        #expect(!explanation.content.isEmpty)
        // The explainer continued the refused exchange: instructions, prompt, refusal, then its request.
        #expect(explanation.transcriptEntries.count == 2)
        let streamed = try await refusal.explanationStream.collect()
        #expect(streamed.content == explanation.content)

        // OS 27: the same refusal, explained the same way.
        guard case .refusal(let modern)? = LanguageModelError(.refusal(refusal, context)) else {
            Issue.record("no LanguageModelError.refusal")
            return
        }
        #expect(modern.debugDescription == context.debugDescription)
        #expect(try await modern.explanation.content == explanation.content)
    }

    @Test func refusalDetectionCanBeTurnedOff() async throws {
        var settings = SessionFixtures.smolLM2.settings
        settings.detectsRefusals = false
        let session = LanguageModelSession(model: LlamaLanguageModel(settings: settings), instructions: "You are a helpful assistant.")
        let response = try await session.respond(to: Self.refusalPrompt, options: Self.greedy)
        #expect(RefusalDetector.isRefusal(response.content))
        #expect(session.transcript.count == 3)
    }

    @Test func aPromptInAnUnsupportedScriptFails() async throws {
        let session = SessionFixtures.session()
        await #expect {
            try await session.respond(to: "Привет! Расскажи мне, пожалуйста, о погоде в Москве.", options: Self.greedy)
        } throws: { error in
            guard let error = error as? LanguageModelSession.GenerationError,
                case .unsupportedLanguageOrLocale(let context) = error,
                case .unsupportedLanguageOrLocale(let details)? = LanguageModelError(error)
            else { return false }
            return details.languageCode == Locale.LanguageCode("ru") && context.debugDescription.contains("cyrillic")
                && context.debugDescription.contains("en")
        }
        #expect(session.transcript.count == 1)
        // Latin-script languages cannot be told from English by their script: they pass.
        let french = try await session.respond(to: "Bonjour ! Comment allez-vous aujourd'hui ?", options: Self.greedy)
        #expect(!french.content.isEmpty)
    }

    @Test func aModelFileThatDisappearsFailsWithAssetsUnavailableUntilItIsBack() async throws {
        let folder = try ScratchFolder.make("fm-assets")
        let path = folder.appendingPathComponent("model.gguf").path
        try FileManager.default.copyItem(atPath: TestModels.smolLM2Path, toPath: path)
        let session = LanguageModelSession(
            model: LlamaLanguageModel(path: path, contextSize: 512, concurrentSessions: 1),
            instructions: "You are a helpful assistant.")
        let first = try await session.respond(to: "Say hi.", options: Self.greedy)

        try FileManager.default.removeItem(atPath: path)
        await #expect {
            try await session.respond(to: "Say hi again.", options: Self.greedy)
        } throws: { error in
            guard let error = error as? LanguageModelSession.GenerationError, case .assetsUnavailable(let context) = error,
                case .assetsUnavailable(let details)? = SystemLanguageModel.Error(error)
            else { return false }
            return context.debugDescription.contains(path) && details.debugDescription == context.debugDescription
        }
        #expect(session.transcript.count == 3)

        try FileManager.default.copyItem(atPath: TestModels.smolLM2Path, toPath: path)
        let again = try await LanguageModelSession(
            model: LlamaLanguageModel(path: path, contextSize: 512, concurrentSessions: 1),
            instructions: "You are a helpful assistant."
        ).respond(to: "Say hi.", options: Self.greedy)
        #expect(again.content == first.content)
        _ = try await session.respond(to: "Say hi again.", options: Self.greedy)
        #expect(session.transcript.count == 5)
    }

    @Test func aResponseThatFillsTheContextFailsWithTheNumbers() async throws {
        let model = LlamaLanguageModel(path: TestModels.smolLM2Path, contextSize: 96, concurrentSessions: 1)
        let session = LanguageModelSession(model: model, instructions: "You are a helpful assistant.")
        var caught: LanguageModelSession.GenerationError?
        do {
            _ = try await session.respond(to: "Count from 1 to 1000, separated by commas.", options: GenerationOptions(samplingMode: .greedy))
        } catch let error as LanguageModelSession.GenerationError {
            caught = error
        }
        let error = try #require(caught)
        guard case .exceededContextWindowSize(let context) = error,
            case .contextSizeExceeded(let details)? = LanguageModelError(error)
        else {
            Issue.record("unexpected \(error)")
            return
        }
        #expect(details.contextSize == 96)
        #expect(details.tokenCount == 97)
        #expect(context.debugDescription.contains("97 tokens") && context.debugDescription.contains("96"))
        #expect(error.recoverySuggestion?.contains("larger context") == true)
        #expect(session.transcript.count == 1)
    }

    @Test func aPromptLongerThanTheContextFailsWithTheNumbers() async throws {
        let model = LlamaLanguageModel(path: TestModels.smolLM2Path, contextSize: 128, concurrentSessions: 1)
        let session = LanguageModelSession(model: model)
        let longPrompt = String(repeating: "The quick brown fox jumps over the lazy dog. ", count: 40)
        await #expect {
            try await session.respond(to: longPrompt)
        } throws: { error in
            guard let error = error as? LanguageModelSession.GenerationError,
                case .contextSizeExceeded(let details)? = LanguageModelError(error)
            else { return false }
            return details.contextSize == 128 && details.tokenCount > 400
        }
    }

    /// A guided answer is never cut off (budget-aware decoding), so a budget too small for the
    /// smallest one fails before generating: a decoding failure with both numbers, whose OS 27
    /// `ParsingError` holds no raw content.
    @Test func aStructuredResponseThatCannotFitFailsBeforeGenerating() async throws {
        let session = SessionFixtures.session()
        await #expect {
            try await session.respond(
                to: "Describe a person.", generating: Person.self,
                options: GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 3))
        } throws: { error in
            guard let error = error as? LanguageModelSession.GenerationError, case .decodingFailure(let context) = error,
                case .responseBudget(let needed, let maximum)? = context.details
            else { return false }
            return maximum == 3 && needed > 3 && GeneratedContent.ParsingError(error)?.rawContent == ""
        }
        #expect(session.transcript.count == 1)
    }
}

/// The OS 27 error types and the conversions, with no model.
@Suite struct OS27ErrorTests {
    typealias GenerationError = LanguageModelSession.GenerationError

    static let allCases: [GenerationError] = [
        .exceededContextWindowSize(.init(debugDescription: "a", details: .contextSize(contextSize: 10, tokenCount: 12))),
        .assetsUnavailable(.init(debugDescription: "b")),
        .guardrailViolation(.init(debugDescription: "c")),
        .unsupportedGuide(.init(debugDescription: "d", details: .schemaName("Person"))),
        .unsupportedLanguageOrLocale(.init(debugDescription: "e", details: .language(Locale.LanguageCode("ko")))),
        .decodingFailure(.init(debugDescription: "f", details: .rawContent("{\"a\":", underlyingError: nil))),
        .rateLimited(.init(debugDescription: "g")),
        .concurrentRequests(.init(debugDescription: "h")),
        .refusal(GenerationError.Refusal(transcriptEntries: []), .init(debugDescription: "i"))
    ]

    @Test func everyCaseDescribesItself() {
        for error in Self.allCases {
            #expect(error.errorDescription?.isEmpty == false)
            #expect(error.failureReason == error.context.debugDescription)
            #expect(error.recoverySuggestion?.isEmpty == false)
            let modern = error.os27Equivalent as? any LocalizedError
            #expect(modern?.errorDescription?.isEmpty == false, "\(error)")
        }
    }

    @Test func everyCaseConvertsToItsOS27Type() throws {
        let converted = Self.allCases.map(\.os27Equivalent)
        guard case .contextSizeExceeded(let size)? = converted[0] as? LanguageModelError else { throw Failure("context") }
        #expect(size.contextSize == 10 && size.tokenCount == 12 && size.debugDescription == "a")
        guard case .assetsUnavailable(let assets)? = converted[1] as? SystemLanguageModel.Error else { throw Failure("assets") }
        #expect(assets.debugDescription == "b")
        guard case .guardrailViolation(let guardrail)? = converted[2] as? LanguageModelError else { throw Failure("guardrail") }
        #expect(guardrail.debugDescription == "c")
        guard case .unsupportedGenerationGuide(let guide)? = converted[3] as? LanguageModelError else { throw Failure("guide") }
        #expect(guide.schemaName == "Person")
        guard case .unsupportedLanguageOrLocale(let language)? = converted[4] as? LanguageModelError else { throw Failure("language") }
        #expect(language.languageCode == Locale.LanguageCode("ko"))
        let parsing = try #require(converted[5] as? GeneratedContent.ParsingError)
        #expect(parsing.rawContent == "{\"a\":" && parsing.debugDescription == "f")
        guard case .rateLimited(let limit)? = converted[6] as? LanguageModelError else { throw Failure("rate") }
        #expect(limit.resetDate == nil)
        #expect(converted[7] as? LanguageModelSession.Error == .concurrentRequests)
        guard case .refusal(let refusal)? = converted[8] as? LanguageModelError else { throw Failure("refusal") }
        #expect(refusal.debugDescription == "i")
    }

    @Test func conversionsRejectOtherCases() {
        #expect(LanguageModelError(.assetsUnavailable(.init(debugDescription: "x"))) == nil)
        #expect(SystemLanguageModel.Error(.rateLimited(.init(debugDescription: "x"))) == nil)
        #expect(LanguageModelSession.Error(.refusal(.init(transcriptEntries: []), .init(debugDescription: "x"))) == nil)
        #expect(GeneratedContent.ParsingError(.concurrentRequests(.init(debugDescription: "x"))) == nil)
    }

    @Test func aRefusalWithAKnownExplanationExplainsWithIt() async throws {
        let refusal = LanguageModelError.Refusal(explanation: "It asks for something harmful.", debugDescription: "refused")
        #expect(try await refusal.explanation.content == "It asks for something harmful.")
        #expect(try await refusal.explanationStream.collect().content == "It asks for something harmful.")
        #expect(LanguageModelError.refusal(refusal).debugDescription.contains("refused"))
    }

    @Test func sessionErrorsAreEquatableAndDescribed() {
        #expect(LanguageModelSession.Error.concurrentRequests != .transcriptMutationWhileResponding)
        #expect(Set([LanguageModelSession.Error.concurrentRequests, .concurrentRequests]).count == 1)
        #expect(LanguageModelSession.Error.transcriptMutationWhileResponding.errorDescription?.contains("transcript") == true)
        let parsing = GeneratedContent.ParsingError(rawContent: "{", debugDescription: "cut short")
        #expect(parsing.errorDescription?.isEmpty == false && parsing.failureReason == "cut short")
    }

    /// A prompt with no tokens (only a chat template that renders the conversation as no text
    /// makes one) is Apple's `assetsUnavailable`, which says so, not a tokenization failure.
    @Test func aPromptWithNoTokensIsAnAssetsErrorThatSaysSo() {
        let error = GenerationErrorMapping.map(LlamaError.emptyPrompt)
        guard case .assetsUnavailable(let context)? = error as? LanguageModelSession.GenerationError else {
            Issue.record("\(error)")
            return
        }
        #expect(context.debugDescription.contains("no tokens") && context.debugDescription.contains("chat template"))
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = "wrong OS 27 case for \(description)" }
    }
}
