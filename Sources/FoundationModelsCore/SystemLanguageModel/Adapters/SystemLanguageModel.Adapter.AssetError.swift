public import Foundation

extension SystemLanguageModel.Adapter {
    /// Why an adapter could not be opened or used.
    public enum AssetError: Error, LocalizedError {
        /// Details about an asset error.
        public struct Context: Sendable {
            /// A description of what went wrong, for developers.
            public let debugDescription: String

            /// Creates a context.
            ///
            /// - Parameter debugDescription: A description of what went wrong.
            public init(debugDescription: String) {
                self.debugDescription = debugDescription
            }
        }

        /// The adapter is missing, not a LoRA adapter in GGUF format, or does not fit the model.
        case invalidAsset(SystemLanguageModel.Adapter.AssetError.Context)
        /// The adapter name has characters other than letters, digits and underscores.
        case invalidAdapterName(SystemLanguageModel.Adapter.AssetError.Context)
        /// No adapter with the name is compatible with the current model.
        case compatibleAdapterNotFound(SystemLanguageModel.Adapter.AssetError.Context)

        /// A description of the error.
        public var errorDescription: String? {
            switch self {
            case .invalidAsset(let context): "The adapter is invalid. \(context.debugDescription)"
            case .invalidAdapterName(let context): "The adapter name is invalid. \(context.debugDescription)"
            case .compatibleAdapterNotFound(let context): "No compatible adapter was found. \(context.debugDescription)"
            }
        }

        /// How to recover from the error.
        public var recoverySuggestion: String? {
            switch self {
            case .invalidAsset:
                "Use a LoRA adapter in llama.cpp's GGUF format trained for the current model."
            case .invalidAdapterName:
                "Use the adapter's name without version suffix, with letters, digits and underscores only."
            case .compatibleAdapterNotFound:
                "Put a LoRA adapter for the current model in the adapters folder (FM_ADAPTERS_DIR), "
                    + "or fall back to the model without an adapter."
            }
        }
    }
}
