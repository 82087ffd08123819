import Evaluations
import FoundationModels
import Testing
@testable import SeedEvaluations

/// The main job's checks on hand-made digests.
struct ActionItemsChecksTests {
    let sample = ActionItemsSample(
        id: "a", note: "Weekly sync.\nSara to finalize the pricing page by Friday.\nTom will book the venue (no rush).\nSomeone needs to renew the SSL certificate ASAP.",
        items: [
            .init(keyword: "pricing", owner: "Sara Ben Ali", inDirectory: true, priority: "medium"),
            .init(keyword: "venue", owner: "Tom", inDirectory: false, priority: "low"),
            .init(keyword: "certificate", owner: "Unassigned", inDirectory: false, priority: "high")
        ])
    var evaluation: ActionItemsEvaluation { ActionItemsEvaluation(model: SystemLanguageModel.default, samples: [sample]) }
    let lookups = [call("lookupTeamMember", GeneratedContent(properties: ["query": "Sara"]))]

    func answer(_ items: [(String, String, String)]) -> ActionItemsAnswer {
        ActionItemsAnswer(items: items.map { ActionItemsAnswer.Item(task: $0.0, owner: $0.1, priority: $0.2) })
    }

    @Test func theRightDigestPassesEveryCheck() async throws {
        let right = answer([
            ("Finalize the Pricing page", "Sara Ben Ali", "medium"), ("Book the venue", "Tom", "low"), ("Renew the SSL certificate", "Unassigned", "high")
        ])
        let results = try await checks(of: evaluation, sample: sample, value: right, toolCalls: lookups)
        #expect(results == ["Tasks found": .passing, "Owners resolved": .passing, "Priorities match": .passing, "People looked up": .passing])
    }

    @Test func aFirstNameWhereTheDirectoryHasTheFullNameFails() async throws {
        let results = try await checks(
            of: evaluation, sample: sample,
            value: answer([("Finalize pricing", "Sara", "medium"), ("Book the venue", "Tom", "low"), ("Renew the certificate", "", "high")]),
            toolCalls: lookups)
        #expect(results["Owners resolved"] == .failing)
        #expect(results["Tasks found"] == .passing)
    }

    @Test func aWrongPriorityAMissingTaskAndNoLookupFail() async throws {
        let results = try await checks(of: evaluation, sample: sample, value: answer([("Finalize pricing", "Sara Ben Ali", "low")]))
        #expect(results["Tasks found"] == .failing)
        #expect(results["Priorities match"] == .failing)
        #expect(results["Owners resolved"] == .passing)
        #expect(results["People looked up"] == .failing)
    }

    @Test func withNoTaskFoundOwnersAndPrioritiesAreNotMeasured() async throws {
        let results = try await checks(of: evaluation, sample: sample, value: answer([]), toolCalls: lookups)
        #expect(results["Tasks found"] == .failing)
        #expect(results["Owners resolved"] == .ignore)
        #expect(results["Priorities match"] == .ignore)
    }
}
