public import Foundation
import LlamaBackend

extension SystemLanguageModel {
    /// The languages the model supports, from its metadata (`general.languages`), or the languages
    /// its family is trained on (English when neither is known).
    ///
    /// A prompt clearly written in a script that none of these languages uses fails with
    /// ``LanguageModelSession/GenerationError/unsupportedLanguageOrLocale(_:)``.
    public var supportedLanguages: Set<Locale.Language> {
        guard let model = try? LlamaModelStore.shared.vocabularyModel(at: settings.modelPath) else { return [] }
        return Set(ModelLanguages.supported(by: model).codes.map { Locale.Language(identifier: $0) })
    }

    /// Whether the model supports a locale's language.
    ///
    /// - Parameter locale: The locale; the current one by default.
    /// - Returns: True when the locale's language is among ``supportedLanguages``.
    public func supportsLocale(_ locale: Locale = Locale.current) -> Bool {
        guard let code = locale.language.languageCode?.identifier else { return false }
        return supportedLanguages.contains { $0.languageCode?.identifier == code }
    }
}
