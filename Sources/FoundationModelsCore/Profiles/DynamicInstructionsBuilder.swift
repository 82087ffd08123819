/// Builds ``DynamicInstructions`` from ``Instructions``, tools, `if`/`else` and other dynamic
/// instructions, in order (OS 27).
@resultBuilder
public struct DynamicInstructionsBuilder {
    /// A tool: the model may call it.
    public static func buildExpression<T: Tool>(_ expression: T) -> some DynamicInstructions {
        ToolContent(tool: expression)
    }

    /// Dynamic instructions as they are.
    public static func buildExpression<T: DynamicInstructions>(_ expression: T) -> T {
        expression
    }

    /// Several tools, each one the model may call.
    public static func buildExpression(_ tools: [any Tool]) -> some DynamicInstructions {
        DynamicInstructionsForEach(tools, id: \.name) { tool in
            AnyDynamicInstructions(Self.buildExpression(tool))
        }
    }

    /// Several lines in order.
    @_disfavoredOverload
    public static func buildBlock<each Content: DynamicInstructions>(_ contents: repeat each Content) -> TupleDynamicInstructions<repeat each Content> {
        TupleDynamicInstructions(repeat each contents)
    }

    /// One line.
    public static func buildBlock<T: DynamicInstructions>(_ content: T) -> T {
        content
    }

    /// No lines.
    public static func buildBlock() -> EmptyDynamicInstructions {
        EmptyDynamicInstructions()
    }

    /// The `if` branch of an `if`/`else`.
    public static func buildEither<TrueContent: DynamicInstructions, FalseContent: DynamicInstructions>(
        first content: TrueContent
    ) -> ConditionalDynamicInstructions<TrueContent, FalseContent> {
        ConditionalDynamicInstructions(.trueContent(content))
    }

    /// The `else` branch of an `if`/`else`.
    public static func buildEither<TrueContent: DynamicInstructions, FalseContent: DynamicInstructions>(
        second content: FalseContent
    ) -> ConditionalDynamicInstructions<TrueContent, FalseContent> {
        ConditionalDynamicInstructions(.falseContent(content))
    }

    /// An `if` without `else`.
    public static func buildOptional<Content: DynamicInstructions>(_ content: Content?) -> Content? {
        content
    }

    /// Instructions inside `if #available`.
    public static func buildLimitedAvailability(_ content: some DynamicInstructions) -> AnyDynamicInstructions {
        AnyDynamicInstructions(content)
    }
}
