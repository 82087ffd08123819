// The non-UI functions of the Smart Notes tutorial (seed 001), verbatim: they compile unchanged with
// `import FoundationModels` on Linux. The tutorial's types and tool (`NotesDigest`, `ActionItem`,
// `Priority`, `TaggedNote`, `TeamDirectoryTool`) are the package's SmartNotes library, written once
// for this example, `fm notes` and the tests.

import FoundationModels
import SmartNotes

func quickSummary(of notes: String) async throws -> String {
    let session = LanguageModelSession(
        instructions: """
            You are a concise meeting assistant. Summarize notes in one \
            short paragraph. Do not invent details that are not present.
            """
    )

    let response = try await session.respond(
        to: "Summarize these notes:\n\n\(notes)"
    )

    return response.content
}

func makeDigest(from notes: String) async throws -> NotesDigest {
    let session = LanguageModelSession(
        instructions: """
            Extract a summary and a list of concrete action items from \
            meeting notes. Only include tasks that are explicitly stated.
            """
    )

    let response = try await session.respond(
        to: "Analyze these notes:\n\n\(notes)",
        generating: NotesDigest.self
    )

    // response.content is a fully typed NotesDigest — no parsing.
    return response.content
}

func streamSummary(of notes: String, onUpdate: @escaping (String) -> Void) async throws {
    let session = LanguageModelSession(
        instructions: "Summarize meeting notes clearly and briefly."
    )

    let stream = session.streamResponse(
        to: "Summarize these notes:\n\n\(notes)"
    )

    for try await partial in stream {
        // Each partial is the full text generated so far.
        onUpdate(partial.content)
    }
}

func makeDigestWithOwners(from notes: String) async throws -> NotesDigest {
    let session = LanguageModelSession(
        tools: [TeamDirectoryTool()],
        instructions: """
            Assign action items to real team members. When a note mentions a \
            person by partial name, use the lookup tool to resolve their full name.
            """
    )

    let response = try await session.respond(
        to: "Analyze these notes:\n\n\(notes)",
        generating: NotesDigest.self,
        options: GenerationOptions(temperature: 0.3)
    )
    return response.content
}
