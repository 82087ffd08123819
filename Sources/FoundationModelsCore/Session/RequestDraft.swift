import Foundation

/// What a request has produced so far, kept so that a failed request can leave it in the
/// transcript under ``TranscriptErrorHandlingPolicy/preserveTranscript``.
struct RequestDraft: Sendable {
    /// The entries added so far: the prompt, reasoning, tool calls and outputs.
    var entries: [Transcript.Entry] = []
    /// The response text generated so far in the current turn.
    var partialResponse = ""
    /// The tokens used so far.
    var usage = LanguageModelSession.Usage()
    /// The error-handling policy the session's profile sets, if any.
    var errorHandlingPolicy: TranscriptErrorHandlingPolicy?

    /// The entries to keep: those added, and the partial response as text when there is one.
    var producedEntries: [Transcript.Entry] {
        guard !partialResponse.isEmpty else { return entries }
        return entries + [.response(Transcript.Response(assetIDs: [], segments: [.text(Transcript.TextSegment(content: partialResponse))]))]
    }
}
