import Foundation
import FoundationModels

extension ArgumentMatcher {
    /// Whether the arguments of a call pass this matcher.
    ///
    /// - Parameters:
    ///   - arguments: The call's arguments by name.
    ///   - judge: Decides ``naturalLanguage(argumentName:criteria:)`` matchers.
    func matches(_ arguments: [String: StructuredValue], judge: ArgumentJudge) async throws -> Bool {
        guard let actual = arguments[argumentName] else { return false }
        switch self {
        case .exact(_, let value):
            return value.matches(actual)
        case .keyOnly:
            return true
        case .oneOf(_, let allowed):
            return allowed.contains { $0.matches(actual) }
        case .range(_, let minimum, let maximum):
            guard let number = actual.number else { return false }
            return number >= (minimum ?? -.infinity) && number <= (maximum ?? .infinity)
        case .pattern(_, let regex):
            guard let expression = try? NSRegularExpression(pattern: regex) else {
                throw EvaluatorError.failed(
                    evaluator: nil, evaluatorType: "ToolCallEvaluator",
                    reason: "the pattern for argument '\(argumentName)' is not a valid regular expression: \(regex)")
            }
            let text = actual.text
            return expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
        case .contains(_, let substring):
            return actual.text.contains(substring)
        case .hasPrefix(_, let prefix):
            return actual.text.hasPrefix(prefix)
        case .hasSuffix(_, let suffix):
            return actual.text.hasSuffix(suffix)
        case .naturalLanguage(_, let criteria):
            return try await judge.decide(argument: argumentName, value: actual, criteria: criteria)
        }
    }
}
