public import FoundationModels

/// The answer of ``NotesDigester``'s first turn: the first names of the people the notes name.
@Generable
public struct PeopleNamed: Sendable {
    /// The first names, each once.
    @Guide(description: "The first name of each person the notes name, once each.", .maximumCount(8))
    public let firstNames: [String]

    /// An answer with these names.
    public init(firstNames: [String]) {
        self.firstNames = firstNames
    }
}
