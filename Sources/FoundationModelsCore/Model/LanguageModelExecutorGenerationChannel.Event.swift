extension LanguageModelExecutorGenerationChannel {
    /// One thing an executor reports.
    public struct Event: Sendable {
        enum Payload: Sendable {
            case response(Response.Action)
            case reasoning(Reasoning.Action)
            case toolCalls(ToolCalls.Action)
        }

        /// The transcript entry the event belongs to, if the executor names one.
        public let entryID: String?
        let payload: Payload

        /// An event of the response.
        ///
        /// - Parameters:
        ///   - entryID: The response entry's identifier, if the executor names one.
        ///   - action: What happened.
        public static func response(entryID: String? = nil, action: Response.Action) -> Event {
            Event(entryID: entryID, payload: .response(action))
        }

        /// An event of the model's reasoning.
        ///
        /// - Parameters:
        ///   - entryID: The reasoning entry's identifier, if the executor names one.
        ///   - action: What happened.
        public static func reasoning(entryID: String? = nil, action: Reasoning.Action) -> Event {
            Event(entryID: entryID, payload: .reasoning(action))
        }

        /// An event of the model's tool calls.
        ///
        /// - Parameters:
        ///   - entryID: The tool-calls entry's identifier, if the executor names one.
        ///   - action: What happened.
        public static func toolCalls(entryID: String? = nil, action: ToolCalls.Action) -> Event {
            Event(entryID: entryID, payload: .toolCalls(action))
        }
    }

    /// Events of a response.
    public enum Response {
        /// What happened to the response.
        public enum Action: Sendable {
            /// Text was generated, by `tokenCount` tokens.
            case appendText(_ text: String, segmentID: String? = nil, tokenCount: Int? = nil)
            /// A text segment was replaced.
            case replaceTextSegment(_ text: String, segmentID: String, tokenCount: Int? = nil)
            /// Executor-specific metadata changed.
            case updateMetadata(_ metadata: [String: String])
            /// Token usage so far.
            case updateUsage(input: LanguageModelSession.Usage.Input, output: LanguageModelSession.Usage.Output, metadata: [String: String] = [:])
        }
    }

    /// Events of the model's reasoning.
    public enum Reasoning {
        /// What happened to the reasoning.
        public enum Action: Sendable {
            /// Reasoning text was generated.
            case appendText(_ text: String, segmentID: String? = nil, tokenCount: Int? = nil)
            /// A reasoning segment was replaced.
            case replaceTextSegment(_ text: String, segmentID: String, tokenCount: Int? = nil)
            /// Executor-specific metadata changed.
            case updateMetadata(_ metadata: [String: String])
            /// Token usage so far.
            case updateUsage(input: LanguageModelSession.Usage.Input, output: LanguageModelSession.Usage.Output, metadata: [String: String] = [:])
        }
    }

    /// Events of the model's tool calls.
    public enum ToolCalls {
        /// What happened to the tool calls.
        public enum Action: Sendable {
            /// A tool call started or grew.
            case toolCall(id: String, name: String, action: ToolCall.Action)
            /// A tool call was withdrawn.
            case removeToolCall(id: String)
            /// Executor-specific metadata changed.
            case updateMetadata(_ metadata: [String: String])
            /// Token usage so far.
            case updateUsage(input: LanguageModelSession.Usage.Input, output: LanguageModelSession.Usage.Output, metadata: [String: String] = [:])
        }

        /// Events of one tool call.
        public enum ToolCall {
            /// What happened to the call.
            public enum Action: Sendable {
                /// Argument JSON text was generated.
                case appendArguments(_ json: String, tokenCount: Int? = nil)
                /// Executor-specific metadata changed.
                case updateMetadata(_ metadata: [String: String])
            }
        }
    }
}
