public import Foundation

extension LanguageModelExecutorGenerationChannel {
    /// One thing an executor reports: an action on the response, the reasoning or the tool calls.
    public struct Event: Sendable {
        enum Payload: Sendable {
            case response(Response)
            case reasoning(Reasoning)
            case toolCalls(ToolCalls)
        }

        let payload: Payload

        /// An event of the response.
        ///
        /// - Parameters:
        ///   - entryID: The response entry's identifier, if the executor names one.
        ///   - action: What happened.
        public static func response(entryID: String? = nil, action: Response.Action) -> Event {
            Event(payload: .response(Response(entryID: entryID, action: action)))
        }

        /// An event of the model's reasoning.
        ///
        /// - Parameters:
        ///   - entryID: The reasoning entry's identifier, if the executor names one.
        ///   - action: What happened.
        public static func reasoning(entryID: String? = nil, action: Reasoning.Action) -> Event {
            Event(payload: .reasoning(Reasoning(entryID: entryID, action: action)))
        }

        /// An event of the model's tool calls.
        ///
        /// - Parameters:
        ///   - entryID: The tool-calls entry's identifier, if the executor names one.
        ///   - action: What happened.
        public static func toolCalls(entryID: String? = nil, action: ToolCalls.Action) -> Event {
            Event(payload: .toolCalls(ToolCalls(entryID: entryID, action: action)))
        }
    }

    /// An event of the response: which entry, and what happened to it.
    public struct Response: Sendable {
        /// The response entry's identifier, if the executor named one.
        public var entryID: String?
        /// What happened.
        public var action: Response.Action
    }

    /// An event of the model's reasoning: which entry, and what happened to it.
    public struct Reasoning: Sendable {
        /// The reasoning entry's identifier, if the executor named one.
        public var entryID: String?
        /// What happened.
        public var action: Reasoning.Action
    }

    /// An event of the model's tool calls: which entry, and what happened to it.
    public struct ToolCalls: Sendable {
        /// The tool-calls entry's identifier, if the executor named one.
        public var entryID: String?
        /// What happened.
        public var action: ToolCalls.Action
    }

    /// Text an executor generated.
    public struct TextFragment: Sendable {
        /// The text.
        public var content: String
        /// The segment it extends; the current text segment when `nil`.
        public var segmentID: String?
        /// How many tokens it took.
        public var tokenCount: Int
    }

    /// Text that replaces a whole segment.
    public struct TextSegmentReplacement: Sendable {
        /// The new text.
        public var content: String
        /// The segment it replaces; the current text segment when `nil`.
        public var segmentID: String?
        /// How many tokens the new text took.
        public var tokenCount: Int
    }

    /// A provider's signature over the reasoning so far.
    public struct ReasoningSignature: Sendable {
        /// The signature.
        public var signature: Data
        /// How many tokens it took.
        public var tokenCount: Int
    }

    /// Executor-specific details of an entry.
    public struct Metadata: Sendable {
        /// The details.
        public var values: [String: any Sendable & Codable & Equatable]
    }

    /// Tokens read and written so far.
    public struct Usage: Sendable {
        /// Tokens the model read.
        public struct Input: Sendable {
            /// Every input token, cached or not.
            public var totalTokenCount: Int
            /// Input tokens found in the model's cache and not recomputed.
            public var cachedTokenCount: Int

            /// Creates input usage.
            ///
            /// - Parameters:
            ///   - totalTokenCount: Every input token.
            ///   - cachedTokenCount: Input tokens found in the cache.
            public init(totalTokenCount: Int, cachedTokenCount: Int) {
                self.totalTokenCount = totalTokenCount
                self.cachedTokenCount = cachedTokenCount
            }
        }

        /// Tokens the model wrote.
        public struct Output: Sendable {
            /// Every output token.
            public var totalTokenCount: Int
            /// Output tokens spent reasoning.
            public var reasoningTokenCount: Int

            /// Creates output usage.
            ///
            /// - Parameters:
            ///   - totalTokenCount: Every output token.
            ///   - reasoningTokenCount: Output tokens spent reasoning.
            public init(totalTokenCount: Int, reasoningTokenCount: Int) {
                self.totalTokenCount = totalTokenCount
                self.reasoningTokenCount = reasoningTokenCount
            }
        }

        /// Tokens read.
        public var input: Input
        /// Tokens written.
        public var output: Output
        /// Executor-specific details.
        public var metadata: [String: any Sendable & Codable & Equatable]

        /// Creates usage.
        ///
        /// - Parameters:
        ///   - input: Tokens read.
        ///   - output: Tokens written.
        ///   - metadata: Executor-specific details.
        public init(input: Input, output: Output, metadata: [String: any Sendable & Codable & Equatable] = [:]) {
            self.input = input
            self.output = output
            self.metadata = metadata
        }
    }
}

extension LanguageModelExecutorGenerationChannel.ToolCalls {
    /// One tool call's event: which call, and what happened to it.
    public struct ToolCall: Sendable {
        /// The call's identifier.
        public var id: String
        /// The tool's name.
        public var name: String
        /// What happened.
        public var action: LanguageModelExecutorGenerationChannel.ToolCalls.ToolCall.Action
    }
}

extension LanguageModelExecutorGenerationChannel.ToolCalls.ToolCall {
    /// Argument JSON text an executor generated.
    public struct ArgumentsFragment: Sendable {
        /// The JSON text.
        public var content: String
        /// How many tokens it took.
        public var tokenCount: Int
    }
}
