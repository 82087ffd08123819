/// Why the server could not start.
public enum HTTPServerError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The address could not be bound or listened on (in use, not local, not permitted).
    case cannotListen(host: String, port: Int, reason: String)

    /// One sentence for the user.
    public var description: String {
        switch self {
        case .cannotListen(let host, let port, let reason): "cannot listen on \(host):\(port): \(reason)"
        }
    }
}
