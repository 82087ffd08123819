import Evaluations
import FoundationModels
import Testing
@testable import SeedEvaluations

/// The summary checks on hand-made summaries: each passes a good one and fails the fault it is for.
struct NoteSummaryChecksTests {
    let sample = NoteSummarySample(
        id: "s", note: "Beach clean at Long Reach with 12 volunteers, led by Ruth. We collected 48 kg of litter and found a guillemot.",
        facts: ["48", "Ruth", "guillemot"], headline: "48 kg of litter at Long Reach", names: ["Ruth", "Long Reach"])
    var evaluation: NoteSummaryEvaluation {
        NoteSummaryEvaluation(model: SystemLanguageModel.default, samples: [sample], namePool: ["Ruth", "Long Reach", "Kwame", "Sedge Fen"], judge: nil)
    }

    @Test func aGoodSummaryPassesEveryCheck() async throws {
        let good = NoteSummary(headline: "Beach clean collects 48 kg of litter", keyFacts: ["Led by Ruth", "12 volunteers", "A guillemot found"])
        let results = try await checks(of: evaluation, sample: sample, value: good)
        #expect(results == ["Headline ≤ 8 words": .passing, "Facts kept": .passing, "Nothing invented": .passing])
    }

    @Test func aNineWordHeadlineFailsAndEightPass() async throws {
        let facts = ["48 kg", "Ruth", "guillemot"]
        let nine = try await checks(of: evaluation, sample: sample, value: NoteSummary(headline: "One two three four five six seven eight nine", keyFacts: facts))
        let eight = try await checks(of: evaluation, sample: sample, value: NoteSummary(headline: "One two three four five six seven eight", keyFacts: facts))
        #expect(nine["Headline ≤ 8 words"] == .failing)
        #expect(eight["Headline ≤ 8 words"] == .passing)
    }

    @Test func aMissingFactFails() async throws {
        let results = try await checks(of: evaluation, sample: sample, value: NoteSummary(headline: "Beach clean", keyFacts: ["48 kg of litter", "Ruth led"]))
        #expect(results["Facts kept"] == .failing)
    }

    @Test func aNumberInTheFactIsNotFoundInsideAnotherNumber() async throws {
        let results = try await checks(of: evaluation, sample: sample, value: NoteSummary(headline: "Beach clean", keyFacts: ["480 kg", "Ruth", "guillemot"]))
        #expect(results["Facts kept"] == .failing)
    }

    @Test(arguments: [["49 kg of litter"], ["Kwame helped"], ["Litter from Sedge Fen"]])
    func anInventedNumberOrNameFails(_ facts: [String]) async throws {
        let results = try await checks(of: evaluation, sample: sample, value: NoteSummary(headline: "Beach clean", keyFacts: facts))
        #expect(results["Nothing invented"] == .failing)
    }
}
