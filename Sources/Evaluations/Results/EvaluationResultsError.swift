public import Foundation

/// A results file could not be read.
public enum EvaluationResultsError: LocalizedError, Equatable {
    /// There is no file at this place.
    case fileNotFound(URL)
    /// The file is empty.
    case emptyJSONFile
    /// The file is not an evaluation result.
    case invalidJSONFormat

    /// What went wrong, in a sentence.
    public var errorDescription: String? {
        switch self {
        case .fileNotFound(let url): "no evaluation results at \(url.path)"
        case .emptyJSONFile: "the evaluation results file is empty"
        case .invalidJSONFormat: "the file is not an evaluation result (expected the JSON that saveJSON writes)"
        }
    }
}
