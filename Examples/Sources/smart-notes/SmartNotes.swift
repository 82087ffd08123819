// The non-UI code of the Smart Notes tutorial (seed 001), verbatim: it compiles unchanged with
// `import FoundationModels` on Linux.

import FoundationModels

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

@Generable
struct NotesDigest {
    @Guide(description: "A concise one-paragraph summary of the notes.")
    let summary: String

    @Guide(description: "Every actionable task mentioned in the notes.")
    let actionItems: [ActionItem]
}

@Generable
struct ActionItem {
    @Guide(description: "A short, imperative description of the task.")
    let task: String

    @Guide(description: "The person responsible, or 'Unassigned' if unclear.")
    let owner: String

    let priority: Priority
}

@Generable
enum Priority {
    case low
    case medium
    case high
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

@Generable
struct TaggedNote {
    @Guide(description: "The note body.")
    let body: String

    // Force the model to return between 1 and 3 tags.
    @Guide(description: "Relevant topic tags.")
    @Guide(.count(3))
    let tags: [String]
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

struct TeamDirectoryTool: Tool {
    let name = "lookupTeamMember"
    let description = "Find a team member's full name and role from a partial name."

    @Generable
    struct Arguments {
        @Guide(description: "A partial or full name to search for.")
        var query: String
    }

    // A tiny stand-in for a real data source.
    private let roster = [
        "sara": "Sara Ben Ali — Product Lead",
        "youssef": "Youssef Trabelsi — Backend Engineer",
        "lina": "Lina Haddad — Designer"
    ]

    func call(arguments: Arguments) async throws -> String {
        let key = arguments.query.lowercased()
        if let match = roster.first(where: { key.contains($0.key) }) {
            return match.value
        }
        return "No team member found matching '\(arguments.query)'."
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
