public import Foundation

extension Transcript {
    /// The tool calls the model made in one turn.
    public struct ToolCalls: Sendable, Identifiable, Equatable, RandomAccessCollection, CustomStringConvertible {
        /// The entry's identifier.
        public var id: String
        var calls: [Transcript.ToolCall]

        /// Creates a tool-calls entry.
        ///
        /// - Parameters:
        ///   - id: The identifier; a new UUID by default.
        ///   - calls: The calls, in the order the model made them.
        public init<S: Sequence>(id: String = UUID().uuidString, _ calls: S) where S.Element == Transcript.ToolCall {
            self.id = id
            self.calls = Array(calls)
        }

        /// The position of the first call.
        public var startIndex: Int { calls.startIndex }
        /// The position after the last call.
        public var endIndex: Int { calls.endIndex }

        /// The call at a position.
        public subscript(position: Int) -> Transcript.ToolCall { calls[position] }

        /// The calls, one per line.
        public var description: String {
            "Tool calls:\n" + calls.map(\.description).joined(separator: "\n")
        }
    }

    /// One call of a tool, with its arguments.
    public struct ToolCall: Sendable, Identifiable, Equatable, CustomStringConvertible {
        /// The call's identifier, matched by the tool output's.
        public var id: String
        /// The name of the tool.
        public var toolName: String
        /// The arguments, valid for the tool's parameter schema.
        public var arguments: GeneratedContent
        /// Executor-specific details of the call (OS 27).
        public var metadata: [String: any Codable & Sendable & Equatable]

        /// Creates a tool call.
        ///
        /// - Parameters:
        ///   - id: The call's identifier.
        ///   - toolName: The name of the tool.
        ///   - arguments: The arguments.
        public init(id: String, toolName: String, arguments: GeneratedContent) {
            self.init(id: id, metadata: [:], toolName: toolName, arguments: arguments)
        }

        /// Creates a tool call with metadata (OS 27).
        ///
        /// - Parameters:
        ///   - id: The call's identifier.
        ///   - metadata: Executor-specific details of the call.
        ///   - toolName: The name of the tool.
        ///   - arguments: The arguments.
        public init(id: String, metadata: [String: any Codable & Sendable & Equatable], toolName: String, arguments: GeneratedContent) {
            self.id = id
            self.metadata = metadata
            self.toolName = toolName
            self.arguments = arguments
        }

        /// Two calls are equal when all their parts are.
        public static func == (lhs: ToolCall, rhs: ToolCall) -> Bool {
            lhs.id == rhs.id && lhs.toolName == rhs.toolName && lhs.arguments == rhs.arguments
                && lhs.metadata.isEqual(to: rhs.metadata)
        }

        /// The call as `name(arguments-JSON)`.
        public var description: String { "\(toolName)(\(arguments.jsonString))" }
    }

    /// What one tool call returned.
    public struct ToolOutput: Sendable, Identifiable, Equatable, CustomStringConvertible {
        /// The identifier of the call this output answers.
        public var id: String
        /// The name of the tool.
        public var toolName: String
        /// The output's content.
        public var segments: [Transcript.Segment]

        /// Creates a tool output entry.
        ///
        /// - Parameters:
        ///   - id: The identifier of the call this output answers.
        ///   - toolName: The name of the tool.
        ///   - segments: The output's content.
        public init(id: String, toolName: String, segments: [Transcript.Segment]) {
            self.id = id
            self.toolName = toolName
            self.segments = segments
        }

        /// The tool's name and output.
        public var description: String { "\(toolName) output: " + segments.joinedText }
    }

    /// The model's response.
    public struct Response: Sendable, Identifiable, Equatable, CustomStringConvertible {
        /// The entry's identifier.
        public var id: String
        /// Identifiers of the model assets that produced the response.
        public var assetIDs: [String]
        /// The response's content: text, or a structured value for guided generation.
        public var segments: [Transcript.Segment]
        var storedMetadata: [String: any Codable & Sendable & Equatable]

        /// Executor-specific details of the response (OS 27).
        public var metadata: [String: any Codable & Sendable & Equatable] { storedMetadata }

        /// Creates a response entry with metadata (OS 27).
        ///
        /// - Parameters:
        ///   - id: The identifier; a new UUID by default.
        ///   - metadata: Executor-specific details of the response.
        ///   - segments: The response's content.
        public init(id: String = UUID().uuidString, metadata: [String: any Sendable & Codable & Equatable] = [:], segments: [Transcript.Segment]) {
            self.id = id
            self.assetIDs = []
            self.storedMetadata = metadata
            self.segments = segments
        }

        /// Two responses are equal when all their parts are.
        public static func == (lhs: Response, rhs: Response) -> Bool {
            lhs.id == rhs.id && lhs.assetIDs == rhs.assetIDs && lhs.segments == rhs.segments
                && lhs.storedMetadata.isEqual(to: rhs.storedMetadata)
        }

        /// Creates a response entry.
        ///
        /// - Parameters:
        ///   - id: The identifier; a new UUID by default.
        ///   - assetIDs: Identifiers of the model assets that produced the response.
        ///   - segments: The response's content.
        public init(id: String = UUID().uuidString, assetIDs: [String], segments: [Transcript.Segment]) {
            self.id = id
            self.assetIDs = assetIDs
            self.storedMetadata = [:]
            self.segments = segments
        }

        /// The response's text.
        public var description: String { "Response: " + segments.joinedText }
    }
}
