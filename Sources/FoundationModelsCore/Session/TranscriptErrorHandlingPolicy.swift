/// What a session does with its transcript when a request fails or is cancelled (OS 27).
///
/// ```swift
/// session.transcriptErrorHandlingPolicy = .preserveTranscript
/// ```
public struct TranscriptErrorHandlingPolicy: Sendable {
    enum Kind: Sendable, Equatable {
        case revert
        case preserve
    }

    let kind: Kind

    /// Restore the transcript to what it was before the request (the default).
    public static let revertTranscript = TranscriptErrorHandlingPolicy(kind: .revert)

    /// Keep what the request produced before it failed: the prompt, reasoning, tool calls and
    /// outputs, and the response text generated so far.
    public static let preserveTranscript = TranscriptErrorHandlingPolicy(kind: .preserve)
}
