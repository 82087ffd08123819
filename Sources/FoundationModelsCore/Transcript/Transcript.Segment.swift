public import Foundation

extension Transcript {
    /// A piece of an entry's content: text or a structured value.
    public enum Segment: Sendable, Identifiable, Equatable, CustomStringConvertible {
        /// Plain text.
        case text(Transcript.TextSegment)
        /// A structured value, such as a generated `@Generable` value.
        case structure(Transcript.StructuredSegment)

        /// The segment's identifier.
        public var id: String {
            switch self {
            case .text(let segment): segment.id
            case .structure(let segment): segment.id
            }
        }

        /// The segment's content as text (structured values as JSON).
        public var description: String {
            switch self {
            case .text(let segment): segment.description
            case .structure(let segment): segment.description
            }
        }
    }

    /// A segment of plain text.
    public struct TextSegment: Sendable, Identifiable, Equatable, CustomStringConvertible {
        /// The segment's identifier.
        public var id: String
        /// The text.
        public var content: String

        /// Creates a text segment.
        ///
        /// - Parameters:
        ///   - id: The identifier; a new UUID by default.
        ///   - content: The text.
        public init(id: String = UUID().uuidString, content: String) {
            self.id = id
            self.content = content
        }

        /// The text.
        public var description: String { content }
    }

    /// A segment holding a structured value and the name of its schema.
    public struct StructuredSegment: Sendable, Identifiable, Equatable, CustomStringConvertible {
        /// The segment's identifier.
        public var id: String
        /// The name of the value's type or schema.
        public var source: String
        /// The value.
        public var content: GeneratedContent

        /// Creates a structured segment.
        ///
        /// - Parameters:
        ///   - id: The identifier; a new UUID by default.
        ///   - source: The name of the value's type or schema.
        ///   - content: The value.
        public init(id: String = UUID().uuidString, source: String, content: GeneratedContent) {
            self.id = id
            self.source = source
            self.content = content
        }

        /// Creates a structured segment (the OS 27 spelling).
        public init(id: String = UUID().uuidString, schemaName: String, content: GeneratedContent) {
            self.init(id: id, source: schemaName, content: content)
        }

        /// The name of the value's schema (the OS 27 name of ``source``).
        public var schemaName: String {
            get { source }
            set { source = newValue }
        }

        /// The value's JSON text.
        public var description: String { content.jsonString }
    }
}

extension [Transcript.Segment] {
    /// The segments' text joined in order, structured values as JSON.
    package var joinedText: String {
        map(\.description).joined()
    }
}
