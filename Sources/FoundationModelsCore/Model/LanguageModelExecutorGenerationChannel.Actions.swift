public import Foundation

extension LanguageModelExecutorGenerationChannel.Response {
    /// What happened to the response.
    public struct Action: Sendable {
        enum Kind: Sendable {
            case appendText(LanguageModelExecutorGenerationChannel.TextFragment)
            case replaceTextSegment(LanguageModelExecutorGenerationChannel.TextSegmentReplacement)
            case updateCustomSegment(any Transcript.CustomSegment)
            case addAttachmentSegment(Transcript.AttachmentSegment)
            case removeAttachmentSegment(id: String)
            case updateMetadata(LanguageModelExecutorGenerationChannel.Metadata)
            case updateUsage(LanguageModelExecutorGenerationChannel.Usage)
        }

        let kind: Kind

        /// Text was generated.
        ///
        /// - Parameters:
        ///   - text: The text.
        ///   - segmentID: The text segment it extends; the current one when `nil`.
        ///   - tokenCount: How many tokens it took.
        public static func appendText(_ text: String, segmentID: String? = nil, tokenCount: Int) -> Action {
            Action(kind: .appendText(.init(content: text, segmentID: segmentID, tokenCount: tokenCount)))
        }

        /// A text segment's whole text was replaced.
        ///
        /// - Parameters:
        ///   - text: The new text.
        ///   - segmentID: The segment; the current text segment when `nil`.
        ///   - tokenCount: How many tokens the new text took.
        public static func replaceTextSegment(_ text: String, segmentID: String? = nil, tokenCount: Int) -> Action {
            Action(kind: .replaceTextSegment(.init(content: text, segmentID: segmentID, tokenCount: tokenCount)))
        }

        /// A custom segment was added, or replaced the one with its identifier.
        ///
        /// - Parameter segment: The segment.
        public static func updateCustomSegment(_ segment: any Transcript.CustomSegment) -> Action {
            Action(kind: .updateCustomSegment(segment))
        }

        /// An attachment segment was added.
        ///
        /// - Parameter segment: The segment.
        public static func addAttachmentSegment(_ segment: Transcript.AttachmentSegment) -> Action {
            Action(kind: .addAttachmentSegment(segment))
        }

        /// An attachment segment was removed.
        ///
        /// - Parameter id: The segment's identifier.
        public static func removeAttachmentSegment(id: String) -> Action {
            Action(kind: .removeAttachmentSegment(id: id))
        }

        /// The response's executor-specific details changed.
        ///
        /// - Parameter values: The details.
        public static func updateMetadata(_ values: [String: any Sendable & Codable & Equatable]) -> Action {
            Action(kind: .updateMetadata(.init(values: values)))
        }

        /// Token usage so far.
        ///
        /// - Parameters:
        ///   - input: Tokens read.
        ///   - output: Tokens written.
        ///   - metadata: Executor-specific details.
        public static func updateUsage(
            input: LanguageModelExecutorGenerationChannel.Usage.Input,
            output: LanguageModelExecutorGenerationChannel.Usage.Output,
            metadata: [String: any Sendable & Codable & Equatable] = [:]
        ) -> Action {
            Action(kind: .updateUsage(.init(input: input, output: output, metadata: metadata)))
        }
    }
}

extension LanguageModelExecutorGenerationChannel.Reasoning {
    /// What happened to the reasoning.
    public struct Action: Sendable {
        enum Kind: Sendable {
            case appendText(LanguageModelExecutorGenerationChannel.TextFragment)
            case replaceTextSegment(LanguageModelExecutorGenerationChannel.TextSegmentReplacement)
            case updateSignature(LanguageModelExecutorGenerationChannel.ReasoningSignature)
            case updateMetadata(LanguageModelExecutorGenerationChannel.Metadata)
            case updateUsage(LanguageModelExecutorGenerationChannel.Usage)
        }

        let kind: Kind

        /// Reasoning text was generated.
        ///
        /// - Parameters:
        ///   - text: The text.
        ///   - segmentID: The text segment it extends; the current one when `nil`.
        ///   - tokenCount: How many tokens it took.
        public static func appendText(_ text: String, segmentID: String? = nil, tokenCount: Int) -> Action {
            Action(kind: .appendText(.init(content: text, segmentID: segmentID, tokenCount: tokenCount)))
        }

        /// A reasoning segment's whole text was replaced.
        ///
        /// - Parameters:
        ///   - text: The new text.
        ///   - segmentID: The segment; the current text segment when `nil`.
        ///   - tokenCount: How many tokens the new text took.
        public static func replaceTextSegment(_ text: String, segmentID: String? = nil, tokenCount: Int) -> Action {
            Action(kind: .replaceTextSegment(.init(content: text, segmentID: segmentID, tokenCount: tokenCount)))
        }

        /// The provider signed the reasoning; the signature is kept with the reasoning entry.
        ///
        /// - Parameters:
        ///   - signature: The signature.
        ///   - tokenCount: How many tokens it took.
        public static func updateSignature(_ signature: Data, tokenCount: Int) -> Action {
            Action(kind: .updateSignature(.init(signature: signature, tokenCount: tokenCount)))
        }

        /// The reasoning's executor-specific details changed.
        ///
        /// - Parameter values: The details.
        public static func updateMetadata(_ values: [String: any Sendable & Codable & Equatable]) -> Action {
            Action(kind: .updateMetadata(.init(values: values)))
        }

        /// Token usage so far.
        ///
        /// - Parameters:
        ///   - input: Tokens read.
        ///   - output: Tokens written.
        ///   - metadata: Executor-specific details.
        public static func updateUsage(
            input: LanguageModelExecutorGenerationChannel.Usage.Input,
            output: LanguageModelExecutorGenerationChannel.Usage.Output,
            metadata: [String: any Sendable & Codable & Equatable] = [:]
        ) -> Action {
            Action(kind: .updateUsage(.init(input: input, output: output, metadata: metadata)))
        }
    }
}

extension LanguageModelExecutorGenerationChannel.ToolCalls {
    /// What happened to the tool calls.
    public struct Action: Sendable {
        enum Kind: Sendable {
            case toolCall(LanguageModelExecutorGenerationChannel.ToolCalls.ToolCall)
            case removeToolCall(id: String)
            case updateMetadata(LanguageModelExecutorGenerationChannel.Metadata)
            case updateUsage(LanguageModelExecutorGenerationChannel.Usage)
        }

        let kind: Kind

        /// A tool call started or grew.
        ///
        /// - Parameters:
        ///   - id: The call's identifier.
        ///   - name: The tool's name.
        ///   - action: What happened to the call.
        public static func toolCall(id: String, name: String, action: ToolCall.Action) -> Action {
            Action(kind: .toolCall(ToolCall(id: id, name: name, action: action)))
        }

        /// A tool call was withdrawn.
        ///
        /// - Parameter id: The call's identifier.
        public static func removeToolCall(id: String) -> Action {
            Action(kind: .removeToolCall(id: id))
        }

        /// The tool calls' executor-specific details changed.
        ///
        /// - Parameter values: The details.
        public static func updateMetadata(_ values: [String: any Sendable & Codable & Equatable]) -> Action {
            Action(kind: .updateMetadata(.init(values: values)))
        }

        /// Token usage so far.
        ///
        /// - Parameters:
        ///   - input: Tokens read.
        ///   - output: Tokens written.
        ///   - metadata: Executor-specific details.
        public static func updateUsage(
            input: LanguageModelExecutorGenerationChannel.Usage.Input,
            output: LanguageModelExecutorGenerationChannel.Usage.Output,
            metadata: [String: any Sendable & Codable & Equatable] = [:]
        ) -> Action {
            Action(kind: .updateUsage(.init(input: input, output: output, metadata: metadata)))
        }
    }
}

extension LanguageModelExecutorGenerationChannel.ToolCalls.ToolCall {
    /// What happened to one tool call.
    public struct Action: Sendable {
        enum Kind: Sendable {
            case appendArguments(LanguageModelExecutorGenerationChannel.ToolCalls.ToolCall.ArgumentsFragment)
            case updateMetadata(LanguageModelExecutorGenerationChannel.Metadata)
        }

        let kind: Kind

        /// Argument JSON text was generated.
        ///
        /// - Parameters:
        ///   - content: The JSON text.
        ///   - tokenCount: How many tokens it took.
        public static func appendArguments(_ content: String, tokenCount: Int) -> Action {
            Action(kind: .appendArguments(.init(content: content, tokenCount: tokenCount)))
        }

        /// The call's executor-specific details changed.
        ///
        /// - Parameter values: The details.
        public static func updateMetadata(_ values: [String: any Sendable & Codable & Equatable]) -> Action {
            Action(kind: .updateMetadata(.init(values: values)))
        }
    }
}
