/// The evaluation result in scope: inside a test marked `.evaluates(…)`.
public struct EvaluationContext: Sendable {
    /// The context of the running test.
    ///
    /// Reading it outside a test marked `.evaluates(…)` is a programmer error and stops the
    /// program with a message saying so.
    public static var current: EvaluationContext {
        guard let context = scoped else {
            // Why: Apple's property is not optional; outside an evaluation's scope there is no
            // result to give, and returning an empty one would let a test pass on nothing.
            preconditionFailure("EvaluationContext.current is read outside a test marked @Test(.evaluates(…))")
        }
        return context
    }

    /// The result of the evaluation that ran before the test.
    public let result: EvaluationResult

    @TaskLocal static var scoped: EvaluationContext?
}
