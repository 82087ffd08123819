// The seed apps' `@Generable` types and tool arguments, copied verbatim from the tutorial in
// ../shared/seeds/001_9c7d225788980aa9.txt (the team workspace): they must compile unchanged against this package.

import FoundationModels

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

@Generable
struct TaggedNote {
    @Guide(description: "The note body.")
    let body: String

    // Force the model to return between 1 and 3 tags.
    @Guide(description: "Relevant topic tags.")
    @Guide(.count(3))
    let tags: [String]
}

/// The seed's tool (Smart Notes, step 6), verbatim.
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
