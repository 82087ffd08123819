import Foundation
import Testing
@testable import FoundationModelsCore
import LlamaBackend
import TestSupport

/// Sessions and the prefix cache on disk, on the real SmolLM2 model: `prewarm()` saves the
/// instructions, and another engine (as a later process would) loads them and answers as one
/// that computed them.
@Suite(.requiresSmolLM2, .serialized) struct PrefixDiskCacheSessionTests {
    static let instructions = """
        You are a meticulous librarian in a small town. You answer questions about books, authors \
        and reading habits with care, you never invent titles, and you keep every answer short.
        """
    static let greedy = GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 20)

    /// Settings of their own (engines are per configuration; the host cache is not part of a
    /// saved prefix's key, so engines that differ only in it stand for separate processes).
    func settings(folder: URL, variant: Int) -> LocalModelSettings {
        var settings = LocalModelSettings(
            modelPath: TestModels.smolLM2Path, contextSize: 1140, threads: TestModels.threads, concurrentSessions: 2)
        settings.hostCacheMegabytes = 64 + variant
        settings.prefixCacheDirectory = folder.path
        return settings
    }

    func files(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".fmprefix") }
    }

    @Test func prewarmSavesTheInstructionsForAnotherEngine() async throws {
        let folder = try ScratchFolder.make("prefix-cache-prewarm")
        let prewarmed = LanguageModelSession(model: LlamaLanguageModel(settings: settings(folder: folder, variant: 1)), instructions: Self.instructions)
        prewarmed.prewarm()
        let deadline = ContinuousClock.now + .seconds(120)
        while files(in: folder).isEmpty, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(50)) }
        try #require(files(in: folder).count == 1, "prewarm saved the instructions")

        let warmModel = LlamaLanguageModel(settings: settings(folder: folder, variant: 2))
        let warm = try await LanguageModelSession(model: warmModel, instructions: Self.instructions)
            .respond(to: "Recommend a novel about the sea.", options: Self.greedy)
        let statistics = try #require(await EngineStore.shared.runningEngine(for: warmModel.settings)).statistics()
        #expect(warm.usage.input.cachedTokenCount > 32)
        #expect(statistics.diskRestoredPromptTokens == warm.usage.input.cachedTokenCount)
        #expect(statistics.diskSavedPrefixes == 0)

        // A cold engine on an empty folder computes and saves the prefix, and answers the same.
        let coldFolder = try ScratchFolder.make("prefix-cache-cold")
        let coldModel = LlamaLanguageModel(settings: settings(folder: coldFolder, variant: 3))
        let cold = try await LanguageModelSession(model: coldModel, instructions: Self.instructions)
            .respond(to: "Recommend a novel about the sea.", options: Self.greedy)
        #expect(cold.usage.input.cachedTokenCount == 0)
        #expect(cold.content == warm.content)
        #expect(try #require(await EngineStore.shared.runningEngine(for: coldModel.settings)).statistics().diskSavedPrefixes == 1)
        #expect(files(in: coldFolder) == files(in: folder))
    }
}
