import Evaluations
import FoundationModels
import TestSupport
import Testing
@testable import SeedEvaluations

/// The judge's agreement with a person: the figures from verdicts, the labels kept beside the
/// suite, and one run of a real judge.
struct JudgeAgreementTests {
    static func verdict(person: Bool, judge: Bool?) -> JudgeAgreement.Verdict {
        let label = JudgeLabel(
            noteID: "summary-01", summary: NoteSummary(headline: "h", keyFacts: ["f"]), writer: "test", faithful: person, reason: "r")
        return JudgeAgreement.Verdict(label: label, judgePasses: judge, rationale: "")
    }

    @Test func agreementAndKappaCountOnlyJudgedSummaries() {
        let verdicts =
            Array(repeating: Self.verdict(person: true, judge: true), count: 5) + Array(repeating: Self.verdict(person: false, judge: false), count: 2)
            + Array(repeating: Self.verdict(person: false, judge: true), count: 2) + [Self.verdict(person: true, judge: false)]
            + [Self.verdict(person: false, judge: nil)]
        let agreement = JudgeAgreement(verdicts: verdicts)
        #expect(agreement.judged == 10)
        #expect((agreement.bothPass, agreement.bothFail, agreement.onlyJudgePasses, agreement.onlyPersonPasses) == (5, 2, 2, 1))
        #expect(abs(agreement.agreement - 0.7) < 1e-12)
        // Chance: 0.7 × 0.6 + 0.3 × 0.4 = 0.54, so kappa = 0.16 / 0.46.
        #expect(abs((agreement.kappa ?? 0) - 0.16 / 0.46) < 1e-12)
    }

    @Test func kappaIsUndefinedWhenBothSidesGiveOneVerdict() {
        let same = JudgeAgreement(verdicts: Array(repeating: Self.verdict(person: true, judge: true), count: 4))
        #expect(same.agreement == 1)
        #expect(same.kappa == nil)
        #expect(JudgeAgreement(verdicts: []).kappa == nil)
        let opposite = JudgeAgreement(verdicts: [Self.verdict(person: true, judge: false), Self.verdict(person: false, judge: true)])
        #expect(opposite.kappa == -1)
    }

    @Test func theLabelsNameTheirNotesAndHoldBothVerdicts() throws {
        let labels = try JudgeAgreement.labels()
        let notes = Set(try SeedSamples.load("note-summaries", as: [NoteSummarySample].self).map(\.id))
        #expect(labels.count >= 30)
        for label in labels {
            #expect(notes.contains(label.noteID), "\(label.noteID)")
            #expect(!label.reason.isEmpty && !label.summary.headline.isEmpty, "\(label.noteID)")
        }
        #expect(labels.filter(\.faithful).count >= 5)
        #expect(labels.filter { !$0.faithful }.count >= 5)
        #expect(Set(labels.map(\.writer)).count >= 2)
    }

    @Test(.requiresSmolLM2) func aJudgeGivesAVerdictOnLabelledSummaries() async throws {
        let judge = LlamaLanguageModel(path: TestModels.smolLM2Path, contextSize: 3072, threads: TestModels.threads, concurrentSessions: 1)
        let agreement = try await JudgeAgreement.measure(judge: judge, labels: try JudgeAgreement.labels(limit: 2))
        #expect(agreement.verdicts.count == 2)
        // SmolLM2 judging: its verdicts are not checked, only that each is a pass or a fail.
        #expect(agreement.judged == 2, "\(agreement.verdicts.map(\.rationale))")
    }

    @Test func aLabelNamingNoNoteIsRefused() async throws {
        let stray = JudgeLabel(noteID: "summary-999", summary: NoteSummary(headline: "h", keyFacts: []), writer: "t", faithful: true, reason: "r")
        await #expect(throws: SeedEvaluationError.self) {
            try await JudgeAgreement.measure(judge: SystemLanguageModel.default, labels: [stray])
        }
    }
}
