import Foundation
import FoundationModels

/// The verdict a judge fills in, one object per dimension (`{"score", "rationale"}`: the score first, so that a small judge cannot talk itself into one), and how its
/// scores are read: under guided generation a discrete score is always one of the scale's labels
/// and a continuous one always within the scale's bounds.
struct JudgeVerdict {
    let dimensions: [ScoreDimension]
    let mode: ScoringMode

    /// The schema of the verdict.
    func schema() throws -> GenerationSchema {
        let properties = try dimensions.map { dimension -> DynamicGenerationSchema.Property in
            guard let bounds = dimension.scale.bounds else { throw ModelJudgeError.noScaleValues(dimension: dimension.name) }
            let score: DynamicGenerationSchema =
                switch mode {
                case .discrete:
                    DynamicGenerationSchema(name: "\(Self.identifier(dimension.name))Score", anyOf: dimension.scale.options.map(\.label))
                case .continuous:
                    DynamicGenerationSchema(type: Double.self, guides: [.range(bounds)])
                }
            let verdict = DynamicGenerationSchema(
                name: "\(Self.identifier(dimension.name))Verdict",
                properties: [
                    .init(name: "score", description: "The score on the scale of \(dimension.name).", schema: score),
                    .init(
                        name: "rationale", description: "One or two sentences on why the response earns the score.",
                        schema: DynamicGenerationSchema(type: String.self))
                ])
            return .init(name: dimension.name, description: dimension.description, schema: verdict)
        }
        return try GenerationSchema(root: DynamicGenerationSchema(name: "JudgeVerdict", properties: properties), dependencies: [])
    }

    /// The scales, written out for the judge's prompt: one line per dimension, each option as
    /// "<label> if <meaning>".
    ///
    /// Why one line: small judges copy the first line of a list of options whatever the response
    /// says; written as one sentence, Qwen2.5-0.5B scores known-good and known-bad answers apart
    /// (design note 0009).
    func scaleText() -> String {
        dimensions.map { dimension in
            let options = dimension.scale.options.map { "\($0.label) if \(Self.clause($0.guideDescription))." }.joined(separator: " ")
            var line = dimension.name + (dimension.description.map { " (\(Self.clause($0)))" } ?? "") + ": " + options
            if mode == .continuous, let bounds = dimension.scale.bounds {
                line += " Any number from \(EvaluationTable.format(bounds.lowerBound)) to \(EvaluationTable.format(bounds.upperBound)) may be given."
            }
            return line
        }.joined(separator: "\n")
    }

    /// A description as a clause inside a sentence: no final period, and a lowercase first letter
    /// unless the first word is an acronym or "I".
    static func clause(_ text: String) -> String {
        var clause = text.trimmingCharacters(in: .whitespacesAndNewlines)
        while clause.hasSuffix(".") { clause.removeLast() }
        let words = clause.split(separator: " ", maxSplits: 1)
        guard let first = words.first, first != "I", first.count > 1, first.dropFirst().allSatisfy({ !$0.isUppercase }) else { return clause }
        return clause.prefix(1).lowercased() + clause.dropFirst()
    }

    /// The metrics in a verdict, one per dimension.
    func metrics(from content: GeneratedContent) throws -> [Metric] {
        try dimensions.map { dimension in
            guard case .structure(let properties, _) = content.kind, let verdict = properties[dimension.name] else {
                throw ModelJudgeError.missingDimension(dimension.name, response: content.jsonString)
            }
            let rationale = try? verdict.value(String.self, forProperty: "rationale")
            guard case .structure(let fields, _) = verdict.kind, let score = fields["score"] else {
                throw ModelJudgeError.missingDimension(dimension.name, response: content.jsonString)
            }
            return dimension.metric.scoring(try value(of: score, in: dimension), rationale: rationale)
        }
    }

    private func value(of score: GeneratedContent, in dimension: ScoreDimension) throws -> Double {
        switch score.kind {
        case .string(let label):
            guard let option = dimension.scale.options.first(where: { $0.label == label }) else {
                throw ModelJudgeError.invalidScore(dimension: dimension.name, value: label)
            }
            return option.value
        case .number(let number):
            guard let bounds = dimension.scale.bounds, bounds.contains(number) else {
                throw ModelJudgeError.invalidScore(dimension: dimension.name, value: score.jsonString)
            }
            return number
        default:
            throw ModelJudgeError.invalidScore(dimension: dimension.name, value: score.jsonString)
        }
    }

    /// A schema name made of the dimension's letters and digits.
    private static func identifier(_ name: String) -> String {
        let kept = name.filter { $0.isLetter || $0.isNumber }
        return kept.isEmpty ? "Dimension" : kept
    }
}
