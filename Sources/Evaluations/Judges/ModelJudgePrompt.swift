/// What a judge is told: its instructions, how a response is shown to it, and the reference facts
/// it may compare against.
///
/// ```swift
/// ModelJudgePrompt<ModelSample<[String]>>(
///     evaluationTarget: { tags in tags.joined(separator: ", ") },
///     reference: { sample, _ in ["Expected Tags": sample.expected?.joined(separator: ", ") ?? ""] }
/// )
/// ```
public struct ModelJudgePrompt<Input>: Sendable where Input: ModelSampleProtocol {
    /// Instructions that ask for an impartial score on each dimension's scale.
    public static var defaultInstructions: String {
        """
        You are an impartial evaluator of a language model's responses. Read the task the model \
        was given and its response, then score the response on each dimension using only that \
        dimension's scale. Judge the response on its merits, not its length or style unless a \
        dimension asks for it. For each dimension, give the score, then a short rationale.
        """
    }

    /// The judge's instructions.
    public let instructions: String
    /// How a response is shown to the judge (by default, as JSON; text as it is).
    public let evaluationTarget: (@Sendable (Input.ExpectedValue) -> String)?
    /// Reference facts for the judge, by label: each becomes a section of the judge's prompt.
    public let reference: (@Sendable (Input, Input.ExpectedValue) async throws -> [String: String])?

    /// A judge prompt with instructions, how to show a response, and reference facts.
    public init(
        instructions: String = ModelJudgePrompt.defaultInstructions,
        evaluationTarget: (@Sendable (Input.ExpectedValue) -> String)? = nil,
        reference: (@Sendable (Input, Input.ExpectedValue) async throws -> [String: String])? = nil
    ) {
        self.instructions = instructions
        self.evaluationTarget = evaluationTarget
        self.reference = reference
    }
}
