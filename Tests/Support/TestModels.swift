package import Foundation
package import Testing
package import LlamaBackend
import FoundationModels

/// The real models the integration tests run on, and whether they are present.
package enum TestModels {
    package static let smolLM2Path = ModelCatalog.path(of: .smolLM2)
    package static let qwenPath = ModelCatalog.path(of: .qwen25Coder05B)
    /// The 1.5B model, the default model of `scripts/setup.sh`.
    package static let qwenLargePath = ModelCatalog.path(of: .qwen25Coder15B)
    /// The embedding model (all-MiniLM-L6-v2), which `scripts/setup.sh` converts to GGUF.
    package static let embeddingPath = ModelCatalog.embeddingModelPath
    package static var hasEmbeddingModel: Bool { FileManager.default.fileExists(atPath: embeddingPath) }

    /// The package's root folder (where `Package.swift` is).
    package static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    package static var hasSmolLM2: Bool { FileManager.default.fileExists(atPath: smolLM2Path) }
    package static var hasQwen: Bool { FileManager.default.fileExists(atPath: qwenPath) }

    /// CPU threads for engines the tests create (`FM_THREADS`, which scripts/test.sh sets to 1:
    /// llama.cpp's spinning thread barriers collapse when parallel suites compete for the cores).
    package static let threads: Int? = ProcessInfo.processInfo.environment["FM_THREADS"].flatMap(Int.init)

    /// Whether model tests must run (scripts/test.sh sets `FM_REQUIRE_MODELS=1`): a missing
    /// model then fails the tests instead of skipping them.
    package static var modelsRequired: Bool {
        ProcessInfo.processInfo.environment["FM_REQUIRE_MODELS"] == "1"
    }

    /// Says loudly why model tests are skipped (a bare `swift test` without `scripts/setup.sh`).
    package static func announceIfMissing() -> Bool {
        if !hasSmolLM2 {
            print("⚠️  SmolLM2 is not set up at \(smolLM2Path): model tests are SKIPPED. Run scripts/test.sh.")
        }
        return hasSmolLM2 || modelsRequired
    }

    /// Whether the 1.5B model's tests run: where it is installed, and under `FM_REQUIRE_MODELS=1`
    /// (then a missing model fails them, as every model test does); says so when they are skipped.
    package static func announceIfQwenLargeIsMissing() -> Bool {
        let installed = FileManager.default.fileExists(atPath: qwenLargePath)
        if installed || ProcessInfo.processInfo.environment["FM_REQUIRE_MODELS"] == "1" { return true }
        print("note: tests of the 1.5B model are skipped: \(qwenLargePath) is not set up (scripts/setup.sh)")
        return false
    }

    package static func smolLM2() throws -> LlamaModel {
        try LlamaModelStore.shared.modelSynchronously(at: smolLM2Path)
    }

    /// One engine per test process: loading contexts is the slow part of these tests.
    package static let smolEngine: InferenceEngine? = {
        guard hasSmolLM2, let model = try? smolLM2() else { return nil }
        return try? InferenceEngine(model: model, configuration: ContextConfiguration(tokensPerSequence: 2048, sequences: 4, threads: threads))
    }()

    /// SmolLM2's ChatML formatting of one system and one user message, with the assistant prefix.
    package static func chatML(system: String, user: String) -> String {
        "<|im_start|>system\n\(system)<|im_end|>\n<|im_start|>user\n\(user)<|im_end|>\n<|im_start|>assistant\n"
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs the test only when the embedding model is set up (always under scripts/test.sh,
    /// where a missing model fails the test).
    package static var requiresEmbeddingModel: Self {
        .enabled(
            if: TestModels.hasEmbeddingModel || TestModels.modelsRequired, "all-MiniLM-L6-v2 is not set up at \(TestModels.embeddingPath): run scripts/setup.sh")
    }

    /// Runs the test only when SmolLM2 is set up (and says so loudly when it is not).
    package static var requiresSmolLM2: Self {
        .enabled(if: TestModels.announceIfMissing(), "SmolLM2 is not set up: run scripts/setup.sh")
    }
}
