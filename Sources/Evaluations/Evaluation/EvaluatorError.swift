public import Foundation

/// An evaluator failed on a sample.
public enum EvaluatorError: Error, LocalizedError, Sendable {
    /// It failed, for this reason.
    case failed(evaluator: (any EvaluatorProtocol)?, evaluatorType: String, reason: String)

    /// The evaluator's type and the reason.
    public var errorDescription: String? {
        switch self {
        case .failed(_, let type, let reason): "\(type) failed: \(reason)"
        }
    }
}
