import FoundationModels
import FoundationModelsTesting
import SmartNotes
import Testing

/// The main job's three turns, on a scripted model: what each turn is asked, and that notes
/// naming nobody skip the lookup.
@Suite struct NotesDigesterTests {
    static let digest = GeneratedContent(properties: [
        "summary": "Sync.",
        "actionItems": GeneratedContent(elements: [
            GeneratedContent(properties: ["task": "Fix the login bug", "owner": "Sara Ben Ali", "priority": "high"])
        ])
    ])

    /// The text of the last prompt of a request.
    static func lastPrompt(of request: LanguageModelExecutorGenerationRequest) -> String {
        for entry in request.transcript.reversed() {
            guard case .prompt(let prompt) = entry else { continue }
            return prompt.segments.compactMap { segment -> String? in
                if case .text(let text) = segment { return text.content }
                return nil
            }.joined()
        }
        return ""
    }

    @Test func namesThePeopleLooksThemUpOnceAndWritesTheirFullNames() async throws {
        let model = MockLanguageModel(replies: [
            .content(GeneratedContent(properties: ["firstNames": GeneratedContent(elements: ["Sara", " Sara", "Tom", ""])])),
            .toolCalls([(name: "lookupTeamMember", arguments: GeneratedContent(properties: ["query": "Sara, Tom"]))]),
            .content(GeneratedContent(properties: ["fullNames": GeneratedContent(elements: ["Sara Ben Ali"])])),
            .content(Self.digest)
        ])
        let result = try await NotesDigester(model: model).digest(of: "Sara to fix the login bug, urgent. Tom will help.", options: GenerationOptions(samplingMode: .greedy))
        #expect(result.content.actionItems.map(\.owner) == ["Sara Ben Ali"])
        let requests = model.requests
        try #require(requests.count == 4)
        #expect(Self.lastPrompt(of: requests[0]).hasSuffix("Sara to fix the login bug, urgent. Tom will help."))
        #expect(requests[0].generationOptions.toolCallingMode == .disallowed)
        // Each name once, blanks dropped, in the order named.
        #expect(Self.lastPrompt(of: requests[1]) == #"Call lookupTeamMember once, with the query "Sara, Tom"."#)
        #expect(requests[1].generationOptions.toolCallingMode == .required)
        #expect(Self.lastPrompt(of: requests[3]) == "Now analyze the notes. Write these owners by their full names: Sara Ben Ali.")
        #expect(requests[3].generationOptions.toolCallingMode == .disallowed)
        // The directory's answer is in the transcript the digest was written from.
        let outputs = result.transcript.compactMap { entry -> String? in
            guard case .toolOutput(let output) = entry else { return nil }
            return output.segments.compactMap { if case .text(let text) = $0 { text.content } else { nil } }.joined()
        }
        #expect(outputs == ["Sara Ben Ali — Product Lead"])
    }

    @Test func notesThatNameNobodySkipTheLookup() async throws {
        let model = MockLanguageModel(replies: [
            .content(GeneratedContent(properties: ["firstNames": GeneratedContent(elements: [String]())])),
            .content(Self.digest)
        ])
        _ = try await NotesDigester(model: model).digest(of: "Budget review moved to next month.", options: GenerationOptions())
        #expect(model.requests.count == 2)
        #expect(model.requests.last.map(Self.lastPrompt(of:)) == "Now analyze the notes.")
    }
}
