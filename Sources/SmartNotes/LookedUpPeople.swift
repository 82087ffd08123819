public import FoundationModels

/// The answer of ``NotesDigester``'s lookup turn: the full names the directory gave.
///
/// Guided, so that the turn ends a few tokens after its calls. In free text the default model
/// (Qwen2.5-Coder-0.5B) wrote a whole digest in prose there, 200 tokens and more, and on
/// `fm notes`' own sample notes ran on to the end of the context, which failed the job.
@Generable
public struct LookedUpPeople: Sendable {
    /// The full names found.
    @Guide(description: "The full names the team directory returned.", .maximumCount(6))
    public let fullNames: [String]

    /// An answer with these names.
    public init(fullNames: [String]) {
        self.fullNames = fullNames
    }
}
