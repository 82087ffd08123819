import Foundation
import FoundationModels
import LlamaBackend
import Testing
import TestSupport

/// Adapters: LoRA files in llama.cpp's GGUF format, written by the test with seeded weights, run
/// on SmolLM2 and compared with llama.cpp's own server applying the same file.
@Suite(.requiresSmolLM2, .serialized) struct AdapterTests {
    let folder: URL

    init() throws {
        folder = try ScratchFolder.make("fm-adapters")
    }

    func write(_ file: LoRAAdapterFile, _ name: String) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try file.write(to: url)
        return url
    }

    static let prompt = "Name three colors."
    static let options = GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 24)

    func answer(_ model: LlamaLanguageModel) async throws -> String {
        let session = LanguageModelSession(model: model, instructions: "Answer briefly.")
        return try await SessionFixtures.freshRespond(session, model: model, to: Self.prompt, options: Self.options).content
    }

    @Test func anAdapterChangesTheAnswerExactlyAsLlamaCppApplyingIt() async throws {
        var file = LoRAAdapterFile.smolLM2()
        file.magnitude = 0.2
        let url = try write(file, "random.gguf")
        let adapter = try SystemLanguageModel.Adapter(fileURL: url)
        let adapted = try await answer(LlamaLanguageModel(path: TestModels.smolLM2Path, adapter: adapter, contextSize: 1024, concurrentSessions: 1))
        let plain = try await answer(SessionFixtures.isolatedSmolLM2(6))
        #expect(adapted != plain)

        // The server's context as large as ours: the attention then runs over the same cache size.
        let server = try await ReferenceServer(modelPath: TestModels.smolLM2Path, contextLength: 1024, extraArguments: ["--lora", url.path])
        defer { server.stop() }
        let reference = try await server.greedyChat(messages: [("system", "Answer briefly."), ("user", Self.prompt)], maximumTokens: 24)
        #expect(adapted == reference)
    }

    @Test func anAdapterOfZerosChangesNothing() async throws {
        var file = LoRAAdapterFile.smolLM2(layers: 4)
        file.magnitude = 0
        let adapter = try SystemLanguageModel.Adapter(fileURL: try write(file, "zeros.gguf"))
        let adapted = try await answer(LlamaLanguageModel(path: TestModels.smolLM2Path, adapter: adapter, contextSize: 1024, concurrentSessions: 1))
        let plain = try await answer(SessionFixtures.isolatedSmolLM2(6))
        #expect(adapted == plain)
    }

    @Test func anAdapterForOtherShapesFailsTheRequestAndLeavesTheModelWorking() async throws {
        let file = LoRAAdapterFile(architecture: "llama", targets: [.init(tensor: "blk.0.attn_q.weight", inputs: 100, outputs: 576)])
        let adapter = try SystemLanguageModel.Adapter(fileURL: try write(file, "wrong-shapes.gguf"))
        let model = LlamaLanguageModel(path: TestModels.smolLM2Path, adapter: adapter, contextSize: 1024, concurrentSessions: 1)
        let session = LanguageModelSession(model: model)
        do {
            _ = try await session.respond(to: Self.prompt, options: Self.options)
            Issue.record("a mismatched adapter answered")
        } catch LanguageModelSession.GenerationError.assetsUnavailable(let context) {
            #expect(context.debugDescription.contains("wrong-shapes.gguf"))
        }
        #expect(session.transcript.count == 0)
        let plain = try await answer(SessionFixtures.isolatedSmolLM2(6))
        #expect(!plain.isEmpty)
    }

    @Test func filesThatAreNotLoRAAdaptersAreInvalidAssets() throws {
        let missing = folder.appendingPathComponent("missing.gguf")
        #expect(throws: SystemLanguageModel.Adapter.AssetError.self) { try SystemLanguageModel.Adapter(fileURL: missing) }
        let text = folder.appendingPathComponent("text.gguf")
        try Data("not a model".utf8).write(to: text)
        #expect(throws: SystemLanguageModel.Adapter.AssetError.self) { try SystemLanguageModel.Adapter(fileURL: text) }
        // A whole model is GGUF but not an adapter.
        do {
            _ = try SystemLanguageModel.Adapter(fileURL: URL(fileURLWithPath: TestModels.smolLM2Path))
            Issue.record("a model was taken for an adapter")
        } catch SystemLanguageModel.Adapter.AssetError.invalidAsset(let context) {
            #expect(context.debugDescription.contains("not a LoRA adapter"))
        }
        var control = LoRAAdapterFile.smolLM2(layers: 1)
        control.type = "control_vector"
        #expect(throws: SystemLanguageModel.Adapter.AssetError.self) { try SystemLanguageModel.Adapter(fileURL: try write(control, "control.gguf")) }
    }

    @Test func aPackCarriesItsCreatorsMetadata() throws {
        let pack = folder.appendingPathComponent("notes_v1.fmadapter")
        try FileManager.default.createDirectory(at: pack, withIntermediateDirectories: true)
        try LoRAAdapterFile.smolLM2(layers: 1).write(to: pack.appendingPathComponent("adapter.gguf"))
        let metadata = #"""
            {"adapterIdentifier": "notes_v1", "creatorDefined": {"version": 3, "task": "notes", "rate": 0.5, "beta": true,
             "tags": ["a", 1], "owner": {"team": "ml"}, "none": null}}
            """#
        try Data(metadata.utf8).write(to: pack.appendingPathComponent("metadata.json"))
        let adapter = try SystemLanguageModel.Adapter(fileURL: pack)
        #expect(adapter.creatorDefinedMetadata["task"] as? String == "notes")
        #expect(adapter.creatorDefinedMetadata["version"] as? Int == 3)
        // The other JSON types as JSONSerialization gives them.
        #expect(adapter.creatorDefinedMetadata["rate"] as? Double == 0.5)
        #expect(adapter.creatorDefinedMetadata["beta"] as? Bool == true)
        let tags = try #require(adapter.creatorDefinedMetadata["tags"] as? [Any])
        #expect(tags.count == 2 && tags[0] as? String == "a" && tags[1] as? Int == 1)
        #expect((adapter.creatorDefinedMetadata["owner"] as? [String: Any])?["team"] as? String == "ml")
        #expect(adapter.creatorDefinedMetadata["none"] is NSNull)
        #expect(adapter.creatorDefinedMetadata.count == 7)

        let bare = try SystemLanguageModel.Adapter(fileURL: pack.appendingPathComponent("adapter.gguf"))
        #expect(bare.creatorDefinedMetadata["general.architecture"] as? String == "llama")

        let empty = folder.appendingPathComponent("empty.fmadapter")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        #expect(throws: SystemLanguageModel.Adapter.AssetError.self) { try SystemLanguageModel.Adapter(fileURL: empty) }
    }
}

/// Named adapters in the adapters folder, checked against the current model's architecture.
@Suite(.serialized) struct AdapterFolderTests {
    @Test func namesFindCompatibleAdaptersAndObsoleteOnesAreRemoved() throws {
        let baseModel = LocalModelSettings.current.modelPath
        guard let architecture = (try? GGUFMetadata(contentsOfFile: baseModel))?["general.architecture"] else {
            #expect(!TestModels.modelsRequired, "the default model is not set up at \(baseModel)")
            return
        }
        let folder = try ScratchFolder.make("fm-named")
        let target = LoRAAdapterFile.Target(tensor: "blk.0.attn_q.weight", inputs: 8, outputs: 8)
        try LoRAAdapterFile(architecture: architecture, targets: [target]).write(to: folder.appendingPathComponent("notes_v1.gguf"))
        try LoRAAdapterFile(architecture: "gpt2-\(architecture)", targets: [target]).write(to: folder.appendingPathComponent("notes_v2.gguf"))
        try LoRAAdapterFile(architecture: architecture, targets: [target]).write(to: folder.appendingPathComponent("other.gguf"))
        try LoRAAdapterFile(architecture: architecture, targets: [target]).write(to: folder.appendingPathComponent("notesextra.gguf"))
        try Data("junk".utf8).write(to: folder.appendingPathComponent("notes_v4.gguf"))
        setenv("FM_ADAPTERS_DIR", folder.path, 1)
        defer { unsetenv("FM_ADAPTERS_DIR") }

        #expect(SystemLanguageModel.Adapter.compatibleAdapterIdentifiers(name: "notes") == ["notes_v1"])
        #expect(SystemLanguageModel.Adapter.compatibleAdapterIdentifiers(name: "no-such name").isEmpty)
        _ = try SystemLanguageModel.Adapter(name: "notes")
        do {
            _ = try SystemLanguageModel.Adapter(name: "notes-v1")
            Issue.record("a name with a hyphen was accepted")
        } catch SystemLanguageModel.Adapter.AssetError.invalidAdapterName {}
        do {
            _ = try SystemLanguageModel.Adapter(name: "summaries")
            Issue.record("a missing adapter was found")
        } catch SystemLanguageModel.Adapter.AssetError.compatibleAdapterNotFound {}

        try SystemLanguageModel.Adapter.removeObsoleteAdapters()
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(left == ["notes_v1.gguf", "notesextra.gguf", "other.gguf"])
    }

    @Test func compilingAnAdapterForAnotherArchitectureIsAnInvalidAsset() async throws {
        let baseModel = LocalModelSettings.current.modelPath
        guard let architecture = (try? GGUFMetadata(contentsOfFile: baseModel))?["general.architecture"] else {
            #expect(!TestModels.modelsRequired, "the default model is not set up at \(baseModel)")
            return
        }
        let url = try ScratchFolder.file("fm-other.gguf")
        let other = architecture == "llama" ? "qwen2" : "llama"
        try LoRAAdapterFile(architecture: other, targets: [.init(tensor: "blk.0.attn_q.weight", inputs: 8, outputs: 8)]).write(to: url)
        let adapter = try SystemLanguageModel.Adapter(fileURL: url)
        await #expect(throws: SystemLanguageModel.Adapter.AssetError.self) { try await adapter.compile() }
        let model = SystemLanguageModel(adapter: adapter)
        #expect(model.isAvailable)
        try FileManager.default.removeItem(at: url)
        #expect(model.availability == .unavailable(.modelNotReady))
    }
}
