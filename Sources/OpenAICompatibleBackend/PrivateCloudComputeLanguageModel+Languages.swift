public import Foundation

extension PrivateCloudComputeLanguageModel {
    /// The languages the server's model supports: ``PrivateCloudComputeSettings/supportedLanguages``
    /// (`FM_PCC_LANGUAGES`), since an OpenAI-compatible server does not say.
    public var supportedLanguages: Set<Locale.Language> {
        settings.supportedLanguages
    }

    /// Whether the server's model supports a locale's language.
    ///
    /// - Parameter locale: The locale; the current one by default.
    /// - Returns: True when the locale's language is among ``supportedLanguages``.
    public func supportsLocale(_ locale: Locale = Locale.current) -> Bool {
        guard let code = locale.language.languageCode?.identifier else { return false }
        return supportedLanguages.contains { $0.languageCode?.identifier == code }
    }
}
