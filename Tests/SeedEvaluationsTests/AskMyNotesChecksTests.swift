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

    /// The labels name the note's word; a question that asks where or when is also answered by
    /// that note's place or day, and only that note's.
    @Test(arguments: [
        ("Where did I watch raptors hovering?", "Over the verge at Ridgeway Down.", true),
        ("Where did I watch raptors hovering?", "A kestrel was hovering.", true),
        ("Where did I watch raptors hovering?", "At Copper Moor.", false),
        ("When did I watch raptors hovering?", "On 4 June 2026.", true),
        ("When did I watch raptors hovering?", "June 4th, 2026", true),
        ("When did I watch raptors hovering?", "On 5 June 2026.", false),
        ("What did I watch hovering?", "Something at Ridgeway Down.", false)
    ])
    func aWhereOrWhenQuestionIsAnsweredByItsNotesPlaceOrDay(_ question: String, _ answer: String, _ passes: Bool) async throws {
        let note = FieldNotesSet.Note(
            id: "n1", title: "Hovering", text: "A kestrel hanging in the wind over the verge at Ridgeway Down.", date: "2026-06-04T07:00:00+00:00",
            place: "Ridgeway Down", people: [])
        let other = FieldNotesSet.Note(id: "n2", title: "Other", text: "Rain at Copper Moor.", date: "2026-06-05T07:00:00+00:00", place: "Copper Moor", people: [])
        let sample = AskMyNotesSample(id: "q", question: question, answer: "kestrel", relevant: ["n1"], kind: "synonym")
        let index = CSSearchableIndex(name: "unused", directory: try ScratchFolder.make("ask-checks"))
        let evaluation = AskMyNotesEvaluation(model: SystemLanguageModel.default, index: index, samples: [sample], notes: [note, other])
        let results = try await checks(of: evaluation, sample: sample, value: answer, toolCalls: [search])
        #expect(results["Answer has the fact"] == (passes ? .passing : .failing), "\(question) \(answer)")
    }
}
