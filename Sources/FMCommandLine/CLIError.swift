import Foundation
import FoundationModels

/// A command-line failure: one line on stderr and a non-zero exit code.
enum CLIError: Error, Equatable, CustomStringConvertible {
    /// The command line is malformed (exit code 64, EX_USAGE).
    case usage(String)
    /// The command failed (exit code 1).
    case failed(String)

    var description: String {
        switch self {
        case .usage(let message): "\(message) (see fm --help)"
        case .failed(let message): message
        }
    }

    var exitCode: Int32 {
        switch self {
        case .usage: 64
        case .failed: 1
        }
    }

    /// One line describing any error, with the framework's reason when it has one.
    static func describe(_ error: any Error) -> String {
        if let error = error as? LanguageModelSession.GenerationError {
            return [error.errorDescription, error.failureReason].compactMap { $0 }.joined(separator: " ")
        }
        if let error = error as? any LocalizedError, let description = error.errorDescription {
            return description
        }
        return String(describing: error)
    }
}
