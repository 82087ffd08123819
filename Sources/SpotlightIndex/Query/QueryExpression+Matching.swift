import Foundation

extension QueryExpression {
    /// Whether an item's values satisfy the expression. An attribute the item lacks satisfies
    /// only `!=`.
    func matches(_ record: ItemRecord) -> Bool {
        switch self {
        case .and(let left, let right): return left.matches(record) && right.matches(record)
        case .or(let left, let right): return left.matches(record) || right.matches(record)
        case .not(let inner): return !inner.matches(record)
        case .comparison(let attribute, let comparison, let value):
            let values = Self.values(of: attribute, in: record)
            if comparison == .notEqual {
                return !values.contains { Self.compare($0, .equal, value) }
            }
            return values.contains { Self.compare($0, comparison, value) }
        }
    }

    /// The values an attribute name refers to in a record.
    private static func values(of attribute: String, in record: ItemRecord) -> [AttributeValue] {
        switch attribute {
        case "*", "**":
            return record.values.filter { SearchableItemAttribute(rawValue: $0.key).searchColumn != nil }.map(\.value)
                + record.customValues.values.filter(\.searchable).map(\.value)
        case "domainIdentifier":
            return record.domain.map { [.text($0)] } ?? []
        case "uniqueIdentifier":
            return [.text(record.identifier)]
        default:
            if let value = record.values[attribute] { return [value] }
            if let custom = record.customValues[attribute] { return [custom.value] }
            return []
        }
    }

    private static func compare(_ stored: AttributeValue, _ comparison: ComparisonOperator, _ value: QueryValue) -> Bool {
        switch (stored, value) {
        case (.text(let text), .string), (.url(let text), .string):
            return compareText(text, comparison, value)
        case (.texts(let texts), .string):
            return texts.contains { compareText($0, comparison, value) }
        case (.people(let people), .string):
            return people.contains { compareText($0.displayName ?? "", comparison, value) }
        case (.number(let number), .number(let wanted)):
            return order(number, comparison, wanted)
        case (.number(let number), .bool(let wanted)):
            return order(number, comparison, wanted ? 1 : 0)
        case (.date(let date), .date(let wanted)):
            return order(date, comparison, wanted)
        case (.dates(let dates), .date(let wanted)):
            return dates.contains { order($0, comparison, wanted) }
        default:
            return false
        }
    }

    private static func order<T: Comparable>(_ stored: T, _ comparison: ComparisonOperator, _ wanted: T) -> Bool {
        switch comparison {
        case .equal, .notEqual: stored == wanted
        case .less: stored < wanted
        case .greater: stored > wanted
        case .lessOrEqual: stored <= wanted
        case .greaterOrEqual: stored >= wanted
        }
    }

    private static func compareText(_ stored: String, _ comparison: ComparisonOperator, _ value: QueryValue) -> Bool {
        guard case .string(let pattern, let caseInsensitive, let diacriticInsensitive, let wordBased) = value else { return false }
        var options: String.CompareOptions = []
        if caseInsensitive { options.insert(.caseInsensitive) }
        if diacriticInsensitive { options.insert(.diacriticInsensitive) }
        let fold = { (text: String) in text.folding(options: options, locale: nil) }
        let foldedPattern = fold(pattern)
        switch comparison {
        case .equal, .notEqual:
            let candidates = wordBased ? FullTextQuery.words(in: stored).map(fold) + [fold(stored)] : [fold(stored)]
            let patternWords = wordBased ? FullTextQuery.words(in: pattern.replacingOccurrences(of: "*", with: " ")) : []
            if wordBased && patternWords.count > 1 {
                // A phrase: every word must match a word of the value, with the pattern's wildcards.
                let words = Set(FullTextQuery.words(in: stored).map(fold))
                return patternWords.map(fold).allSatisfy { words.contains($0) }
            }
            return candidates.contains { wildcardMatch($0, foldedPattern) }
        default:
            return order(fold(stored), comparison, foldedPattern)
        }
    }

    /// Whether text matches a pattern where `*` stands for any characters (iterative, linear
    /// backtracking on the last star, so no pattern can take exponential time).
    static func wildcardMatch(_ text: String, _ pattern: String) -> Bool {
        let text = Array(text)
        let pattern = Array(pattern)
        var t = 0
        var p = 0
        var star = -1
        var mark = 0
        while t < text.count {
            if p < pattern.count, pattern[p] != "*", pattern[p] == text[t] {
                t += 1
                p += 1
            } else if p < pattern.count, pattern[p] == "*" {
                star = p
                mark = t
                p += 1
            } else if star >= 0 {
                p = star + 1
                mark += 1
                t = mark
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }
}
