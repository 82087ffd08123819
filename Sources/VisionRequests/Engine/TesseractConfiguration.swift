/// What a Tesseract instance is initialised with; instances with equal configurations are
/// interchangeable, which is what lets ``TesseractPool`` reuse them.
struct TesseractConfiguration: Hashable, Sendable {
    /// The model folder.
    var folder: String
    /// Tesseract's language string: model names joined by `+` (`eng+deu`).
    var languages: String
    /// Whether the dictionaries (`load_system_dawg`, `load_freq_dawg`) are loaded.
    var usesLanguageCorrection: Bool
    /// Extra words for the dictionary, one a line in a `user_words_file`.
    var customWords: [String]

    /// The init-only variables this configuration sets (they cannot change after `Init`).
    var initVariables: [(name: String, value: String)] {
        // Tesseract writes diagnostics ("Estimating resolution as …") to standard error unless told
        // where else to put them.
        var variables = [(name: "debug_file", value: "/dev/null")]
        if !usesLanguageCorrection {
            variables += [("load_system_dawg", "0"), ("load_freq_dawg", "0")]
        }
        return variables
    }
}
