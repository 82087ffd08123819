public import Foundation

/// A judge's verdict could not be read.
public enum ModelJudgeError: LocalizedError {
    /// The score for a dimension is not on its scale.
    case invalidScore(dimension: String, value: String)
    /// The judge's answer is not a verdict.
    case invalidResponse(String)
    /// The judge's answer is not the JSON asked for.
    case jsonDecodingFailed(response: String, underlying: any Error)
    /// The verdict has no score for a dimension.
    case missingDimension(String, response: String)
    /// A dimension's scale has no options.
    case noScaleValues(dimension: String)

    /// What went wrong, in a sentence.
    public var errorDescription: String? {
        switch self {
        case .invalidScore(let dimension, let value): "the judge's score '\(value)' for \(dimension) is not on its scale"
        case .invalidResponse(let response): "the judge's answer is not a verdict: \(response)"
        case .jsonDecodingFailed(let response, let underlying): "the judge's answer is not the JSON asked for (\(underlying)): \(response)"
        case .missingDimension(let dimension, _): "the judge's verdict has no score for \(dimension)"
        case .noScaleValues(let dimension): "the scale of \(dimension) has no options"
        }
    }
}
