public import Foundation

/// An evaluator could not do its work.
public enum EvaluationError: Error, LocalizedError {
    /// The evaluator reads the subject's transcript, and the subject has none.
    case missingTranscript(evaluatorType: String)
    /// Statistics were asked of metrics no evaluator produced. (The runner reports these in
    /// ``EvaluationResult/runErrors`` rather than throwing, as Apple's does.)
    case metricsNotFound(names: [String])

    /// What went wrong, in a sentence.
    public var errorDescription: String? {
        switch self {
        case .missingTranscript(let type):
            "\(type) reads the subject's transcript, and the subject has none: return ModelSubject(value:transcript:) with session.transcript.structuredTranscript"
        case .metricsNotFound(let names):
            "no evaluator produced the metrics \(names.joined(separator: ", "))"
        }
    }
}
