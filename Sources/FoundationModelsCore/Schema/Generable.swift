/// A type that the model can generate, guided by a schema derived from the type.
///
/// Apply the ``Generable(description:)`` macro to a struct or an enum to conform it; the macro writes
/// ``generationSchema``, ``ConvertibleToGeneratedContent/generatedContent``, the
/// `init(_ content:)` initializer and a ``PartiallyGenerated`` type for streaming.
///
/// ```swift
/// @Generable
/// struct ActionItem {
///     @Guide(description: "A short, imperative description of the task.")
///     let task: String
///     let priority: Priority
/// }
/// ```
public protocol Generable: ConvertibleFromGeneratedContent, ConvertibleToGeneratedContent {
    /// The type that represents a value of this type while it is still being generated.
    associatedtype PartiallyGenerated: ConvertibleFromGeneratedContent = Self

    /// The schema that guides the model to generate values of this type.
    static var generationSchema: GenerationSchema { get }
}

extension Generable {
    /// Returns this complete value in its partially generated form.
    ///
    /// Types whose ``PartiallyGenerated`` type is `Self` return `self`; others convert through
    /// ``ConvertibleToGeneratedContent/generatedContent``.
    public func asPartiallyGenerated() -> Self.PartiallyGenerated {
        if let same = self as? Self.PartiallyGenerated { return same }
        do {
            return try Self.PartiallyGenerated(generatedContent)
        } catch {
            // Why: a complete value's own content always converts to its partial form; failing here
            // means a hand-written conformance disagrees with itself, a programmer error.
            preconditionFailure("\(Self.self).PartiallyGenerated cannot represent \(generatedContent.jsonString): \(error)")
        }
    }
}

/// A type that can be created from generated content.
public protocol ConvertibleFromGeneratedContent: SendableMetatype {
    /// Creates a value from generated content.
    ///
    /// - Parameter content: The content to convert.
    /// - Throws: ``GeneratedContent/ConversionError`` when the content does not describe a value
    ///   of this type.
    init(_ content: GeneratedContent) throws
}

/// A type that can describe itself as generated content.
///
/// Every conforming value can be used in an ``Instructions`` or ``Prompt`` builder.
public protocol ConvertibleToGeneratedContent: InstructionsRepresentable, PromptRepresentable {
    /// This value as generated content.
    var generatedContent: GeneratedContent { get }
}

extension Generable {
    /// This value as instructions: one structured segment named after its schema (OS 27).
    public var instructionsRepresentation: Instructions {
        Instructions(segments: [.structure(source: Self.generationSchema.name, content: generatedContent)])
    }

    /// This value as a prompt: one structured segment named after its schema (OS 27).
    public var promptRepresentation: Prompt {
        Prompt(segments: [.structure(source: Self.generationSchema.name, content: generatedContent)])
    }
}

extension ConvertibleToGeneratedContent {
    /// This value as instructions: one structured segment holding its generated content.
    public var instructionsRepresentation: Instructions {
        Instructions(segments: [.structure(source: String(describing: Self.self), content: generatedContent)])
    }

    /// This value as a prompt: one structured segment holding its generated content.
    public var promptRepresentation: Prompt {
        Prompt(segments: [.structure(source: String(describing: Self.self), content: generatedContent)])
    }
}
