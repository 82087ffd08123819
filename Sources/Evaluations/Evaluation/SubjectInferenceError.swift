public import Foundation

/// The system under test failed to produce a subject for a sample.
public enum SubjectInferenceError: Error, LocalizedError, Codable, Sendable, Hashable {
    /// It failed, for this reason.
    case failed(reason: String)

    /// The reason.
    public var errorDescription: String? {
        switch self {
        case .failed(let reason): "the subject could not be produced: \(reason)"
        }
    }
}
