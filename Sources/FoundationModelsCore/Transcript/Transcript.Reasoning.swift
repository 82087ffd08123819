public import Foundation

extension Transcript {
    /// The model's reasoning before it answered (OS 27): what a thinking model wrote in its
    /// thinking block, or what a server returned as reasoning.
    ///
    /// Sessions record reasoning as its own entry, before the response it led to. Executors that
    /// replay reasoning to providers which sign it keep the provider's ``signature``.
    public struct Reasoning: Sendable, Identifiable, Equatable, CustomStringConvertible {
        /// The entry's identifier.
        public var id: String
        /// The reasoning's content, usually text.
        public var segments: [Transcript.Segment]
        /// The provider's signature over the reasoning, when the provider signs it.
        public var signature: Data?
        /// Executor-specific details.
        public var metadata: [String: any Codable & Sendable & Equatable]

        /// Creates a reasoning entry.
        ///
        /// - Parameters:
        ///   - id: The identifier; a new UUID by default.
        ///   - metadata: Executor-specific details.
        ///   - segments: The reasoning's content.
        ///   - signature: The provider's signature, if any.
        public init(
            id: String = UUID().uuidString,
            metadata: [String: any Sendable & Codable & Equatable] = [:],
            segments: [Transcript.Segment],
            signature: Data? = nil
        ) {
            self.id = id
            self.metadata = metadata
            self.segments = segments
            self.signature = signature
        }

        /// Two reasoning entries are equal when all their parts are.
        public static func == (lhs: Reasoning, rhs: Reasoning) -> Bool {
            lhs.id == rhs.id && lhs.segments == rhs.segments && lhs.signature == rhs.signature
                && lhs.metadata.isEqual(to: rhs.metadata)
        }

        /// The reasoning's text.
        public var description: String { "Reasoning: " + segments.joinedText }
    }
}
