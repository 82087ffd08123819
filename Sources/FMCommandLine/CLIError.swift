import Foundation
import FoundationModels

/// A command-line failure: one line on stderr and an exit code that tells the kind apart, so that
/// scripts can react to each (documented in `fm --help`).
enum CLIError: Error, Equatable, CustomStringConvertible {
    /// The command line is malformed (exit code 64, EX_USAGE).
    case usage(String)
    /// The command failed (exit code 1, or the code of ``Kind``).
    case failed(String, kind: Kind = .general)

    /// What kind of failure, each with its own exit code.
    enum Kind: Int32, Equatable, CaseIterable {
        /// Anything not listed below.
        case general = 1
        /// The model declined or a guardrail stopped it.
        case refused = 3
        /// The conversation does not fit the model's context.
        case contextExceeded = 4
        /// The model is missing, unreadable, turned off or unreachable.
        case modelUnavailable = 5
        /// The model or server is busy (rate limit, concurrent requests).
        case rateLimited = 6
        /// The schema or response format cannot be enforced, or the answer could not be decoded.
        case schema = 7

        /// One line for `fm --help`.
        var meaning: String {
            switch self {
            case .general: "any other failure"
            case .refused: "the model refused (or a guardrail stopped it)"
            case .contextExceeded: "the conversation does not fit the context"
            case .modelUnavailable: "the model (or server) is missing, turned off or unreachable"
            case .rateLimited: "the model or server is busy"
            case .schema: "the schema cannot be enforced, or the answer could not be decoded"
            }
        }
    }

    var description: String {
        switch self {
        case .usage(let message): "\(message) (see fm --help)"
        case .failed(let message, _): message
        }
    }

    var exitCode: Int32 {
        switch self {
        case .usage: 64
        case .failed(_, let kind): kind.rawValue
        }
    }

    /// The exit codes, as `fm --help` lists them.
    static var exitCodeHelp: String {
        (["  0   success"] + Kind.allCases.map { "  \($0.rawValue)   \($0.meaning)" } + ["  64  the command line is malformed"])
            .joined(separator: "\n")
    }

    /// The kind of an error the framework threw.
    static func kind(of error: any Error) -> Kind {
        if let error = error as? LanguageModelSession.GenerationError {
            switch error {
            case .refusal, .guardrailViolation: return .refused
            case .exceededContextWindowSize: return .contextExceeded
            case .assetsUnavailable: return .modelUnavailable
            case .rateLimited, .concurrentRequests: return .rateLimited
            case .unsupportedGuide, .decodingFailure: return .schema
            default: return .general
            }
        }
        if error is JSONSchemaImportError { return .schema }
        return .general
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
