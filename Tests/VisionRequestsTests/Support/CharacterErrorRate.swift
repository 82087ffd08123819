/// The character error rate of a reading: the edit distance (insertions, deletions, substitutions
/// of Unicode characters) from the reference, divided by the reference's length.
///
/// Both texts are compared as their non-empty lines, trimmed, with runs of spaces as one, joined by
/// line breaks, so that layout differences (blank lines between blocks) cost nothing.
enum CharacterErrorRate {
    static func of(_ reading: String, reference: String) -> Double {
        let hypothesis = Array(normalized(reading))
        let truth = Array(normalized(reference))
        guard !truth.isEmpty else { return hypothesis.isEmpty ? 0 : 1 }
        return Double(distance(hypothesis, truth)) / Double(truth.count)
    }

    static func normalized(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline)
            .map { $0.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
            .filter { !$0.isEmpty }
            .joined(separator: "\n")
    }

    /// Levenshtein distance, two rows.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(substitution, previous[j] + 1, current[j - 1] + 1)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
