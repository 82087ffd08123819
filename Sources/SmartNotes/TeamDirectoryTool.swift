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

    // A tiny stand-in for a real data source, in a fixed order: first name, then the answer.
    private let roster: KeyValuePairs = [
        "sara": "Sara Ben Ali — Product Lead",
        "youssef": "Youssef Trabelsi — Backend Engineer",
        "lina": "Lina Haddad — Designer"
    ]

    /// A directory with the tutorial's three people.
    public init() {}

    /// The full name and role of each person whose first name is in the query, one a line, in
    /// the order the query names them; or a sentence saying there is none.
    ///
    /// The tutorial's tool returns the first match of a dictionary, and a Swift dictionary's
    /// order changes from process to process: a query that names several people (small models
    /// often pass the whole notes) got one of them at random, so greedy runs of the same notes
    /// gave different digests. Here every person named is found, and the answer is the same in
    /// every process.
    public func call(arguments: Arguments) async throws -> String {
        let query = arguments.query.lowercased()
        let named = roster.compactMap { firstName, entry in query.firstRange(of: firstName).map { (at: $0.lowerBound, entry: entry) } }
        guard !named.isEmpty else { return "No team member found matching '\(arguments.query)'." }
        return named.sorted { $0.at < $1.at }.map(\.entry).joined(separator: "\n")
    }
}
