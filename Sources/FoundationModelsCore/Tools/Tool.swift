public import Foundation

/// A function the model can call while it responds, to fetch information or take an action.
///
/// Give the tool a description and `@Generable` arguments; the model chooses when to call it and
/// with which arguments, and the session runs `call(arguments:)` and feeds the output back:
///
/// ```swift
/// struct TeamDirectoryTool: Tool {
///     let name = "lookupTeamMember"
///     let description = "Find a team member's full name and role from a partial name."
///
///     @Generable
///     struct Arguments {
///         @Guide(description: "A partial or full name to search for.")
///         var query: String
///     }
///
///     func call(arguments: Arguments) async throws -> String {
///         directory[arguments.query.lowercased()] ?? "No match."
///     }
/// }
/// ```
///
/// Arguments are generated under the constraint of ``parameters``, so they always decode.
public protocol Tool<Arguments, Output>: Sendable {
    /// The output type: text, generated content, a prompt, or any prompt-representable value.
    associatedtype Output: PromptRepresentable
    /// The arguments type, created from the arguments the model generates.
    associatedtype Arguments: ConvertibleFromGeneratedContent

    /// The tool's name, as the model sees it (by default, the type's name).
    var name: String { get }
    /// What the tool does, in natural language, for the model.
    var description: String { get }
    /// The schema of the arguments (by default, `Arguments.generationSchema`).
    var parameters: GenerationSchema { get }
    /// Whether the argument schema is written into the instructions (by default, true).
    var includesSchemaInInstructions: Bool { get }

    /// Runs the tool.
    ///
    /// - Parameter arguments: The arguments the model generated.
    /// - Returns: The output, which the session adds to the transcript for the model to read.
    /// - Throws: Any error; the session reports it as ``LanguageModelSession/ToolCallError``.
    @concurrent func call(arguments: Self.Arguments) async throws -> Self.Output
}

extension Tool {
    /// The name of the tool's type.
    public var name: String {
        String(describing: Self.self)
    }

    /// True: the argument schema is written into the instructions.
    public var includesSchemaInInstructions: Bool {
        true
    }
}

extension Tool where Self.Arguments: Generable {
    /// The schema of the `@Generable` arguments type.
    public var parameters: GenerationSchema {
        Arguments.generationSchema
    }
}

extension Tool where Self.Arguments == String {
    /// Unavailable: a tool's arguments must be a `@Generable` structure.
    @available(*, unavailable, message: "'Tool' that uses 'String' as 'Arguments' type is unsupported. Use '@Generable' struct instead.")
    public var parameters: GenerationSchema { fatalError("unavailable") }  // Unreachable: unavailable at compile time.
}

extension Tool where Self.Arguments == Int {
    /// Unavailable: a tool's arguments must be a `@Generable` structure.
    @available(*, unavailable, message: "'Tool' that uses 'Int' as 'Arguments' type is unsupported. Use '@Generable' struct instead.")
    public var parameters: GenerationSchema { fatalError("unavailable") }  // Unreachable: unavailable at compile time.
}

extension Tool where Self.Arguments == Double {
    /// Unavailable: a tool's arguments must be a `@Generable` structure.
    @available(*, unavailable, message: "'Tool' that uses 'Double' as 'Arguments' type is unsupported. Use '@Generable' struct instead.")
    public var parameters: GenerationSchema { fatalError("unavailable") }  // Unreachable: unavailable at compile time.
}

extension Tool where Self.Arguments == Float {
    /// Unavailable: a tool's arguments must be a `@Generable` structure.
    @available(*, unavailable, message: "'Tool' that uses 'Float' as 'Arguments' type is unsupported. Use '@Generable' struct instead.")
    public var parameters: GenerationSchema { fatalError("unavailable") }  // Unreachable: unavailable at compile time.
}

extension Tool where Self.Arguments == Decimal {
    /// Unavailable: a tool's arguments must be a `@Generable` structure.
    @available(*, unavailable, message: "'Tool' that uses 'Decimal' as 'Arguments' type is unsupported. Use '@Generable' struct instead.")
    public var parameters: GenerationSchema { fatalError("unavailable") }  // Unreachable: unavailable at compile time.
}

extension Tool where Self.Arguments == Bool {
    /// Unavailable: a tool's arguments must be a `@Generable` structure.
    @available(*, unavailable, message: "'Tool' that uses 'Bool' as 'Arguments' type is unsupported. Use '@Generable' struct instead.")
    public var parameters: GenerationSchema { fatalError("unavailable") }  // Unreachable: unavailable at compile time.
}
