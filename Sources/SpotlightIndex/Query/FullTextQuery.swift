import Foundation

/// Words to search for, turned into an FTS5 `MATCH` expression that can only mean "any of these
/// words": the one way user or model text reaches SQLite's full-text syntax.
///
/// Text is split into words at every character that is not a letter or a digit, so quotes,
/// `NEAR`, `*`, `^`, `:`, `-` and parentheses are separators or plain words; each word is then
/// quoted. A word such as `NEAR`, `AND` or `OR` is searched for as a word.
package struct FullTextQuery: Sendable, Equatable {
    /// The words, lowercased, in their first order, without repeats.
    package let terms: [String]

    /// The most words a query keeps (a model can write a long query).
    package static let maximumTerms = 32
    /// The longest word kept, in characters.
    package static let maximumTermLength = 64

    /// Splits text into words, dropping common English function words unless nothing else is left.
    ///
    /// - Parameter text: A user's or a model's query, in any syntax.
    package init(_ text: String) {
        let words = Self.words(in: text)
        let content = words.filter { !Self.stopWords.contains($0) }
        var seen = Set<String>()
        terms = Array((content.isEmpty ? words : content).filter { seen.insert($0).inserted }.prefix(Self.maximumTerms))
    }

    /// A query of exactly these words (each split and lowercased like text).
    package init(terms: [String]) {
        var seen = Set<String>()
        self.terms = Array(terms.flatMap(Self.words(in:)).filter { seen.insert($0).inserted }.prefix(Self.maximumTerms))
    }

    /// Whether there is nothing to search for.
    package var isEmpty: Bool { terms.isEmpty }

    /// The `MATCH` expression: the quoted words joined by `OR`, or `nil` when there are none.
    ///
    /// BM25 sums the words' scores, so items that match more of the words rank higher.
    package var matchExpression: String? {
        terms.isEmpty ? nil : Self.expression([terms])
    }

    /// A `MATCH` expression that needs a word of every group: `[["a", "b"], ["c"]]` is
    /// `("a" OR "b") AND ("c")`. Its phrases are the words, in the order given.
    static func expression(_ groups: [[String]]) -> String {
        groups.map { "(" + $0.map(quoted).joined(separator: " OR ") + ")" }.joined(separator: " AND ")
    }

    /// A word as an FTS5 string (double quotes, inner quotes doubled; words have none, but the
    /// quoting must hold whatever `words(in:)` becomes).
    static func quoted(_ term: String) -> String {
        "\"" + term.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// The words of a text: runs of letters, digits and marks, lowercased and shortened to the
    /// longest kept word. Apostrophes inside a word join it (`heron's` → `herons`).
    package static func words(in text: String) -> [String] {
        var words: [String] = []
        var current = ""
        func flush() {
            if !current.isEmpty { words.append(String(current.lowercased().prefix(maximumTermLength))) }
            current = ""
        }
        for character in text {
            if character.isLetter || character.isNumber || character.unicodeScalars.allSatisfy({ $0.properties.generalCategory == .nonspacingMark }) {
                current.append(character)
            } else if (character == "'" || character == "’") && !current.isEmpty {
                continue
            } else {
                flush()
            }
        }
        flush()
        return words
    }

    /// English function words that would only add noise to a ranked `OR` query.
    package static let stopWords: Set<String> = [
        "a", "an", "the", "and", "or", "but", "of", "to", "in", "on", "at", "by", "for", "from", "with", "about", "into",
        "over", "as", "is", "are", "was", "were", "be", "been", "being", "am", "do", "does", "did", "have", "has", "had",
        "i", "me", "my", "mine", "we", "us", "our", "you", "your", "he", "him", "his", "she", "her", "it", "its", "they",
        "them", "their", "this", "that", "these", "those", "there", "here", "what", "which", "who", "whom", "whose",
        "when", "where", "why", "how", "any", "anything", "some", "something", "all", "can", "could", "would", "should",
        "will", "shall", "may", "might", "must", "tell", "show", "find", "search", "give", "list", "please", "if", "so",
        "not", "no", "than", "then", "too", "very", "just", "also", "ever", "s", "t"
    ]
}
