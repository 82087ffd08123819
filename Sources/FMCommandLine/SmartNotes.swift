import FoundationModels

// The Smart Notes types and tool of the seed tutorial (`fm notes` runs its flow). The examples
// package has the same code verbatim, as an app would write it.

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

struct TeamDirectoryTool: Tool {
    let name = "lookupTeamMember"
    let description = "Find a team member's full name and role from a partial name."

    @Generable
    struct Arguments {
        @Guide(description: "A partial or full name to search for.")
        var query: String
    }

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
