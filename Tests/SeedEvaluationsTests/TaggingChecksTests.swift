import Evaluations
import FoundationModels
import Testing
@testable import SeedEvaluations

/// The tagging checks on hand-made answers, including the answers issue 51 saw.
struct TaggingChecksTests {
    let sample = TaggingSample(id: "t", note: "Found a wren nest in the ivy at Mill Leat: 5 eggs.", relevantTags: ["birding", "nests"])
    var evaluation: TaggingEvaluation { TaggingEvaluation(model: SystemLanguageModel.default, samples: [sample]) }
    let lookup = call("findExistingTags", GeneratedContent(properties: ["topic": "wren nest"]))

    @Test func oneLookupAndFittingTagsPass() async throws {
        let results = try await checks(of: evaluation, sample: sample, value: TagSuggestions(tags: ["#Birding", "wren", "nest finds"]), toolCalls: [lookup])
        #expect(results == ["One lookup": .passing, "Answer is tags": .passing, "Reuses a fitting tag": .passing])
    }

    @Test(arguments: [0, 2, 3])
    func anyOtherNumberOfLookupsFails(_ count: Int) async throws {
        let calls = Array(repeating: lookup, count: count)
        let results = try await checks(of: evaluation, sample: sample, value: TagSuggestions(tags: ["birding"]), toolCalls: calls)
        #expect(results["One lookup"] == .failing)
    }

    @Test(arguments: [
        [#"{"name": "findExistingTags", "arguments": {"topic": "estuar"#],
        ["findExistingTags(topic: nests)"],
        ["birding", "a tag that is far too long"],
        [],
        ["a", "b", "c", "d", "e", "f"]
    ])
    func whatIsNotAnAnswerOfTagsFails(_ tags: [String]) async throws {
        let results = try await checks(of: evaluation, sample: sample, value: TagSuggestions(tags: tags), toolCalls: [lookup])
        #expect(results["Answer is tags"] == .failing)
    }

    @Test func tagsThatIgnoreThePersonsTagsFail() async throws {
        let results = try await checks(of: evaluation, sample: sample, value: TagSuggestions(tags: ["wren", "ivy", "eggs"]), toolCalls: [lookup])
        #expect(results["Reuses a fitting tag"] == .failing)
        #expect(results["Answer is tags"] == .passing)
    }

    @Test func theToolFindsRelatedTagsAndOffersAllWhenNoneIs() async throws {
        let tool = FindExistingTagsTool()
        #expect(FindExistingTagsTool.tags(relatedTo: "wren nest") == ["birding", "nests"])
        let none = try await tool.call(arguments: .init(topic: "quantum physics"))
        #expect(none.contains("trail-work") && none.contains("No existing tag"))
    }
}
