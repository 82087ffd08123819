public import Foundation

/// What one request of a session did, as the Foundation Models instrument shows it: the prompt,
/// the tools offered and called, the response or error, the token counts and where the time went
/// (an extra of this implementation; see ``RequestTracing``).
///
/// Times are offsets from the request's start. Text (the prompt, the rendered prompt, tool
/// arguments and outputs, the response) is recorded only when ``RequestTracing/recordsContent``
/// is on; names and numbers always are.
public struct RequestTrace: Sendable, Identifiable {
    /// The request's identifier.
    public var id: UUID
    /// The identifier of the session that made the request (the same for all its requests).
    public var sessionID: UUID
    /// The model, as its type and name describe it (`LlamaLanguageModel(…/qwen.gguf)`).
    public var model: String
    /// When the request started.
    public var startDate: Date
    /// How long the request took, from its start to its response or error.
    public var duration: Duration
    /// The instructions' text, when content is recorded.
    public var instructions: String?
    /// The names of the tools the model was offered (in its first round).
    public var toolsOffered: [String]
    /// The prompt's text, when content is recorded.
    public var prompt: String?
    /// The name of the type or schema the response follows, for a guided request.
    public var responseSchema: String?
    /// The response's text or JSON, when content is recorded and the request succeeded.
    public var response: String?
    /// The error the request failed with, described; `nil` when it succeeded.
    public var error: String?
    /// The options that applied, after the profile's settings were merged (temperature,
    /// sampling, token limit, tool-calling mode), in words.
    public var options: [String: String]
    /// Tokens, for the whole request.
    public var usage: LanguageModelSession.Usage
    /// Time to the first generated token of the request, if any was generated.
    public var timeToFirstToken: Duration?
    /// Each model call of the request: one, plus one after each round of tool calls.
    public var rounds: [Round]

    /// One model call: a turn that produced text, or tool calls that then ran.
    public struct Round: Sendable {
        /// When the round started, from the request's start.
        public var start: Duration
        /// How long the model call took (not the tools that ran after it).
        public var duration: Duration
        /// The prompt as the model received it, after the chat template (local models), when
        /// content is recorded.
        public var renderedPrompt: String?
        /// Tokens of this model call.
        public var usage: LanguageModelSession.Usage
        /// Time from the round's start to its first generated token.
        public var timeToFirstToken: Duration?
        /// Time loading the local model before the prompt could be computed (the first request of
        /// a process on that model; nearly zero afterwards).
        public var modelLoadDuration: Duration?
        /// Time computing the prompt (local models: from the rendered prompt and compiled grammar
        /// until the engine reported the prompt computed).
        public var prefillDuration: Duration?
        /// Time compiling the response's grammar (schema and tools), for a constrained round on a
        /// local model.
        public var grammarCompileDuration: Duration?
        /// The tools called at the end of the round, with what they returned.
        public var toolCalls: [ToolCall]

        /// Where the prefill began, from the round's start: it ends as the first token comes
        /// (after the prompt was rendered and the grammar compiled), or right after the model load.
        var prefillOffset: Duration {
            guard let prefill = prefillDuration, let first = timeToFirstToken, first >= prefill else {
                return modelLoadDuration ?? .zero
            }
            return first - prefill
        }

        /// Time from the first generated token to the round's end.
        public var decodeDuration: Duration? {
            timeToFirstToken.map { duration - $0 }
        }

        /// Generated tokens per second while decoding.
        public var decodeTokensPerSecond: Double? {
            guard let decode = decodeDuration, decode > .zero, usage.output.totalTokenCount > 1 else { return nil }
            return Double(usage.output.totalTokenCount - 1) / decode.seconds
        }

        /// Prompt tokens computed (not from the cache) per second while prefilling.
        public var prefillTokensPerSecond: Double? {
            guard let prefill = prefillDuration, prefill > .zero else { return nil }
            let computed = usage.input.totalTokenCount - usage.input.cachedTokenCount
            return computed > 0 ? Double(computed) / prefill.seconds : nil
        }
    }

    /// One tool call and its outcome.
    public struct ToolCall: Sendable {
        /// The tool's name.
        public var name: String
        /// The arguments as JSON, when content is recorded.
        public var arguments: String?
        /// What the tool returned, when content is recorded.
        public var output: String?
        /// The error the tool threw, described.
        public var error: String?
        /// When the call started, from the request's start.
        public var start: Duration
        /// How long the tool ran.
        public var duration: Duration
    }
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    /// The duration in whole microseconds.
    var microseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000 + attoseconds / 1_000_000_000_000
    }
}
