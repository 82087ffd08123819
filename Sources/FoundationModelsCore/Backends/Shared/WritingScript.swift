/// The writing system of a text, told from its letters' Unicode blocks: how local models decide
/// that a prompt's language is unsupported (Foundation's `NLLanguageRecognizer` is not on Linux).
///
/// A script only narrows the language down: Cyrillic text is Russian, Ukrainian, Bulgarian, …,
/// and Latin text is any of dozens of languages. So a prompt is rejected only when its dominant
/// script is used by **none** of the model's languages: Russian is caught on an English-only
/// model, French is not (both are Latin). Han characters without kana count as Chinese (and
/// Japanese); kana make the text Japanese.
enum WritingScript: String, CaseIterable, Sendable {
    case latin, cyrillic, greek, armenian, georgian, hebrew, arabic, devanagari, bengali, gurmukhi
    case gujarati, tamil, telugu, kannada, malayalam, sinhala, thai, lao, khmer, myanmar, tibetan
    case ethiopic, hangul, kana, han

    /// The languages (ISO 639 codes) written in this script, the most common first.
    var languages: [String] {
        switch self {
        case .latin:
            [
                "en", "fr", "es", "pt", "de", "it", "nl", "pl", "cs", "sk", "sl", "hr", "bs", "ro", "hu", "sv", "da",
                "nb", "no", "nn", "fi", "et", "lv", "lt", "is", "ga", "cy", "eu", "ca", "gl", "tr", "az", "uz", "id",
                "ms", "vi", "tl", "fil", "sw", "af", "sq", "mt", "ha", "yo", "ig", "zu", "xh", "so", "la", "eo"
            ]
        case .cyrillic: ["ru", "uk", "be", "bg", "sr", "mk", "kk", "ky", "mn", "tg"]
        case .greek: ["el"]
        case .armenian: ["hy"]
        case .georgian: ["ka"]
        case .hebrew: ["he", "yi"]
        case .arabic: ["ar", "fa", "ur", "ps", "ku", "sd", "ug"]
        case .devanagari: ["hi", "mr", "ne", "sa"]
        case .bengali: ["bn", "as"]
        case .gurmukhi: ["pa"]
        case .gujarati: ["gu"]
        case .tamil: ["ta"]
        case .telugu: ["te"]
        case .kannada: ["kn"]
        case .malayalam: ["ml"]
        case .sinhala: ["si"]
        case .thai: ["th"]
        case .lao: ["lo"]
        case .khmer: ["km"]
        case .myanmar: ["my"]
        case .tibetan: ["bo"]
        case .ethiopic: ["am", "ti"]
        case .hangul: ["ko"]
        case .kana: ["ja"]
        case .han: ["zh", "ja"]
        }
    }

    /// The script of one letter, or nil for letters of other scripts and for everything that is
    /// not a letter (digits, punctuation, symbols, emoji).
    init?(_ scalar: Unicode.Scalar) {
        guard scalar.properties.isAlphabetic || scalar.properties.isIdeographic else { return nil }
        let value = scalar.value
        for (range, script) in Self.blocks where range.contains(value) {
            self = script
            return
        }
        return nil
    }

    /// The script most of a text's letters are in, when it is clear: at least `minimumLetters`
    /// letters, and at least `minimumShare` of them in that script (Han and kana together count
    /// as Japanese when kana are at least a tenth of them).
    static func dominant(in text: String, minimumLetters: Int = 8, minimumShare: Double = 0.6) -> WritingScript? {
        var counts: [WritingScript: Int] = [:]
        var letters = 0
        for scalar in text.unicodeScalars {
            guard let script = WritingScript(scalar) else { continue }
            counts[script, default: 0] += 1
            letters += 1
        }
        guard letters >= minimumLetters else { return nil }
        let kana = counts[.kana] ?? 0
        if kana > 0, kana * 10 >= kana + (counts[.han] ?? 0) {
            counts[.kana] = kana + (counts[.han] ?? 0)
            counts[.han] = nil
        }
        guard let (script, count) = counts.max(by: { $0.value < $1.value }),
            Double(count) >= minimumShare * Double(letters)
        else { return nil }
        return script
    }

    /// Unicode blocks (and the main extension blocks) of each script.
    private static let blocks: [(ClosedRange<UInt32>, WritingScript)] = [
        (0x0041...0x024F, .latin), (0x1E00...0x1EFF, .latin), (0x2C60...0x2C7F, .latin), (0xA720...0xA7FF, .latin),
        (0xFF21...0xFF5A, .latin),
        (0x0370...0x03FF, .greek), (0x1F00...0x1FFF, .greek),
        (0x0400...0x052F, .cyrillic), (0x1C80...0x1C8F, .cyrillic), (0x2DE0...0x2DFF, .cyrillic), (0xA640...0xA69F, .cyrillic),
        (0x0530...0x058F, .armenian), (0x10A0...0x10FF, .georgian), (0x0590...0x05FF, .hebrew),
        (0x0600...0x06FF, .arabic), (0x0750...0x077F, .arabic), (0x08A0...0x08FF, .arabic), (0xFB50...0xFDFF, .arabic),
        (0xFE70...0xFEFF, .arabic),
        (0x0900...0x097F, .devanagari), (0x0980...0x09FF, .bengali), (0x0A00...0x0A7F, .gurmukhi),
        (0x0A80...0x0AFF, .gujarati), (0x0B80...0x0BFF, .tamil), (0x0C00...0x0C7F, .telugu),
        (0x0C80...0x0CFF, .kannada), (0x0D00...0x0D7F, .malayalam), (0x0D80...0x0DFF, .sinhala),
        (0x0E00...0x0E7F, .thai), (0x0E80...0x0EFF, .lao), (0x0F00...0x0FFF, .tibetan), (0x1000...0x109F, .myanmar),
        (0x1200...0x139F, .ethiopic), (0x1780...0x17FF, .khmer),
        (0x1100...0x11FF, .hangul), (0x3130...0x318F, .hangul), (0xAC00...0xD7AF, .hangul),
        (0x3040...0x309F, .kana), (0x30A0...0x30FF, .kana), (0x31F0...0x31FF, .kana), (0xFF66...0xFF9F, .kana),
        (0x3400...0x4DBF, .han), (0x4E00...0x9FFF, .han), (0xF900...0xFAFF, .han), (0x20000...0x3134F, .han)
    ]
}
