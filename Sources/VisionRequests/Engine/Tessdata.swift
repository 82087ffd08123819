import Foundation

/// Where Tesseract's trained models are, and which languages they cover.
///
/// The folder is `TESSDATA_PREFIX` when it is set (the folder of the `.traineddata` files, or its
/// parent), else the first of Debian's and the usual install folders that holds a model.
enum Tessdata {
    /// The folders searched after `TESSDATA_PREFIX`, newest Tesseract first.
    static let standardFolders = [
        "/usr/share/tesseract-ocr/5/tessdata", "/usr/share/tesseract-ocr/4.00/tessdata",
        "/usr/share/tessdata", "/usr/local/share/tessdata", "/opt/homebrew/share/tessdata"
    ]

    /// The model folder, or `nil` when none holds a `.traineddata` file.
    static let folder: String? = {
        var candidates: [String] = []
        if let prefix = ProcessInfo.processInfo.environment["TESSDATA_PREFIX"], !prefix.isEmpty {
            candidates += [prefix, (prefix as NSString).appendingPathComponent("tessdata")]
        }
        candidates += standardFolders
        return candidates.first { !models(in: $0).isEmpty }
    }()

    /// The model names (`eng`, `deu`, …) installed in the folder, sorted.
    static let installedModels: [String] = folder.map(models(in:)) ?? []

    private static func models(in folder: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasSuffix(".traineddata") }.map { String($0.dropLast(".traineddata".count)) }.sorted()
    }

    /// Tesseract's model name for a language: its ISO 639-2 code, with the script for Chinese,
    /// Serbian and Uzbek. `nil` for `osd` and `equ`, which are no languages.
    static func model(for language: Locale.Language) -> String? {
        guard let code = language.languageCode?.identifier(.alpha3) ?? language.languageCode?.identifier else { return nil }
        let script = language.script?.identifier
        switch code {
        case "zho", "chi": return script == "Hant" ? "chi_tra" : "chi_sim"
        case "srp": return script == "Latn" ? "srp_latn" : "srp"
        case "uzb": return script == "Cyrl" ? "uzb_cyrl" : "uzb"
        default: return code
        }
    }

    /// The language of a model name, or `nil` for models that are scripts or no language at all.
    static func language(forModel model: String) -> Locale.Language? {
        switch model {
        case "osd", "equ": return nil
        case "chi_sim": return Locale.Language(identifier: "zh-Hans")
        case "chi_tra": return Locale.Language(identifier: "zh-Hant")
        case "srp_latn": return Locale.Language(identifier: "sr-Latn")
        case "uzb_cyrl": return Locale.Language(identifier: "uz-Cyrl")
        default:
            guard !model.isEmpty, !model.contains("_"), model.first?.isUppercase == false else { return nil }
            let short = Locale.LanguageCode(model).identifier(.alpha2) ?? model
            return Locale.Language(identifier: short)
        }
    }
}
