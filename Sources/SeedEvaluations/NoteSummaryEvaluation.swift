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
    /// The judge's verdict: every statement of the summary is supported by the note (only with
    /// a ``judge``).
    public let faithful = Metric(NoteSummaryEvaluation.faithfulName)
    /// The judge's metric name (the judge's scale carries it too).
    static let faithfulName = "Faithful (judge)"
    /// The model that judges each summary's faithfulness to its note, beside the exact checks;
    /// nil for the exact checks alone.
    public var judge: (any LanguageModel)?

    /// The instructions the session is given.
    public static let instructions = "You summarise a naturalist's field notes. Use only what the note says."

    /// The seed's prompt for a sample's note.
    static func prompt(for sample: NoteSummarySample) -> String {
        "Summarise this field note.\n\n\(sample.note)"
    }

    /// An evaluation of `model` on these samples; names are looked for among theirs. With a
    /// `judge`, each summary also gets the judge's verdict on its faithfulness.
    public init(model: any LanguageModel, samples: [NoteSummarySample], judge: (any LanguageModel)? = nil) {
        self.init(model: model, samples: samples, namePool: Set(samples.flatMap(\.names)), judge: judge)
    }

    init(model: any LanguageModel, samples: [NoteSummarySample], namePool: Set<String>, judge: (any LanguageModel)?) {
        self.model = model
        self.samples = samples
        self.namePool = namePool
        self.judge = judge
    }

    /// An evaluation of `model` on the kept set, or its first `limit` samples, with the `judge`'s
    /// verdicts when one is given.
    ///
    /// - Throws: ``SeedEvaluationError/samplesUnreadable(_:_:)``.
    public init(model: any LanguageModel, limit: Int? = nil, judge: (any LanguageModel)? = nil) throws {
        let all = try SeedSamples.load("note-summaries", as: [NoteSummarySample].self)
        // Invented names are looked for among the whole set's, whatever the limit.
        self.init(model: model, samples: SeedSamples.prefix(all, limit: limit), namePool: Set(all.flatMap(\.names)), judge: judge)
    }

    /// The samples.
    public var dataset: ArrayLoader<NoteSummarySample> { ArrayLoader(samples: samples) }

    /// The seed's call: a session with the instructions, the note, a guided `NoteSummary`,
    /// greedy.
    public func subject(from sample: NoteSummarySample) async throws -> ModelSubject<NoteSummary> {
        let session = LanguageModelSession(model: model, instructions: Self.instructions)
        let response = try await session.respond(
            to: Self.prompt(for: sample), generating: NoteSummary.self,
            options: GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 200))
        return ModelSubject(value: response.content, transcript: session.transcript.structuredTranscript)
    }

    /// The three checks.
    public var evaluators: Evaluators {
        Evaluator { _, subject in SharedChecks.shortHeadline(subject.value.headline, shortHeadline) }
        Evaluator { sample, subject in SharedChecks.factsKept(sample.facts, in: Self.text(of: subject.value), factsKept) }
        if let judge {
            Evaluator { sample, subject in
                let verdicts = try await Self.faithfulnessJudge(judge).metrics(subject: subject, input: Self.judgeSample(sample))
                return verdicts.first ?? faithful.ignore(rationale: "no verdict")
            }
        }
        Evaluator { sample, subject in
            SharedChecks.nothingInvented(in: Self.text(of: subject.value), source: sample.note, namePool: namePool, nothingInvented)
        }
    }

    /// The share of samples passing each check.
    public func aggregateMetrics(using aggregator: inout MetricsAggregator) {
        aggregator.computeMean(of: shortHeadline)
        aggregator.computeMean(of: factsKept)
        aggregator.computeMean(of: nothingInvented)
        if judge != nil { aggregator.computeMean(of: faithful) }
    }

    /// The judge of faithfulness: a pass/fail verdict (the verdict first, then its reason) on the
    /// summary as lines of text, given the seed's task and the note, with instructions that name
    /// what faithfulness is and is not (``judgeInstructions``).
    static func faithfulnessJudge(_ judge: any LanguageModel) -> ModelJudgeEvaluator<ModelSample<NoteSummary>> {
        ModelJudgeEvaluator(
            faithfulName,
            scale: .passFail(
                passDescription: "Every statement in the summary is said or directly implied by the note, with the note's numbers, names and places",
                failDescription: "The summary states something the note does not say, or gets a number, name or place wrong"),
            judge: judge,
            prompt: ModelJudgePrompt(instructions: judgeInstructions, evaluationTarget: { summary in text(of: summary) }))
    }

    /// The judge's instructions. With the generic ones ("an impartial evaluator … on its merits")
    /// the 1.5B judge failed faithful summaries for what they left out, and agreed with a person's
    /// labels on 30% of them (`fm eval judge-agreement`, Quality.md): faithfulness is about what a
    /// summary says, and the instructions say so.
    static let judgeInstructions = """
        You check summaries of field notes for faithfulness. A summary is faithful when every \
        statement in it is said or directly implied by the note. Leaving things out is never a \
        fault: do not fail a summary for what it does not mention. Fail it only for a statement \
        the note does not support: a wrong number, name, place or time, or something the note \
        does not say. Give the score, then a short rationale.
        """

    /// The sample as the judge reads it: the seed's instructions and prompt, the note in it.
    static func judgeSample(_ sample: NoteSummarySample) -> ModelSample<NoteSummary> {
        ModelSample(prompt: prompt(for: sample), expected: sample.expected, instructions: instructions)
    }

    /// The headline and the facts, one per line.
    static func text(of summary: NoteSummary) -> String {
        ([summary.headline] + summary.keyFacts).joined(separator: "\n")
    }
}
