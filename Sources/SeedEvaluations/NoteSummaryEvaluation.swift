public import Evaluations
public import FoundationModels

/// The seed app's note summaries (`NoteSummary`, guided): is the headline at most eight words,
/// does the summary keep each labelled fact, and does it invent no number and no name?
///
/// Every check is exact. A number counts as invented when the note has no such number; a name
/// when it is one of the people or places of the sample set that this note does not name.
public struct NoteSummaryEvaluation: Evaluation {
    /// The model that summarises.
    public let model: any LanguageModel
    /// The samples (`Resources/note-summaries.json`).
    public let samples: [NoteSummarySample]
    /// Every person and place the samples name.
    let namePool: Set<String>

    /// Headline of at most eight words.
    public let shortHeadline = Metric("Headline ≤ 8 words")
    /// Every labelled fact stated.
    public let factsKept = Metric("Facts kept")
    /// No number or name that the note does not have.
    public let nothingInvented = Metric("Nothing invented")

    /// The instructions the session is given.
    public static let instructions = "You summarise a naturalist's field notes. Use only what the note says."

    /// An evaluation of `model` on these samples; names are looked for among theirs.
    public init(model: any LanguageModel, samples: [NoteSummarySample]) {
        self.init(model: model, samples: samples, namePool: Set(samples.flatMap(\.names)))
    }

    init(model: any LanguageModel, samples: [NoteSummarySample], namePool: Set<String>) {
        self.model = model
        self.samples = samples
        self.namePool = namePool
    }

    /// An evaluation of `model` on the kept set, or its first `limit` samples.
    ///
    /// - Throws: ``SeedEvaluationError/samplesUnreadable(_:_:)``.
    public init(model: any LanguageModel, limit: Int? = nil) throws {
        let all = try SeedSamples.load("note-summaries", as: [NoteSummarySample].self)
        // Invented names are looked for among the whole set's, whatever the limit.
        self.init(model: model, samples: SeedSamples.prefix(all, limit: limit), namePool: Set(all.flatMap(\.names)))
    }

    /// The samples.
    public var dataset: ArrayLoader<NoteSummarySample> { ArrayLoader(samples: samples) }

    /// The seed's call: a session with the instructions, the note, a guided `NoteSummary`,
    /// greedy.
    public func subject(from sample: NoteSummarySample) async throws -> ModelSubject<NoteSummary> {
        let session = LanguageModelSession(model: model, instructions: Self.instructions)
        let response = try await session.respond(
            to: "Summarise this field note.\n\n\(sample.note)", generating: NoteSummary.self,
            options: GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 200))
        return ModelSubject(value: response.content, transcript: session.transcript.structuredTranscript)
    }

    /// The three checks.
    public var evaluators: Evaluators {
        Evaluator { _, subject in
            let words = AnswerText.wordCount(subject.value.headline)
            return words <= 8 ? shortHeadline.passing(rationale: "\(words) words") : shortHeadline.failing(rationale: "\(words) words")
        }
        Evaluator { sample, subject in
            let text = Self.text(of: subject.value)
            let missing = sample.facts.filter { !AnswerText.states(text, fact: $0) }
            return missing.isEmpty ? factsKept.passing() : factsKept.failing(rationale: "missing " + missing.joined(separator: ", "))
        }
        Evaluator { sample, subject in
            let text = Self.text(of: subject.value)
            let noteNumbers = Set(AnswerText.numbers(in: sample.note))
            let numbers = AnswerText.numbers(in: text).filter { !noteNumbers.contains($0) }
            let names = namePool.filter { AnswerText.contains(text, $0) && !AnswerText.contains(sample.note, $0) }.sorted()
            let invented = numbers + names
            return invented.isEmpty ? nothingInvented.passing() : nothingInvented.failing(rationale: invented.joined(separator: ", "))
        }
    }

    /// The share of samples passing each check.
    public func aggregateMetrics(using aggregator: inout MetricsAggregator) {
        aggregator.computeMean(of: shortHeadline)
        aggregator.computeMean(of: factsKept)
        aggregator.computeMean(of: nothingInvented)
    }

    /// The headline and the facts, one per line.
    static func text(of summary: NoteSummary) -> String {
        ([summary.headline] + summary.keyFacts).joined(separator: "\n")
    }
}
