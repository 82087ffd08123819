/// A type that can be used as a ``Prompt``, alone or inside a ``PromptBuilder``.
///
/// Strings, arrays of representable values, and every ``ConvertibleToGeneratedContent`` type
/// (including every `@Generable` type) conform.
public protocol PromptRepresentable {
    /// This value as a prompt.
    @PromptBuilder var promptRepresentation: Prompt { get }
}

extension String: PromptRepresentable {
    /// The string as a text segment.
    public var promptRepresentation: Prompt {
        return Prompt(segments: [.text(self)])
    }
}

extension Array: PromptRepresentable where Element: PromptRepresentable {
    /// The elements' prompts, one after another.
    public var promptRepresentation: Prompt {
        return Prompt(segments: flatMap(\.promptRepresentation.segments))
    }
}
