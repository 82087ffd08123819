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
}
