public import FoundationModels
import Evaluations

/// How often a judge agrees with a person: the summaries' faithfulness judge
/// (``NoteSummaryEvaluation``'s "Faithful (judge)") run on summaries a person has labelled
/// (``JudgeLabel``), with the share of verdicts that agree and Cohen's kappa (agreement beyond
/// what chance gives with the same shares of passes).
///
/// ```swift
/// let agreement = try await JudgeAgreement.measure(judge: LlamaLanguageModel(path: qualityModelPath))
/// print(agreement.agreement, agreement.kappa ?? .nan)
/// ```
public struct JudgeAgreement: Sendable {
    /// One labelled summary and the judge's verdict on it.
    public struct Verdict: Sendable {
        /// The person's label.
        public var label: JudgeLabel
        /// Whether the judge passed the summary; nil when it gave no verdict (an error).
        public var judgePasses: Bool?
        /// The judge's reason, or the error.
        public var rationale: String
    }

    /// Every labelled summary with its verdict, in the labels' order.
    public var verdicts: [Verdict]

    /// Summaries both passed.
    public var bothPass: Int { count { $0 == true && $1 } }
    /// Summaries both failed.
    public var bothFail: Int { count { $0 == false && !$1 } }
    /// Summaries the judge passed and the person failed.
    public var onlyJudgePasses: Int { count { $0 == true && !$1 } }
    /// Summaries the person passed and the judge failed.
    public var onlyPersonPasses: Int { count { $0 == false && $1 } }
    /// Summaries with a verdict from the judge.
    public var judged: Int { bothPass + bothFail + onlyJudgePasses + onlyPersonPasses }

    /// The share of judged summaries on which the judge and the person agree (0 when none).
    public var agreement: Double {
        judged == 0 ? 0 : Double(bothPass + bothFail) / Double(judged)
    }

    /// Cohen's kappa over the judged summaries: `(observed − chance) / (1 − chance)`, where chance
    /// agreement comes from each side's share of passes; nil when chance agreement is 1 (both
    /// sides gave one verdict to everything) or nothing was judged.
    public var kappa: Double? {
        guard judged > 0 else { return nil }
        let total = Double(judged)
        let judgePasses = Double(bothPass + onlyJudgePasses) / total
        let personPasses = Double(bothPass + onlyPersonPasses) / total
        let chance = judgePasses * personPasses + (1 - judgePasses) * (1 - personPasses)
        guard chance < 1 else { return nil }
        return (agreement - chance) / (1 - chance)
    }

    /// The agreement of these verdicts.
    public init(verdicts: [Verdict]) {
        self.verdicts = verdicts
    }

    private func count(_ matches: (_ judge: Bool?, _ person: Bool) -> Bool) -> Int {
        verdicts.filter { matches($0.judgePasses, $0.label.faithful) }.count
    }

    /// The person's labels (`Resources/judge-labels.json`), or the first `limit`.
    ///
    /// - Throws: ``SeedEvaluationError/samplesUnreadable(_:_:)``.
    public static func labels(limit: Int? = nil) throws -> [JudgeLabel] {
        SeedSamples.prefix(try SeedSamples.load("judge-labels", as: [JudgeLabel].self), limit: limit)
    }

    /// Runs `judge` on each labelled summary with its note, as the summaries' evaluation does,
    /// one at a time.
    ///
    /// - Throws: ``SeedEvaluationError/samplesUnreadable(_:_:)`` when the labels or the notes cannot
    ///   be read, or a label names no note. A judge that fails on one summary leaves it unjudged.
    public static func measure(judge: any LanguageModel, labels: [JudgeLabel]? = nil) async throws -> JudgeAgreement {
        let labels = try labels ?? Self.labels()
        let notes = try SeedSamples.load("note-summaries", as: [NoteSummarySample].self)
        let evaluator = NoteSummaryEvaluation.faithfulnessJudge(judge)
        var verdicts: [Verdict] = []
        for label in labels {
            guard let note = notes.first(where: { $0.id == label.noteID }) else {
                throw SeedEvaluationError.samplesUnreadable("judge-labels", "no note '\(label.noteID)' in note-summaries.json")
            }
            do {
                let results = try await evaluator.metrics(
                    subject: ModelSubject(value: label.summary), input: NoteSummaryEvaluation.judgeSample(note))
                let result = results.first
                verdicts.append(Verdict(label: label, judgePasses: result.flatMap { Self.passes($0.value) }, rationale: result?.rationale ?? "no verdict"))
            } catch {
                verdicts.append(Verdict(label: label, judgePasses: nil, rationale: "\(error)"))
            }
        }
        return JudgeAgreement(verdicts: verdicts)
    }

    /// Whether a verdict passes: a pass, or a score of 1 on the pass/fail scale.
    static func passes(_ value: Metric.Value) -> Bool? {
        switch value {
        case .passing: true
        case .failing: false
        case .scoring(let score): score >= 1
        case .ignore: nil
        }
    }
}
