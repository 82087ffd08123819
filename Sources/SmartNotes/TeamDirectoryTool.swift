public import FoundationModels

/// The tutorial's tool: a team member's full name and role from part of the name.
public struct TeamDirectoryTool: Tool {
    /// The name the model calls the tool by.
    public let name = "lookupTeamMember"
    /// What the tool does, for the model.
    public let description = "Find a team member's full name and role from a partial name."

    /// The tool's argument: the name to look up.
    @Generable
    public struct Arguments: Sendable {
        /// Part of a name, or a whole one.
        @Guide(description: "A partial or full name to search for.")
        public var query: String
    }

    // A tiny stand-in for a real data source.
    private let roster = [
        "sara": "Sara Ben Ali — Product Lead",
        "youssef": "Youssef Trabelsi — Backend Engineer",
        "lina": "Lina Haddad — Designer"
    ]

    /// A directory with the tutorial's three people.
    public init() {}

    /// The full name and role of the first person whose first name is in the query, or a
    /// sentence saying there is none.
    public func call(arguments: Arguments) async throws -> String {
        let key = arguments.query.lowercased()
        if let match = roster.first(where: { key.contains($0.key) }) {
            return match.value
        }
        return "No team member found matching '\(arguments.query)'."
    }
}
