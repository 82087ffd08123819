/// Instructions that set a session's role, tone and rules, given before any prompt.
///
/// Build instructions from strings and generable values with a result builder:
///
/// ```swift
/// let instructions = Instructions {
///     "You extract action items from meeting notes."
///     if includeExample {
///         "For example:"
///         ActionItem.example
///     }
/// }
/// ```
public struct Instructions: Sendable {
    /// The pieces of the instructions, in order.
    var segments: [ContentSegment]

    init(segments: [ContentSegment]) {
        self.segments = segments
    }

    /// Creates instructions from a value that represents instructions.
    ///
    /// - Parameter content: A string, generable value, array of them, or instructions.
    public init(_ content: some InstructionsRepresentable) {
        self = content.instructionsRepresentation
    }

    /// Creates instructions with a result builder.
    ///
    /// - Parameter content: A builder closure listing the instructions' parts in order.
    /// - Throws: Rethrows what `content` throws.
    public init(@InstructionsBuilder _ content: () throws -> Instructions) rethrows {
        self = try content()
    }
}

extension Instructions: InstructionsRepresentable {
    /// The instructions themselves.
    public var instructionsRepresentation: Instructions {
        return self
    }
}
