public import Foundation

extension LanguageModelSession {
    /// Misuses of a session (OS 27).
    ///
    /// This package throws ``transcriptMutationWhileResponding`` directly (only code that sets
    /// ``LanguageModelSession/transcript``, an OS 27 ability, can cause it); concurrent requests
    /// throw ``GenerationError/concurrentRequests(_:)`` as on OS 26, which converts with
    /// ``init(_:)``.
    public enum Error: LocalizedError, Equatable, Hashable {
        /// A request started while the session was responding to another.
        case concurrentRequests
        /// The transcript was set while the session was responding; the response was not recorded.
        case transcriptMutationWhileResponding

        /// The OS 27 error for an OS 26 error, or nil when it is not a misuse of the session.
        ///
        /// - Parameter error: The error this package threw.
        public init?(_ error: LanguageModelSession.GenerationError) {
            guard case .concurrentRequests = error else { return nil }
            self = .concurrentRequests
        }

        /// A short description of the error.
        public var errorDescription: String? {
            switch self {
            case .concurrentRequests: "The session is already responding to another request."
            case .transcriptMutationWhileResponding: "The transcript was changed while the session was responding."
            }
        }

        /// What to do about the error.
        public var recoverySuggestion: String? {
            switch self {
            case .concurrentRequests: "Wait for the current response (check isResponding), or use another session."
            case .transcriptMutationWhileResponding: "Change the transcript only while isResponding is false."
            }
        }
    }
}

extension LanguageModelSession.Error: CustomDebugStringConvertible {
    /// The error's description.
    public var debugDescription: String {
        switch self {
        case .concurrentRequests: "LanguageModelSession.Error.concurrentRequests"
        case .transcriptMutationWhileResponding: "LanguageModelSession.Error.transcriptMutationWhileResponding"
        }
    }
}
