/// The words of a text around a query's matches: the window of about `words` words that holds
/// the most distinct query words, with `…` where it cuts. Made in Swift from the stored text,
/// which costs a fraction of FTS5's `snippet()` (that runs the `MATCH` again).
///
/// A word matches a query word that it equals, or whose stem it shares: their first
/// `max(4, length - 3)` letters (`herons` and `heron`, `nesting` and `nests`), a rough porter.
package enum Snippet {
    /// The passage of `text` around the words of `query`, or its start when none occurs.
    package static func passage(of text: String, around query: FullTextQuery, words count: Int) -> String {
        let tokens = tokens(of: text)
        guard !tokens.isEmpty else { return "" }
        let width = max(1, count)
        let stems = query.terms.map(stem)
        let matches = tokens.map { token -> Int? in
            let word = stem(token.word)
            return stems.firstIndex { $0 == word || (word.count >= 4 && $0.count >= 4 && (word.hasPrefix($0) || $0.hasPrefix(word))) }
        }
        var bestStart = 0
        var bestScore = -1
        var bestFirst = Int.max
        for start in 0..<max(1, tokens.count - width + 1) {
            let window = matches[start..<min(tokens.count, start + width)]
            let distinct = Set(window.compactMap { $0 }).count
            let first = window.firstIndex { $0 != nil } ?? Int.max
            // The most distinct words, then the window whose first match sits nearest a third in.
            let lead = first == Int.max ? Int.max : abs((first - start) - width / 3)
            if distinct > bestScore || (distinct == bestScore && lead < bestFirst) {
                bestScore = distinct
                bestStart = start
                bestFirst = lead
            }
            if tokens.count <= width { break }
        }
        let end = min(tokens.count, bestStart + width)
        let lower = tokens[bestStart].range.lowerBound
        let upper = tokens[end - 1].range.upperBound
        var passage = String(text[lower..<upper])
        // Keep a sentence's closing mark that directly follows the last word.
        if upper < text.endIndex, ".!?".contains(text[upper]) { passage.append(text[upper]) }
        passage = passage.split(whereSeparator: \.isNewline).joined(separator: " ")
        return (bestStart > 0 ? "…" : "") + passage + (end < tokens.count ? "…" : "")
    }

    /// The most characters of a text looked at (the first ones).
    static let maximumCharacters = 200_000

    private static func tokens(of text: String) -> [(word: String, range: Range<String.Index>)] {
        var result: [(String, Range<String.Index>)] = []
        var start: String.Index?
        var index = text.startIndex
        var looked = 0
        while index < text.endIndex, looked < maximumCharacters {
            let character = text[index]
            if character.isLetter || character.isNumber || character == "'" || character == "’" || character == "-" {
                if start == nil { start = index }
            } else if let begun = start {
                result.append((text[begun..<index].lowercased(), begun..<index))
                start = nil
            }
            index = text.index(after: index)
            looked += 1
        }
        if let begun = start { result.append((text[begun..<index].lowercased(), begun..<index)) }
        return result
    }

    private static func stem(_ word: String) -> String {
        let letters = word.filter { $0.isLetter || $0.isNumber }
        return letters.count > 4 ? String(letters.prefix(max(4, letters.count - 3))) : letters
    }
}
