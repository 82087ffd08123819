import Foundation

/// The exact checks the suite makes on answer text: words, numbers, facts and what looks like a
/// tool call or JSON rather than an answer.
enum AnswerText {
    /// The number of words (runs of non-whitespace).
    static func wordCount(_ text: String) -> Int {
        text.split(whereSeparator: \.isWhitespace).count
    }

    /// The numbers written in digits, in order, without thousands separators ("1,200" is
    /// "1200"; "7.4" stays; "6:40" is 6 and 40).
    static func numbers(in text: String) -> [String] {
        var numbers: [String] = []
        var current = ""
        let characters = Array(text)
        for (index, character) in characters.enumerated() {
            if character.isASCII, character.isNumber {
                current.append(character)
            } else if (character == "." || character == ","), !current.isEmpty, index + 1 < characters.count,
                characters[index + 1].isASCII, characters[index + 1].isNumber
            {
                if character == "." { current.append(character) }
            } else if !current.isEmpty {
                numbers.append(current)
                current = ""
            }
        }
        if !current.isEmpty { numbers.append(current) }
        return numbers
    }

    /// Number words a model may write instead of digits.
    private static let numberWords = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "thirteen",
        "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty"
    ]

    private static let months = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"
    ]

    /// Whether `text` states `fact`: a number as a number (digits, or its word up to twenty), a
    /// date written "28 April 2026" in the common forms (28 April, April 28, 28th April,
    /// 2026-04-28), anything else as words, ignoring case and diacritics.
    static func states(_ text: String, fact: String) -> Bool {
        let fact = fact.trimmingCharacters(in: .whitespaces)
        if !fact.isEmpty, fact.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }) {
            if numbers(in: text).contains(fact) { return true }
            guard let value = Int(fact), value < numberWords.count else { return false }
            return words(of: text).contains(numberWords[value])
        }
        if let forms = dateForms(fact) {
            return forms.contains { contains(text, $0) }
        }
        return contains(text, fact)
    }

    /// The ways of writing a date given as "28 April 2026" or, without a year, "28 April" (then
    /// without the ISO form), or `nil` if `fact` is not one.
    static func dateForms(_ fact: String) -> [String]? {
        let parts = fact.split(separator: " ").map(String.init)
        guard parts.count == 2 || parts.count == 3, let day = Int(parts[0]), (1...31).contains(day), let month = months.firstIndex(of: parts[1])
        else { return nil }
        let name = parts[1]
        let suffix =
            switch day {
            case 1, 21, 31: "st"
            case 2, 22: "nd"
            case 3, 23: "rd"
            default: "th"
            }
        let forms = ["\(day) \(name)", "\(name) \(day)", "\(day)\(suffix) \(name)", "\(day)\(suffix) of \(name)"]
        guard parts.count == 3 else { return forms }
        guard let year = Int(parts[2]) else { return nil }
        return forms + [String(format: "%04d-%02d-%02d", year, month + 1, day)]
    }

    /// Whether `text` contains `phrase`, ignoring case and diacritics.
    static func contains(_ text: String, _ phrase: String) -> Bool {
        text.range(of: phrase, options: [.caseInsensitive, .diacriticInsensitive]) != nil
    }

    /// Whether `text` has `name` as whole words, or their plural (not inside a longer word:
    /// "Bea" is not in "beautiful"; "brown hare" is in "brown hares"), ignoring case and
    /// diacritics.
    static func names(_ text: String, _ name: String) -> Bool {
        let isWordCharacter = { (character: Character?) in character.map { $0.isLetter || $0.isNumber } ?? false }
        var searched = text.startIndex..<text.endIndex
        while let found = text.range(of: name, options: [.caseInsensitive, .diacriticInsensitive], range: searched), !found.isEmpty {
            let before = found.lowerBound == text.startIndex ? nil : text[text.index(before: found.lowerBound)]
            var end = found.upperBound
            for suffix in ["es", "s"] where text[end...].prefix(suffix.count).lowercased() == suffix {
                let afterSuffix = text.index(end, offsetBy: suffix.count)
                if afterSuffix == text.endIndex || !isWordCharacter(text[afterSuffix]) {
                    end = afterSuffix
                    break
                }
            }
            if !isWordCharacter(before), !isWordCharacter(end == text.endIndex ? nil : text[end]) {
                return true
            }
            searched = text.index(after: found.lowerBound)..<text.endIndex
        }
        return false
    }

    /// The lowercased words of a text (letters and digits).
    static func words(of text: String) -> [String] {
        text.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
    }

    /// Whether a short answer looks like a tool call or JSON rather than an answer: brackets,
    /// braces or quotes, a tool-call field ("name", "arguments"), or the name of a tool.
    static func looksLikeToolCallOrJSON(_ text: String, toolNames: [String] = []) -> Bool {
        if text.contains(where: { "{}[]\"<>".contains($0) }) { return true }
        let lowered = text.lowercased()
        if lowered.contains("arguments") || lowered.contains("tool_call") || lowered.contains("name:") { return true }
        return toolNames.contains { lowered.contains($0.lowercased()) }
    }
}
