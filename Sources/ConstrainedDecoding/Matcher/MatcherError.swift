/// Why a matcher refused input.
public enum MatcherError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The token is not allowed at this point (or is a special token other than end-of-generation).
    case tokenNotAllowed(token: Int)
    /// The byte at `offset` of the input is not allowed.
    case bytesNotAllowed(offset: Int)
    /// The matcher accepted end-of-generation already.
    case alreadyTerminated
    /// Rollback asked for more tokens than were accepted.
    case cannotRollBack(requested: Int, available: Int)

    public var description: String {
        switch self {
        case .tokenNotAllowed(let token): return "token \(token) is not allowed here"
        case .bytesNotAllowed(let offset): return "byte \(offset) of the input is not allowed here"
        case .alreadyTerminated: return "the matcher has already terminated"
        case .cannotRollBack(let requested, let available):
            return "cannot roll back \(requested) tokens, only \(available) accepted"
        }
    }
}
