/// A type that can be used as ``Instructions``, alone or inside an ``InstructionsBuilder``.
///
/// Strings, arrays of representable values, and every ``ConvertibleToGeneratedContent`` type
/// (including every `@Generable` type) conform.
public protocol InstructionsRepresentable {
    /// This value as instructions.
    @InstructionsBuilder var instructionsRepresentation: Instructions { get }
}

extension String: InstructionsRepresentable {
    /// The string as a text segment.
    public var instructionsRepresentation: Instructions {
        return Instructions(segments: [.text(self)])
    }
}

extension Array: InstructionsRepresentable where Element: InstructionsRepresentable {
    /// The elements' instructions, one after another.
    public var instructionsRepresentation: Instructions {
        return Instructions(segments: flatMap(\.instructionsRepresentation.segments))
    }
}
