public import Evaluations
public import FoundationModels
import Foundation

/// The seed app's tagging flow (``TaggingProfile``): does it look the person's tags up exactly
/// once, is its answer tags (one to five, each one to three words, none a tool call or JSON
/// written as text), and does it reuse an existing tag that fits the note?
public struct TaggingEvaluation: Evaluation {
    /// The model that tags.
    public let model: any LanguageModel
    /// The samples (`Resources/tagging.json`).
    public let samples: [TaggingSample]

    /// Exactly one call of `findExistingTags`.
    public let oneLookup = Metric("One lookup")
    /// One to five tags of one to three words, none looking like a tool call or JSON.
    public let answerIsTags = Metric("Answer is tags")
    /// At least one tag is an existing tag that the sample labels as fitting.
    public let reusesTag = Metric("Reuses a fitting tag")

    /// An evaluation of `model` on these samples.
    public init(model: any LanguageModel, samples: [TaggingSample]) {
        self.model = model
        self.samples = samples
    }

    /// An evaluation of `model` on the kept set, or its first `limit` samples.
    ///
    /// - Throws: ``SeedEvaluationError/samplesUnreadable(_:_:)``.
    public init(model: any LanguageModel, limit: Int? = nil) throws {
        self.init(model: model, samples: SeedSamples.prefix(try SeedSamples.load("tagging"), limit: limit))
    }

    /// The samples.
    public var dataset: ArrayLoader<TaggingSample> { ArrayLoader(samples: samples) }

    /// The seed's flow: a session with ``TaggingProfile``, asked for ``TagSuggestions``.
    public func subject(from sample: TaggingSample) async throws -> ModelSubject<TagSuggestions> {
        let session = LanguageModelSession(profile: TaggingProfile(model: model))
        let response = try await session.respond(to: "Suggest tags for this note:\n\n\(sample.note)", generating: TagSuggestions.self)
        return ModelSubject(value: response.content, transcript: session.transcript.structuredTranscript)
    }

    /// The three checks.
    public var evaluators: Evaluators {
        Evaluator { _, subject in SharedChecks.oneCall(of: FindExistingTagsTool().name, in: subject.toolCalls, named: "lookup", oneLookup) }
        Evaluator { _, subject in
            if let problem = Self.problem(with: subject.value.tags) { return answerIsTags.failing(rationale: problem) }
            return answerIsTags.passing()
        }
        Evaluator { sample, subject in
            let suggested = Set(subject.value.tags.map(Self.normalized))
            let reused = sample.relevantTags.filter { suggested.contains(Self.normalized($0)) }
            return reused.isEmpty
                ? reusesTag.failing(rationale: "none of " + sample.relevantTags.joined(separator: ", "))
                : reusesTag.passing(rationale: reused.joined(separator: ", "))
        }
    }

    /// What keeps a list from being an answer of tags, or `nil` when it is one.
    static func problem(with tags: [String]) -> String? {
        guard (1...5).contains(tags.count) else { return "\(tags.count) tags" }
        if let long = tags.first(where: { !(1...3).contains(AnswerText.wordCount($0)) }) { return "'\(long)' is not 1 to 3 words" }
        if let call = tags.first(where: { AnswerText.looksLikeToolCallOrJSON($0, toolNames: [FindExistingTagsTool().name]) }) {
            return "'\(call)' looks like a tool call or JSON"
        }
        return nil
    }

    /// A tag as compared: lowercased, without `#`, with spaces and underscores as hyphens.
    static func normalized(_ tag: String) -> String {
        tag.lowercased().trimmingCharacters(in: .whitespaces).drop { $0 == "#" }
            .split(whereSeparator: { $0 == " " || $0 == "_" }).joined(separator: "-")
    }

    /// The share of samples passing each check.
    public func aggregateMetrics(using aggregator: inout MetricsAggregator) {
        aggregator.computeMean(of: oneLookup)
        aggregator.computeMean(of: answerIsTags)
        aggregator.computeMean(of: reusesTag)
    }
}
