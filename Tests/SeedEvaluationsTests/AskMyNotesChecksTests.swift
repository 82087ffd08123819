import CoreSpotlight
import Evaluations
import FoundationModels
import TestSupport
import Testing
@testable import SeedEvaluations

/// The question checks on hand-made answers.
struct AskMyNotesChecksTests {
    func evaluation(_ sample: AskMyNotesSample) throws -> AskMyNotesEvaluation {
        let index = CSSearchableIndex(name: "unused", directory: try ScratchFolder.make("ask-checks"))
        return AskMyNotesEvaluation(model: SystemLanguageModel.default, index: index, samples: [sample])
    }

    let search = call("searchNotes", GeneratedContent(properties: ["query": "swift"]))

    @Test(arguments: ["It was on 28 April 2026.", "April 28th, 2026", "On 2026-04-28.", "the 28th of April"])
    func aDateCountsInItsCommonForms(_ answer: String) async throws {
        let sample = AskMyNotesSample(id: "q", question: "When did I see the first swift?", answer: "28 April 2026", relevant: [], kind: "fact")
        let results = try await checks(of: try evaluation(sample), sample: sample, value: answer, toolCalls: [search])
        #expect(results == ["Searched": .passing, "Answer has the fact": .passing])
    }

    @Test(arguments: [("There were 5 eggs.", true), ("Five eggs.", true), ("There were 15 eggs.", false), ("I found nothing.", false)])
    func aNumberCountsAsDigitsOrItsWord(_ answer: String, _ passes: Bool) async throws {
        let sample = AskMyNotesSample(id: "q", question: "How many eggs?", answer: "5", relevant: [], kind: "fact")
        let results = try await checks(of: try evaluation(sample), sample: sample, value: answer)
        #expect(results["Answer has the fact"] == (passes ? .passing : .failing))
        #expect(results["Searched"] == .failing)
    }
}
