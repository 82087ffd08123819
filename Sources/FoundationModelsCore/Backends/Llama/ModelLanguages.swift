import Foundation
import LlamaBackend

/// The languages a local model supports, and the check that turns a prompt in another script
/// into ``LanguageModelSession/GenerationError/unsupportedLanguageOrLocale(_:)``.
enum ModelLanguages {
    /// The model's languages (ISO 639 codes): its metadata's `general.languages`, or the documented
    /// languages of its family. `isDeclared` is false when neither is known and English is only
    /// assumed; the language check is then skipped.
    static func supported(by model: LlamaModel) -> (codes: [String], isDeclared: Bool) {
        let declared = model.languages
        if !declared.isEmpty { return (declared, true) }
        if model.architecture.hasPrefix("qwen") { return (qwenLanguages, true) }
        return (["en"], false)
    }

    /// Throws when the text is clearly written in a script that none of the model's declared
    /// languages uses (see ``WritingScript``).
    ///
    /// - Throws: ``LanguageModelSession/GenerationError/unsupportedLanguageOrLocale(_:)`` naming
    ///   the script, the language it most likely is, and the model's languages.
    static func check(_ text: String, model: LlamaModel) throws {
        let (codes, isDeclared) = supported(by: model)
        guard isDeclared, let script = WritingScript.dominant(in: text) else { return }
        let supported = Set(codes.map { $0.lowercased().split(separator: "-").first.map(String.init) ?? $0 })
        guard supported.isDisjoint(with: script.languages), let language = script.languages.first else { return }
        throw LanguageModelSession.GenerationError.unsupportedLanguageOrLocale(
            .init(
                debugDescription: "The prompt is written in \(script.rawValue) script (most likely the language \(language)), "
                    + "which none of the model's languages (\(codes.joined(separator: ", "))) uses.",
                details: .language(Locale.LanguageCode(language))))
    }

    /// The languages Qwen2.5 models are documented to support.
    static let qwenLanguages = [
        "zh", "en", "fr", "es", "pt", "de", "it", "ru", "ja", "ko", "vi", "th", "ar", "id", "tr",
        "nl", "pl", "cs", "he", "hi", "ms", "fa", "uk", "sv", "da", "fi", "nb", "el", "hu", "ro"
    ]
}
