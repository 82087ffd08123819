import Foundation
public import Observation
import LlamaBackend
import Synchronization

/// The on-device language model: on Linux, a local GGUF model run by llama.cpp.
///
/// Check ``availability`` before creating sessions, as on Apple platforms:
///
/// ```swift
/// switch SystemLanguageModel.default.availability {
/// case .available: showEditor()
/// case .unavailable(.modelNotReady): showSetUpHint()      // run scripts/setup.sh
/// case .unavailable(let reason): showUnavailable(reason)
/// }
/// ```
///
/// Which model file backs it, and its context size, come from ``LocalModelSettings``.
public final class SystemLanguageModel: Sendable, Observable {
    /// What the model is used for.
    public struct UseCase: Sendable, Equatable {
        let name: String

        /// General-purpose generation.
        public static let general = UseCase(name: "general")
        /// Tagging and extracting entities from content.
        public static let contentTagging = UseCase(name: "contentTagging")
    }

    /// The safety guardrails applied to prompts and responses.
    ///
    /// Local models have no separate guardrail model: both values behave alike here.
    public struct Guardrails: Sendable {
        let name: String

        /// The default guardrails.
        public static let `default` = Guardrails(name: "default")
        /// Guardrails for transforming content the user provides (rewriting, summarizing).
        public static let permissiveContentTransformations = Guardrails(name: "permissiveContentTransformations")
    }

    /// The use case the model was created for.
    let useCase: UseCase
    /// The guardrails the model was created with.
    let guardrails: Guardrails
    /// The local model behind it.
    let settings: LocalModelSettings

    /// A model on explicit local settings, for servers and tests that must not change
    /// ``LocalModelSettings/current`` (an addition of this package, not Apple's).
    package init(useCase: UseCase = .general, guardrails: Guardrails = .default, settings: LocalModelSettings) {
        self.useCase = useCase
        self.guardrails = guardrails
        self.settings = settings
    }

    /// Creates a model specialized by an adapter.
    ///
    /// The adapter applies on top of the current model (``LocalModelSettings/current``); sessions
    /// on it run on their own engine, sharing the model's weights with plain sessions.
    ///
    /// - Parameters:
    ///   - adapter: The LoRA adapter.
    ///   - guardrails: The guardrails to apply.
    public convenience init(adapter: SystemLanguageModel.Adapter, guardrails: SystemLanguageModel.Guardrails = .default) {
        var settings = LocalModelSettings.current
        settings.adapterPath = adapter.weightsPath
        self.init(useCase: .general, guardrails: guardrails, settings: settings)
    }

    /// Creates a model for a use case.
    ///
    /// - Parameters:
    ///   - useCase: What the model is used for.
    ///   - guardrails: The guardrails to apply.
    public convenience init(useCase: SystemLanguageModel.UseCase = .general, guardrails: SystemLanguageModel.Guardrails = Guardrails.default) {
        self.init(useCase: useCase, guardrails: guardrails, settings: LocalModelSettings.current)
    }

    private static let shared = Mutex<SystemLanguageModel?>(nil)

    /// The default model, configured by ``LocalModelSettings/current``.
    public static var `default`: SystemLanguageModel {
        let settings = LocalModelSettings.current
        return shared.withLock { shared in
            if let model = shared, model.settings == settings { return model }
            let model = SystemLanguageModel(useCase: .general, guardrails: .default, settings: settings)
            shared = model
            return model
        }
    }

    /// The number of tokens a session can hold: instructions, transcript, prompt and response.
    public var contextSize: Int {
        settings.contextSize
    }
}
