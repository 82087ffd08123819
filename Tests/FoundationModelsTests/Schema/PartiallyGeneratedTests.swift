@testable import FoundationModelsCore
import Testing
import SmartNotes

/// Streaming: every prefix of a response converts to the type's partially generated form.
@Suite struct PartiallyGeneratedTests {
    @Test func everyPrefixOfADigestConverts() throws {
        let digest = NotesDigest(
            summary: "Discussed the Q3 launch.",
            actionItems: [
                ActionItem(task: "Finalize pricing", owner: "Sara", priority: .medium),
                ActionItem(task: "Fix the login bug", owner: "Youssef", priority: .high)
            ]
        )
        let text = digest.generatedContent.jsonString
        let id = GenerationID()
        var lastSummaryLength = 0
        var sawPartialPriority = false
        for length in 0...text.count {
            var content = try GeneratedContent(json: String(text.prefix(length)))
            content.id = id
            let partial = try NotesDigest.PartiallyGenerated(content)
            #expect(partial.id == id)
            let summaryLength = partial.summary?.count ?? 0
            #expect(summaryLength >= lastSummaryLength, "the summary shrank at \(length)")
            lastSummaryLength = summaryLength
            if let items = partial.actionItems, let last = items.last, last.owner == "Youssef", last.priority == nil {
                sawPartialPriority = true
            }
        }
        #expect(sawPartialPriority)
        let final = try NotesDigest.PartiallyGenerated(GeneratedContent(json: text))
        #expect(final.summary == digest.summary)
        #expect(final.actionItems?.map(\.priority) == [.medium, .high])
    }

    @Test func enumWithAssociatedValuesWhileStreaming() throws {
        #expect(throws: GeneratedContent.ConversionError.self) { try Step.PartiallyGenerated(GeneratedContent(json: #"{"type": "se"#)) }
        let partial = try Step.PartiallyGenerated(GeneratedContent(json: #"{"type": "set", "field": "cou"#))
        guard case .set(let field, let target) = partial else {
            Issue.record("expected .set, found \(partial)")
            return
        }
        #expect(field == "cou")
        #expect(target == nil)
    }

    @Test func asPartiallyGeneratedKeepsEveryValue() {
        let article = Article(title: "T", summary: "S", tags: ["a", "b", "c"], sections: [Section(heading: "h", body: "b")])
        let partial = article.asPartiallyGenerated()
        #expect(partial.title == "T")
        #expect(partial.tags == ["a", "b", "c"])
        #expect(partial.sections?.first?.heading == "h")
        guard case .add(let operand, let target) = Step.add(.name("x"), to: "y").asPartiallyGenerated(),
            case .name(let name)? = operand
        else {
            Issue.record("unexpected partial step")
            return
        }
        #expect(name == "x")
        #expect(target == "y")
    }
}
