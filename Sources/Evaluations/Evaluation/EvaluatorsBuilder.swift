/// Builds an evaluation's list of evaluators from one expression per line.
@resultBuilder
public struct EvaluatorsBuilder<Sample, Subject> where Sample: SampleProtocol, Subject: EvaluationSubject {
    /// One evaluator.
    public static func buildExpression(_ expression: any EvaluatorProtocol<Sample, Subject>) -> any EvaluatorProtocol<Sample, Subject> {
        expression
    }

    /// The evaluators in order.
    public static func buildBlock(_ components: any EvaluatorProtocol<Sample, Subject>...) -> [any EvaluatorProtocol<Sample, Subject>] {
        components
    }

    /// Evaluators under an `if`, or none.
    public static func buildOptional(_ component: [any EvaluatorProtocol<Sample, Subject>]?) -> [any EvaluatorProtocol<Sample, Subject>] {
        component ?? []
    }
}

extension EvaluatorsBuilder {
    /// The first part of a block (used for blocks with `if` and `if`–`else`).
    public static func buildPartialBlock(first: any EvaluatorProtocol<Sample, Subject>) -> [any EvaluatorProtocol<Sample, Subject>] {
        [first]
    }

    /// The first part of a block that is itself a list.
    public static func buildPartialBlock(first: [any EvaluatorProtocol<Sample, Subject>]) -> [any EvaluatorProtocol<Sample, Subject>] {
        first
    }

    /// A block's evaluators so far and the next one.
    public static func buildPartialBlock(
        accumulated: [any EvaluatorProtocol<Sample, Subject>], next: any EvaluatorProtocol<Sample, Subject>
    ) -> [any EvaluatorProtocol<Sample, Subject>] {
        accumulated + [next]
    }

    /// A block's evaluators so far and the next list.
    public static func buildPartialBlock(
        accumulated: [any EvaluatorProtocol<Sample, Subject>], next: [any EvaluatorProtocol<Sample, Subject>]
    ) -> [any EvaluatorProtocol<Sample, Subject>] {
        accumulated + next
    }

    /// The evaluators of the `if` branch.
    public static func buildEither(first component: [any EvaluatorProtocol<Sample, Subject>]) -> [any EvaluatorProtocol<Sample, Subject>] {
        component
    }

    /// The evaluators of the `else` branch.
    public static func buildEither(second component: [any EvaluatorProtocol<Sample, Subject>]) -> [any EvaluatorProtocol<Sample, Subject>] {
        component
    }

    /// The evaluators of each loop pass, in order.
    public static func buildArray(_ components: [[any EvaluatorProtocol<Sample, Subject>]]) -> [any EvaluatorProtocol<Sample, Subject>] {
        components.flatMap { $0 }
    }
}
