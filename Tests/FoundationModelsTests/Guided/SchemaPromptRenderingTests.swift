import Testing
@testable import FoundationModelsCore
import ChatTemplates
import SmartNotes

@Suite struct SchemaPromptRenderingTests {
    @Test func rendersTheSeedDigestCompactly() {
        let text = SchemaPromptRendering.compact(NotesDigest.generationSchema)
        #expect(
            text == """
                Respond with JSON of type NotesDigest.
                NotesDigest = {
                  summary: string, // A concise one-paragraph summary of the notes.
                  actionItems: ActionItem[], // Every actionable task mentioned in the notes.
                }
                ActionItem = {
                  task: string, // A short, imperative description of the task.
                  owner: string, // The person responsible, or 'Unassigned' if unclear.
                  priority: "low" | "medium" | "high",
                }
                """)
        // Much shorter than the JSON Schema it stands for.
        #expect(text.count * 2 < NotesDigest.generationSchema.jsonSchemaText().count)
    }

    @Test func rendersGuides() {
        let text = SchemaPromptRendering.compact(TaggedNote.generationSchema)
        #expect(text.contains("tags: string[] (exactly 3), // Relevant topic tags."))
    }

    @Test func theSchemaIsAppendedOnlyWhenIncluded() {
        let format = Transcript.ResponseFormat(type: NotesDigest.self)
        let transcript = Transcript(entries: [.prompt(Transcript.Prompt(segments: [.text(.init(content: "Analyze."))], responseFormat: format))])
        let included = TranscriptRenderer(includeSchemaInPrompt: true).messages(of: transcript)
        let excluded = TranscriptRenderer(includeSchemaInPrompt: false).messages(of: transcript)
        #expect(excluded.last?.content == "Analyze.")
        #expect(included.last?.content == "Analyze.\n\n" + SchemaPromptRendering.compact(NotesDigest.generationSchema))
    }

    @Test func anEarlierPromptKeepsItsSchemaAsItWasSent() {
        let digest = Transcript.ResponseFormat(type: NotesDigest.self)
        let tagged = Transcript.ResponseFormat(type: TaggedNote.self)
        func prompt(_ text: String, _ format: Transcript.ResponseFormat, includeSchema: Bool? = nil) -> Transcript.Entry {
            .prompt(Transcript.Prompt(segments: [.text(.init(content: text))], responseFormat: format, contextOptions: ContextOptions(includeSchemaInPrompt: includeSchema)))
        }
        let answer = Transcript.Entry.response(Transcript.Response(assetIDs: [], segments: [.text(.init(content: "{}"))]))
        let transcript = Transcript(entries: [prompt("Tag.", tagged), answer, prompt("Unschema'd.", tagged, includeSchema: false), answer, prompt("Analyze.", digest)])
        let messages = TranscriptRenderer(includeSchemaInPrompt: true).messages(of: transcript).filter { $0.role == .user }.map(\.content)
        #expect(
            messages == [
                "Tag.\n\n" + SchemaPromptRendering.compact(TaggedNote.generationSchema), "Unschema'd.", "Analyze.\n\n" + SchemaPromptRendering.compact(NotesDigest.generationSchema)
            ])
        // With the schema turned off for this request (a full context), no prompt has one.
        let bare = TranscriptRenderer(includeSchemaInPrompt: false).messages(of: transcript).filter { $0.role == .user }.map(\.content)
        #expect(bare == ["Tag.", "Unschema'd.", "Analyze."])
    }
}
