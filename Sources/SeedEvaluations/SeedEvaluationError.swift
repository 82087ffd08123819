public import Foundation

/// Why the seed app's evaluation suite cannot run.
public enum SeedEvaluationError: Error, Equatable, LocalizedError {
    /// A sample file is missing or not the JSON the suite expects (name, reason).
    case samplesUnreadable(String, String)
    /// A feature name that the suite does not know.
    case unknownFeature(String)

    /// The reason, in words.
    public var errorDescription: String? {
        switch self {
        case .samplesUnreadable(let name, let reason): "the samples \(name).json cannot be read: \(reason)"
        case .unknownFeature(let name):
            "unknown feature '\(name)' (\(SeedFeature.allCases.map(\.rawValue).joined(separator: ", ")))"
        }
    }
}
