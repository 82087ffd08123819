import FoundationModelsCore
/// One streamed chunk of an OpenAI-compatible `/chat/completions` response, as the server sends it
/// (or the whole response, with `message` in place of `delta`, from a server that does not stream).
///
/// Only the fields this package reads are declared; servers add others (llama-server's `timings`).
struct ChatCompletionChunk: Decodable, Sendable {
    struct Choice: Decodable, Sendable {
        var index: Int?
        var delta: Delta?
        /// The whole message, when the server answered without streaming.
        var message: Delta?
        var finishReason: String?

        enum CodingKeys: String, CodingKey {
            case index, delta, message
            case finishReason = "finish_reason"
        }
    }

    struct Delta: Decodable, Sendable {
        var content: String?
        /// The model's reasoning, as llama-server and vLLM stream it for reasoning models.
        var reasoningContent: String?
        var toolCalls: [ToolCallDelta]?

        enum CodingKeys: String, CodingKey {
            case content
            case reasoningContent = "reasoning_content"
            case toolCalls = "tool_calls"
        }
    }

    /// A piece of one tool call; pieces with the same `index` belong to the same call.
    struct ToolCallDelta: Decodable, Sendable {
        struct Function: Decodable, Sendable {
            var name: String?
            var arguments: String?
        }

        var index: Int?
        var id: String?
        var function: Function?
    }

    struct Usage: Decodable, Sendable {
        struct PromptDetails: Decodable, Sendable {
            var cachedTokens: Int?

            enum CodingKeys: String, CodingKey {
                case cachedTokens = "cached_tokens"
            }
        }

        struct CompletionDetails: Decodable, Sendable {
            var reasoningTokens: Int?

            enum CodingKeys: String, CodingKey {
                case reasoningTokens = "reasoning_tokens"
            }
        }

        var promptTokens: Int?
        var completionTokens: Int?
        var promptTokensDetails: PromptDetails?
        var completionTokensDetails: CompletionDetails?

        enum CodingKeys: String, CodingKey {
            case promptTokens = "prompt_tokens"
            case completionTokens = "completion_tokens"
            case promptTokensDetails = "prompt_tokens_details"
            case completionTokensDetails = "completion_tokens_details"
        }
    }

    var choices: [Choice]?
    var usage: Usage?
    /// An error reported inside the stream (the server failed after it began answering).
    var error: ServerErrorBody.Detail?
}

/// The error body of an OpenAI-compatible server: `{"error": {"message": …}}` (OpenAI, llama-server)
/// or `{"object": "error", "message": …}` (vLLM).
struct ServerErrorBody: Decodable, Sendable {
    struct Detail: Decodable, Sendable {
        var message: String?
        var type: String?
        /// llama-server's numbers for a prompt that does not fit its context.
        var promptTokenCount: Int?
        var contextSize: Int?

        enum CodingKeys: String, CodingKey {
            case message, type
            case promptTokenCount = "n_prompt_tokens"
            case contextSize = "n_ctx"
        }
    }

    var error: Detail?
    var message: String?
    var type: String?

    /// The error's detail, whichever shape the server used.
    var detail: Detail {
        error ?? Detail(message: message, type: type)
    }
}
