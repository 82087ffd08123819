import Foundation
import Testing
@testable import LlamaBackend

/// The real models the integration tests run on, and whether they are present.
enum TestModels {
    static let smolLM2Path = ModelCatalog.path(of: .smolLM2)
    static let qwenPath = ModelCatalog.path(of: .qwen25Coder05B)

    static var hasSmolLM2: Bool { FileManager.default.fileExists(atPath: smolLM2Path) }
    static var hasQwen: Bool { FileManager.default.fileExists(atPath: qwenPath) }

    /// Says loudly why model tests are skipped (a bare `swift test` without `scripts/setup.sh`).
    static func announceIfMissing() -> Bool {
        if !hasSmolLM2 {
            print("⚠️  SmolLM2 is not set up at \(smolLM2Path): model tests are SKIPPED. Run scripts/test.sh.")
        }
        return hasSmolLM2
    }

    static func smolLM2() throws -> LlamaModel {
        try LlamaModelStore.shared.modelSynchronously(at: smolLM2Path)
    }

    /// One engine per test process: loading contexts is the slow part of these tests.
    static let smolEngine: InferenceEngine? = {
        guard hasSmolLM2, let model = try? smolLM2() else { return nil }
        return try? InferenceEngine(model: model, configuration: ContextConfiguration(tokensPerSequence: 2048, sequences: 4))
    }()

    /// SmolLM2's ChatML formatting of one system and one user message, with the assistant prefix.
    static func chatML(system: String, user: String) -> String {
        "<|im_start|>system\n\(system)<|im_end|>\n<|im_start|>user\n\(user)<|im_end|>\n<|im_start|>assistant\n"
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs the test only when SmolLM2 is set up (and says so loudly when it is not).
    static var requiresSmolLM2: Self {
        .enabled(if: TestModels.announceIfMissing(), "SmolLM2 is not set up: run scripts/setup.sh")
    }
}
