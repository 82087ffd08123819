public import Foundation
import LlamaBackend

extension SystemLanguageModel {
    /// The languages the model supports, from its metadata (`general.languages`), or the languages
    /// its family is trained on.
    public var supportedLanguages: Set<Locale.Language> {
        guard let model = try? LlamaModelStore.shared.vocabularyModel(at: settings.modelPath) else { return [] }
        var codes = model.languages
        if codes.isEmpty {
            codes = model.architecture.hasPrefix("qwen") ? Self.qwenLanguages : ["en"]
        }
        return Set(codes.map { Locale.Language(identifier: $0) })
    }

    /// Whether the model supports a locale's language.
    ///
    /// - Parameter locale: The locale; the current one by default.
    /// - Returns: True when the locale's language is among ``supportedLanguages``.
    public func supportsLocale(_ locale: Locale = Locale.current) -> Bool {
        guard let code = locale.language.languageCode?.identifier else { return false }
        return supportedLanguages.contains { $0.languageCode?.identifier == code }
    }

    /// The languages Qwen2.5 models are documented to support.
    static let qwenLanguages = [
        "zh", "en", "fr", "es", "pt", "de", "it", "ru", "ja", "ko", "vi", "th", "ar", "id", "tr",
        "nl", "pl", "cs", "he", "hi", "ms", "fa", "uk", "sv", "da", "fi", "nb", "el", "hu", "ro",
    ]
}
