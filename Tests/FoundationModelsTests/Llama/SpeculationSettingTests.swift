import Foundation
import Testing
@testable import FoundationModelsCore
import LlamaBackend
import TestSupport
import SmartNotes

/// `LocalModelSettings.speculation`: its setting's spelling, and sessions that answer the same
/// with it as without it.
@Suite struct SpeculationSettingTests {
    @Test func theSettingParses() {
        #expect(LocalModelSettings.Speculation(setting: "none") == LocalModelSettings.Speculation.none)
        #expect(LocalModelSettings.Speculation(setting: "off") == LocalModelSettings.Speculation.none)
        #expect(LocalModelSettings.Speculation(setting: "lookup") == .promptLookup)
        #expect(LocalModelSettings.Speculation(setting: "LOOKUP:5")?.maximumDraftLength == 5)
        #expect(LocalModelSettings.Speculation(setting: "lookup:0") == LocalModelSettings.Speculation.none)
        #expect(LocalModelSettings.Speculation(setting: "draft:/m/small.gguf") == .draftModel("/m/small.gguf", maximumDraftLength: 3))
        #expect(LocalModelSettings.Speculation(setting: "draft:/m/small.gguf:5")?.maximumDraftLength == 5)
        #expect(LocalModelSettings.Speculation(setting: "draft:small")?.draftModelPath == ModelCatalog.path(of: .qwen25Coder05B))
        // A colon inside the path stays the path's when no count follows it.
        #expect(LocalModelSettings.Speculation(setting: "draft:/m/a:b.gguf")?.draftModelPath == "/m/a:b.gguf")
        #expect(LocalModelSettings.Speculation(setting: "draft:/m/small.gguf:0") == LocalModelSettings.Speculation.none)
        #expect(LocalModelSettings.Speculation.draftModel("/m/s.gguf", maximumDraftLength: 2).description == "draft:/m/s.gguf:2")
        for bad in ["", "draft", "draft:", "draft::3", "draft:/m/s.gguf:-1", "lookup:", "lookup:-1", "lookup:x", "none:2"] {
            #expect(LocalModelSettings.Speculation(setting: bad) == nil, "\(bad)")
        }
        #expect(LocalModelSettings.Speculation.promptLookup.description == "lookup:2")
        #expect(LocalModelSettings.Speculation.none.description == "none")
        #expect(LocalModelSettings.Speculation.promptLookup(maximumDraftLength: -3) == LocalModelSettings.Speculation.none)
    }

    @Test func itIsOffByDefaultAndReachesTheEngine() {
        var settings = LocalModelSettings(modelPath: "/models/x.gguf")
        #expect(settings.speculation == LocalModelSettings.Speculation.none)
        #expect(!settings.contextConfiguration.speculation.isEnabled)
        settings.speculation = .promptLookup(maximumDraftLength: 3)
        #expect(settings.contextConfiguration.speculation.maximumDraft == 3)
        #expect(settings.contextConfiguration.speculation.adaptsToCost)
        settings.speculation = .draftModel("/models/small.gguf")
        #expect(settings.contextConfiguration.speculation.draftModelPath == "/models/small.gguf")
        settings.speculationAdaptsToCost = false
        #expect(!settings.contextConfiguration.speculation.adaptsToCost)
    }

    @Test func knownModelNamesResolveToTheirPaths() {
        #expect(ModelCatalog.resolve("quality") == ModelCatalog.path(of: .qwen25Coder15B))
        #expect(ModelCatalog.resolve("default") == ModelCatalog.path(of: .qwen25Coder15B))
        #expect(ModelCatalog.resolve("small") == ModelCatalog.path(of: .qwen25Coder05B))
        #expect(LocalModelSettings.defaultModelPath == ModelCatalog.path(of: .qwen25Coder15B))
        #expect(ModelCatalog.resolve("smollm2") == ModelCatalog.path(of: .smolLM2))
        #expect(ModelCatalog.resolve("/models/quality") == "/models/quality")
        #expect(ModelCatalog.known(at: ModelCatalog.path(of: .qwen25Coder15B)) == .qwen25Coder15B)
    }
}

/// Sessions on SmolLM2 with prompt lookup, and with SmolLM2 drafting for itself, give the answers
/// they give without speculation; a draft model with other tokens fails the request clearly.
@Suite(.requiresSmolLM2, .serialized) struct SpeculativeSessionTests {
    static let notes = """
        Weekly sync, product team. Sara to finalize pricing by Friday. Youssef needs to fix the login bug \
        before the release. Lina will share the new onboarding mockups next week.
        """

    /// Two models on engines of their own (the context size differs from other tests'), one with
    /// speculation.
    func models(_ speculation: LocalModelSettings.Speculation = .promptLookup) -> (plain: LlamaLanguageModel, speculative: LlamaLanguageModel) {
        var settings = LocalModelSettings(modelPath: TestModels.smolLM2Path, contextSize: 1536, threads: TestModels.threads, concurrentSessions: 1)
        let plain = LlamaLanguageModel(settings: settings)
        settings.speculation = speculation
        // Drafts are made whatever they cost, so that verification runs on any machine.
        settings.speculationAdaptsToCost = false
        return (plain, LlamaLanguageModel(settings: settings))
    }

    func drafts(_ model: LlamaLanguageModel) async throws -> (drafted: Int, accepted: Int) {
        let statistics = try #require(await EngineStore.shared.runningEngine(for: model.settings)).statistics()
        return (statistics.draftedTokens, statistics.acceptedDraftTokens)
    }

    @Test(arguments: [LocalModelSettings.Speculation.promptLookup, .draftModel(TestModels.smolLM2Path, maximumDraftLength: 2)])
    func textAndGuidedAnswersAreTheSame(speculation: LocalModelSettings.Speculation) async throws {
        let (plain, speculative) = models(speculation)
        let options = GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 120)
        var answers: [String] = []
        var items: [ActionItem] = []
        for model in [plain, speculative] {
            await model.settings.discardCachedPrompts()
            let session = LanguageModelSession(model: model, instructions: "You are a careful assistant.")
            answers.append(try await session.respond(to: "Copy these notes word for word:\n\(Self.notes)", options: options).content)
            items.append(try await session.respond(to: "Give Youssef's task as an action item.", generating: ActionItem.self, options: options).content)
        }
        #expect(answers[1] == answers[0])
        #expect(items[1].task == items[0].task && items[1].owner == items[0].owner && items[1].priority == items[0].priority)
        // Speculation ran (and held somewhere), the plain engine never drafted.
        let speculativeDrafts = try await drafts(speculative)
        #expect(speculativeDrafts.accepted > 0, "\(speculativeDrafts)")
        #expect(try await drafts(plain).drafted == 0)
    }
}

/// A draft model whose tokens are not the model's.
@Suite(.requiresSmolLM2) struct IncompatibleDraftModelTests {
    @Test func theRequestFailsAsUnavailableAssetsAndTheModelStaysUsable() async throws {
        var settings = LocalModelSettings(modelPath: TestModels.smolLM2Path, contextSize: 512, threads: TestModels.threads, concurrentSessions: 1)
        settings.speculation = .draftModel(TestModels.qwenPath)
        let session = LanguageModelSession(model: LlamaLanguageModel(settings: settings))
        do {
            _ = try await session.respond(to: "Hello", options: GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 4))
            Issue.record("a draft model with 151,936 tokens drafted for SmolLM2's 49,152")
        } catch let LanguageModelSession.GenerationError.assetsUnavailable(context) {
            #expect(context.debugDescription.contains("cannot draft tokens for"), "\(context.debugDescription)")
        }
        // The model itself was not marked as failing to load.
        #expect(!EngineStore.shared.hasFailedToLoad(TestModels.smolLM2Path))
        // A missing draft model file names the file.
        settings.speculation = .draftModel("/nonexistent/draft.gguf")
        await #expect(throws: LanguageModelSession.GenerationError.self) {
            _ = try await LanguageModelSession(model: LlamaLanguageModel(settings: settings)).respond(to: "Hello")
        }
        #expect(!EngineStore.shared.hasFailedToLoad(TestModels.smolLM2Path))
    }
}
