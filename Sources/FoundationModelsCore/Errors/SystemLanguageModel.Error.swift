public import Foundation

extension SystemLanguageModel {
    /// Why the model cannot be used (OS 27).
    public enum Error: LocalizedError {
        /// The model's assets (its weights file) are missing, disappeared, or could not be loaded.
        case assetsUnavailable(SystemLanguageModel.Error.AssetsUnavailable)

        /// The details of missing assets.
        public struct AssetsUnavailable: Sendable {
            /// A description of what went wrong, for developers.
            public var debugDescription: String

            /// Creates the details of missing assets.
            ///
            /// - Parameter debugDescription: A description of what went wrong.
            public init(debugDescription: String) {
                self.debugDescription = debugDescription
            }
        }

        /// The OS 27 error for an OS 26 error, or nil when it is not about the model's assets.
        ///
        /// - Parameter error: The error this package threw.
        public init?(_ error: LanguageModelSession.GenerationError) {
            guard case .assetsUnavailable(let context) = error else { return nil }
            self = .assetsUnavailable(AssetsUnavailable(debugDescription: context.debugDescription))
        }

        /// A short description of the error.
        public var errorDescription: String? {
            "The language model is not available."
        }

        /// What caused the error.
        public var failureReason: String? {
            switch self {
            case .assetsUnavailable(let details): details.debugDescription
            }
        }

        /// What to do about the error.
        public var recoverySuggestion: String? {
            "Run scripts/setup.sh to install the model, or point FM_MODEL at a valid GGUF file."
        }
    }
}

extension SystemLanguageModel.Error: CustomDebugStringConvertible {
    /// The error's description and details.
    public var debugDescription: String {
        switch self {
        case .assetsUnavailable(let details): "The language model is not available (\(details.debugDescription))"
        }
    }
}
