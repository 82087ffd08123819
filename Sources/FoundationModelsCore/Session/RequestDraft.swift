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

/// Tool calls as they stream in, by identifier, in the order they started.
struct ToolCallAssembly {
    private var order: [String] = []
    private var names: [String: String] = [:]
    private var arguments: [String: String] = [:]
    private var metadata: [String: [String: any Sendable & Codable & Equatable]] = [:]

    mutating func apply(_ call: LanguageModelExecutorGenerationChannel.ToolCalls.ToolCall) {
        if names[call.id] == nil { order.append(call.id) }
        names[call.id] = call.name
        switch call.action.kind {
        case .appendArguments(let fragment): arguments[call.id, default: ""] += fragment.content
        case .updateMetadata(let values): metadata[call.id] = values.values
        }
    }

    mutating func remove(_ id: String) {
        order.removeAll { $0 == id }
        names[id] = nil
        arguments[id] = nil
        metadata[id] = nil
    }

    /// The calls, with their arguments parsed.
    ///
    /// - Throws: ``LanguageModelSession/GenerationError/decodingFailure(_:)`` when a call's
    ///   arguments are not JSON.
    func finished() throws -> [Transcript.ToolCall] {
        try order.compactMap { id in
            guard let name = names[id] else { return nil }
            let json = arguments[id] ?? "{}"
            let parsed: GeneratedContent
            do {
                parsed = try GeneratedContent(json: json.isEmpty ? "{}" : json)
            } catch {
                throw LanguageModelSession.GenerationError.decodingFailure(
                    .init(debugDescription: "The arguments of the call to \(name) are not valid JSON: \(json)"))
            }
            return Transcript.ToolCall(id: id, metadata: metadata[id] ?? [:], toolName: name, arguments: parsed)
        }
    }
}

extension Transcript.Segment {
    /// Whether the segment is an attachment.
    var isAttachment: Bool {
        if case .attachment = self { return true }
        return false
    }
}

extension Transcript.Entry {
    /// The entry's content segments (tool calls have none).
    var segments: [Transcript.Segment] {
        switch self {
        case .instructions(let entry): entry.segments
        case .prompt(let entry): entry.segments
        case .toolCalls: []
        case .toolOutput(let entry): entry.segments
        case .response(let entry): entry.segments
        case .reasoning(let entry): entry.segments
        }
    }
}
