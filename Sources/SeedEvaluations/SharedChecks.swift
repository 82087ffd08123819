import Evaluations
import FoundationModels

/// The checks that more than one feature makes, each giving its metric's result with the reason:
/// one call of a tool, a short headline, the labelled facts kept, nothing invented.
enum SharedChecks {
    /// Passing when `calls` holds exactly one call of `toolName` and no other call; the reason
    /// counts them ("1 lookup", "2 reads, 1 other calls").
    static func oneCall(of toolName: String, in calls: [Transcript.ToolCall], named noun: String, _ metric: Metric) -> Metric {
        let own = calls.filter { $0.toolName == toolName }.count
        let others = calls.count - own
        let rationale = "\(own) \(noun)\(own == 1 ? "" : "s")" + (others > 0 ? ", \(others) other calls" : "")
        return own == 1 && others == 0 ? metric.passing(rationale: rationale) : metric.failing(rationale: rationale)
    }

    /// Passing when the headline has at most eight words.
    static func shortHeadline(_ headline: String, _ metric: Metric) -> Metric {
        let words = AnswerText.wordCount(headline)
        return words <= 8 ? metric.passing(rationale: "\(words) words") : metric.failing(rationale: "\(words) words")
    }

    /// Passing when `text` states every one of `facts` (``AnswerText/states(_:fact:)``).
    static func factsKept(_ facts: [String], in text: String, _ metric: Metric) -> Metric {
        let missing = facts.filter { !AnswerText.states(text, fact: $0) }
        return missing.isEmpty ? metric.passing() : metric.failing(rationale: "missing " + missing.joined(separator: ", "))
    }

    /// Passing when `text` has no number that `source` lacks and none of `namePool`'s names that
    /// `source` does not have (names as whole words: "Bea" is not in "beautiful").
    static func nothingInvented(in text: String, source: String, namePool: Set<String>, _ metric: Metric) -> Metric {
        let sourceNumbers = Set(AnswerText.numbers(in: source))
        let numbers = AnswerText.numbers(in: text).filter { !sourceNumbers.contains($0) }
        let names = namePool.filter { AnswerText.names(text, $0) && !AnswerText.names(source, $0) }.sorted()
        let invented = numbers + names
        return invented.isEmpty ? metric.passing() : metric.failing(rationale: invented.joined(separator: ", "))
    }
}
