import Evaluations
import FoundationModels
@testable import SeedEvaluations

/// Runs every evaluator of an evaluation on a hand-made subject, as the runner does, and returns
/// each metric's result by name.
func checks<E: Evaluation>(of evaluation: E, sample: E.Sample, value: E.Subject.Value, toolCalls: [Transcript.ToolCall] = []) async throws
    -> [String: Metric.Value]
where E.Subject == ModelSubject<E.Sample.ExpectedValue> {
    let subject = ModelSubject(value: value, transcript: StructuredTranscript(toolCalls: toolCalls))
    var results: [String: Metric.Value] = [:]
    for evaluator in evaluation.evaluators {
        for metric in try await evaluator.metrics(subject: subject, input: sample) { results[metric.name] = metric.value }
    }
    return results
}

/// A tool call as the session records it.
func call(_ tool: String, _ arguments: GeneratedContent) -> Transcript.ToolCall {
    Transcript.ToolCall(id: "call-\(tool)", toolName: tool, arguments: arguments)
}
