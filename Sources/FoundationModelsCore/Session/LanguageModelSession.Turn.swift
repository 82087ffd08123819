import Foundation

extension LanguageModelSession {
    /// One model turn: text, or tool calls, with the reasoning before them (what ``TurnFold``
    /// makes of an executor's events).
    struct Turn {
        var text = ""
        var toolCalls: [Transcript.ToolCall] = []
        var usage = Usage()
        var assetIDs: [String] = []
        var responseEntryID: String?
        var responseMetadata: [String: any Sendable & Codable & Equatable] = [:]
        var extraSegments: [Transcript.Segment] = []
        var toolCallsEntryID: String?
        var reasoning: ReasoningDraft?

        /// The reasoning as transcript entries (none when the model did not reason).
        var reasoningEntries: [Transcript.Entry] {
            guard let reasoning, !reasoning.isEmpty else { return [] }
            return [.reasoning(reasoning.entry)]
        }
    }

    /// Reasoning as it streams in.
    struct ReasoningDraft {
        var id = UUID().uuidString
        var text = ""
        var signature: Data?
        var metadata: [String: any Sendable & Codable & Equatable] = [:]

        var isEmpty: Bool { text.isEmpty && signature == nil && metadata.isEmpty }

        var entry: Transcript.Reasoning {
            Transcript.Reasoning(id: id, metadata: metadata, segments: text.isEmpty ? [] : [.text(Transcript.TextSegment(content: text))], signature: signature)
        }
    }
}
