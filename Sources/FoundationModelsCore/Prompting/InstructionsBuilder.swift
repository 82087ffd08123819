/// Builds ``Instructions`` from the strings, generable values and conditionals in a closure.
@resultBuilder
public struct InstructionsBuilder {
    /// Joins the parts of a block, in order.
    ///
    /// - Parameter components: The block's parts.
    /// - Returns: Instructions holding every part.
    public static func buildBlock<each I: InstructionsRepresentable>(_ components: repeat each I) -> Instructions {
        var segments: [ContentSegment] = []
        for component in repeat each components {
            segments.append(contentsOf: component.instructionsRepresentation.segments)
        }
        return Instructions(segments: segments)
    }

    /// Joins the results of a `for` loop, in order.
    ///
    /// - Parameter instructions: One result per iteration.
    /// - Returns: Instructions holding every result.
    public static func buildArray(_ instructions: [some InstructionsRepresentable]) -> Instructions {
        Instructions(segments: instructions.flatMap(\.instructionsRepresentation.segments))
    }

    /// The first branch of an `if`-`else` or `switch`.
    ///
    /// - Parameter instructions: The branch's result.
    /// - Returns: The branch's instructions.
    public static func buildEither(first instructions: some InstructionsRepresentable) -> Instructions {
        instructions.instructionsRepresentation
    }

    /// The second branch of an `if`-`else` or `switch`.
    ///
    /// - Parameter instructions: The branch's result.
    /// - Returns: The branch's instructions.
    public static func buildEither(second instructions: some InstructionsRepresentable) -> Instructions {
        instructions.instructionsRepresentation
    }

    /// The result of an `if` without `else`: empty when the condition is false.
    ///
    /// - Parameter instructions: The branch's result, or `nil`.
    /// - Returns: The branch's instructions, or empty instructions.
    public static func buildOptional(_ instructions: Instructions?) -> Instructions {
        instructions ?? Instructions(segments: [])
    }

    /// The result of an `if #available` branch.
    ///
    /// - Parameter instructions: The branch's result.
    /// - Returns: The branch's instructions.
    public static func buildLimitedAvailability(_ instructions: some InstructionsRepresentable) -> Instructions {
        instructions.instructionsRepresentation
    }

    /// Accepts any value that represents instructions.
    ///
    /// - Parameter expression: The value.
    /// - Returns: The value itself.
    @_disfavoredOverload
    public static func buildExpression<I: InstructionsRepresentable>(_ expression: I) -> I {
        expression
    }

    /// Accepts instructions.
    ///
    /// - Parameter expression: The instructions.
    /// - Returns: The instructions themselves.
    public static func buildExpression(_ expression: Instructions) -> Instructions {
        expression
    }

    /// Rejects values that do not represent instructions, with a clear compile-time message.
    ///
    /// - Parameter expression: The value.
    /// - Returns: Never returns.
    @available(*, unavailable, message: "Only `Instructions` and `InstructionsRepresentable` are supported.")
    public static func buildExpression<T>(_ expression: T) -> Instructions {
        fatalError("unavailable")  // Unreachable: an unavailable overload cannot be called.
    }
}
