import Foundation
import Testing
import TestSupport
@testable import LlamaBackend

/// The engine with the prefix cache on disk, on the real SmolLM2 model: a prewarmed prefix is
/// saved, another engine (as a later process would) loads it and decodes exactly what an engine
/// that computed it decodes, and an engine with another context shape does not use it.
@Suite(.requiresSmolLM2, .serialized) struct PrefixDiskEngineTests {
    static let system = """
        You are a meticulous librarian in a small town. You answer questions about books, authors \
        and reading habits with care, you never invent titles, and you keep every answer short.
        """

    /// An engine of its own; `variant` changes its host cache, which a saved prefix's key leaves
    /// out, so that engines of one variant each stand for separate processes.
    func engine(folder: URL, variant: Int, tokensPerSequence: Int = 1024) throws -> InferenceEngine {
        var configuration = ContextConfiguration(tokensPerSequence: tokensPerSequence, sequences: 2, threads: TestModels.threads)
        configuration.hostCacheBytes = (64 + variant) << 20
        configuration.prefixCacheDirectory = folder.path
        configuration.prefixCacheBytes = 64 << 20
        return try InferenceEngine(model: try TestModels.smolLM2(), configuration: configuration)
    }

    func files(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".fmprefix") }
    }

    /// Runs a greedy request to the end: its tokens and how many prompt tokens were cached.
    func run(_ prompt: [TokenID], prefix: Int, on engine: InferenceEngine) async throws -> (tokens: [TokenID], cached: Int) {
        var request = GenerationRequest(promptTokens: prompt, sampling: .init(strategy: .greedy), maximumTokens: 16)
        request.stablePrefixLength = prefix
        var tokens: [TokenID] = []
        var cached = -1
        for try await event in engine.generate(request) {
            if case .text(_, let produced) = event { tokens += produced }
            if case .prefilled(_, let reused) = event { cached = reused }
        }
        return (tokens, cached)
    }

    @Test func aPrewarmedPrefixIsLoadedByAnotherEngineAndDecodesTheSame() async throws {
        let model = try TestModels.smolLM2()
        let full = TestModels.chatML(system: Self.system, user: "Recommend a novel about the sea.")
        let prefixText = "<|im_start|>system\n\(Self.system)<|im_end|>\n"
        let prefix = try model.vocabulary.tokenize(prefixText)
        let prompt = try model.vocabulary.tokenize(full)
        try #require(prompt.starts(with: prefix) && prefix.count >= 32)

        let folder = try ScratchFolder.make("prefix-disk-engine")
        let prewarming = try engine(folder: folder, variant: 1)
        try await prewarming.prewarm(tokens: prefix, stablePrefixLength: prefix.count)
        #expect(prewarming.statistics().diskSavedPrefixes == 1)
        #expect(files(in: folder).count == 1)

        // Another engine of the same context shape.
        let warmEngine = try engine(folder: folder, variant: 2)
        let warm = try await run(prompt, prefix: prefix.count, on: warmEngine)
        #expect(warm.cached == prefix.count)
        #expect(warmEngine.statistics().diskRestoredPromptTokens == prefix.count)

        // An engine that computes the prefix itself decodes the same tokens, and saves the same file.
        let coldFolder = try ScratchFolder.make("prefix-disk-engine-cold")
        let coldEngine = try engine(folder: coldFolder, variant: 3)
        let cold = try await run(prompt, prefix: prefix.count, on: coldEngine)
        #expect(cold.cached == 0)
        #expect(cold.tokens == warm.tokens)
        #expect(files(in: coldFolder) == files(in: folder))

        // Another context shape is another key: nothing is loaded.
        let otherShape = try engine(folder: folder, variant: 4, tokensPerSequence: 768)
        let other = try await run(prompt, prefix: prefix.count, on: otherShape)
        #expect(other.cached == 0)
        #expect(otherShape.statistics().diskRestoredPromptTokens == 0)
        #expect(files(in: folder).count == 2)
    }

    @Test func aStateLlamaCppRefusesIsIgnored() async throws {
        // A valid file (right header, identity and tokens) whose state llama.cpp cannot read.
        let model = try TestModels.smolLM2()
        let prefix = try model.vocabulary.tokenize("<|im_start|>system\n\(Self.system)<|im_end|>\n")
        let prompt = try model.vocabulary.tokenize(TestModels.chatML(system: Self.system, user: "Name a poet."))
        let folder = try ScratchFolder.make("prefix-disk-engine-refused")
        let engine = try engine(folder: folder, variant: 1)
        let identity = try #require(engine.configuration.prefixCacheDirectory != nil ? Self.identity(of: engine) : nil)
        let store = try #require(PrefixDiskCache(directory: folder.path, capacity: 64 << 20, identity: identity))
        store.store(tokens: prefix, state: [UInt8](repeating: 0xAB, count: 4096))
        let result = try await run(prompt, prefix: prefix.count, on: engine)
        #expect(result.cached == 0)
        #expect(result.tokens.count > 0)
        #expect(engine.statistics().diskRejectedPrefixes == 1)
        // The file now holds the state the engine computed.
        if case .hit(let state) = store.load(tokens: prefix) { #expect(state.count > 4096) } else { Issue.record("no file after recomputing") }
    }

    /// The identity of an engine's context, read through a context of the same configuration.
    static func identity(of engine: InferenceEngine) throws -> String? {
        let context = try LlamaContext(model: engine.model, configuration: engine.configuration)
        return context.prefixCacheIdentity
    }
}
