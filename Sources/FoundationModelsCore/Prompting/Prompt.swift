/// A request to the model: what the session should respond to.
///
/// Build a prompt from strings and generable values with a result builder:
///
/// ```swift
/// let prompt = Prompt {
///     "Extract the action items from these notes:"
///     notes
///     if let example {
///         "Here is an example of the expected output:"
///         example
///     }
/// }
/// ```
public struct Prompt: Sendable {
    /// The pieces of the prompt, in order.
    var segments: [ContentSegment]

    init(segments: [ContentSegment]) {
        self.segments = segments
    }

    /// Creates a prompt from a value that represents a prompt.
    ///
    /// - Parameter content: A string, generable value, array of them, or a prompt.
    public init(_ content: some PromptRepresentable) {
        self = content.promptRepresentation
    }

    /// Creates a prompt with a result builder.
    ///
    /// - Parameter content: A builder closure listing the prompt's parts in order.
    /// - Throws: Rethrows what `content` throws.
    public init(@PromptBuilder _ content: () throws -> Prompt) rethrows {
        self = try content()
    }
}

extension Prompt: PromptRepresentable {
    /// The prompt itself.
    public var promptRepresentation: Prompt {
        return self
    }
}
