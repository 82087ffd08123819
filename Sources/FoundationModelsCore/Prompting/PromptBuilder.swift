/// Builds a ``Prompt`` from the strings, generable values and conditionals in a closure.
@resultBuilder
public struct PromptBuilder {
    /// Joins the parts of a block, in order.
    ///
    /// - Parameter components: The block's parts.
    /// - Returns: A prompt holding every part.
    public static func buildBlock<each I: PromptRepresentable>(_ components: repeat each I) -> Prompt {
        var segments: [ContentSegment] = []
        for component in repeat each components {
            segments.append(contentsOf: component.promptRepresentation.segments)
        }
        return Prompt(segments: segments)
    }

    /// Joins the results of a `for` loop, in order.
    ///
    /// - Parameter prompt: One result per iteration.
    /// - Returns: A prompt holding every result.
    public static func buildArray(_ prompt: [some PromptRepresentable]) -> Prompt {
        Prompt(segments: prompt.flatMap(\.promptRepresentation.segments))
    }

    /// The first branch of an `if`-`else` or `switch`.
    ///
    /// - Parameter prompt: The branch's result.
    /// - Returns: The branch's prompt.
    public static func buildEither(first prompt: some PromptRepresentable) -> Prompt {
        prompt.promptRepresentation
    }

    /// The second branch of an `if`-`else` or `switch`.
    ///
    /// - Parameter prompt: The branch's result.
    /// - Returns: The branch's prompt.
    public static func buildEither(second prompt: some PromptRepresentable) -> Prompt {
        prompt.promptRepresentation
    }

    /// The result of an `if` without `else`: empty when the condition is false.
    ///
    /// - Parameter prompt: The branch's result, or `nil`.
    /// - Returns: The branch's prompt, or an empty prompt.
    public static func buildOptional(_ prompt: Prompt?) -> Prompt {
        prompt ?? Prompt(segments: [])
    }

    /// The result of an `if #available` branch.
    ///
    /// - Parameter prompt: The branch's result.
    /// - Returns: The branch's prompt.
    public static func buildLimitedAvailability(_ prompt: some PromptRepresentable) -> Prompt {
        prompt.promptRepresentation
    }

    /// Accepts any value that represents a prompt.
    ///
    /// - Parameter expression: The value.
    /// - Returns: The value itself.
    @_disfavoredOverload
    public static func buildExpression<I: PromptRepresentable>(_ expression: I) -> I {
        expression
    }

    /// Accepts a prompt.
    ///
    /// - Parameter expression: The prompt.
    /// - Returns: The prompt itself.
    public static func buildExpression(_ expression: Prompt) -> Prompt {
        expression
    }

    /// Rejects values that do not represent a prompt, with a clear compile-time message.
    ///
    /// - Parameter expression: The value.
    /// - Returns: Never returns.
    @available(*, unavailable, message: "Only `Prompt` and `PromptRepresentable` are supported.")
    public static func buildExpression<T>(_ expression: T) -> Prompt {
        fatalError("unavailable")  // Unreachable: an unavailable overload cannot be called.
    }
}
