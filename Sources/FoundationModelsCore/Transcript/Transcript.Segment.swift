public import Foundation

extension Transcript {
    /// A piece of an entry's content: text, a structured value, an attachment or a custom segment.
    public enum Segment: Sendable, Identifiable, Equatable, CustomStringConvertible {
        /// Plain text.
        case text(Transcript.TextSegment)
        /// A structured value, such as a generated `@Generable` value.
        case structure(Transcript.StructuredSegment)
        /// An attachment, such as an image (OS 27).
        case attachment(Transcript.AttachmentSegment)
        /// A segment of a kind the app defines (OS 27).
        case custom(any Transcript.CustomSegment)

        /// The segment's identifier.
        public var id: String {
            switch self {
            case .text(let segment): segment.id
            case .structure(let segment): segment.id
            case .attachment(let segment): segment.id
            case .custom(let segment): segment.id
            }
        }

        /// The segment's content as text (structured values as JSON, attachments as placeholders).
        public var description: String {
            switch self {
            case .text(let segment): segment.description
            case .structure(let segment): segment.description
            case .attachment(let segment): segment.description
            case .custom(let segment): segment.description
            }
        }

        /// Two segments are equal when they are of the same kind with equal content; custom
        /// segments must also be of the same type.
        public static func == (lhs: Segment, rhs: Segment) -> Bool {
            switch (lhs, rhs) {
            case (.text(let a), .text(let b)): a == b
            case (.structure(let a), .structure(let b)): a == b
            case (.attachment(let a), .attachment(let b)): a == b
            case (.custom(let a), .custom(let b)): MetadataValue.equal(a, b)
            default: false
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
        @available(*, deprecated, renamed: "schemaName")
        public var source: String {
            get { schemaName }
            set { schemaName = newValue }
        }
        /// The name of the value's schema.
        public var schemaName: String
        /// The value.
        public var content: GeneratedContent

        /// Creates a structured segment.
        ///
        /// - Parameters:
        ///   - id: The identifier; a new UUID by default.
        ///   - source: The name of the value's type or schema.
        ///   - content: The value.
        @available(*, deprecated, renamed: "init(id:schemaName:content:)")
        public init(id: String = UUID().uuidString, source: String, content: GeneratedContent) {
            self.init(id: id, schemaName: source, content: content)
        }

        /// Creates a structured segment.
        ///
        /// - Parameters:
        ///   - id: The identifier; a new UUID by default.
        ///   - schemaName: The name of the value's type or schema.
        ///   - content: The value.
        public init(id: String = UUID().uuidString, schemaName: String, content: GeneratedContent) {
            self.id = id
            self.schemaName = schemaName
            self.content = content
        }

        /// The value's JSON text.
        public var description: String { content.jsonString }
    }
}

extension [Transcript.Segment] {
    /// The segments' text in order, structured values as JSON, attachments as their label
    /// (``Transcript/AttachmentSegment/promptText``), one segment per line: each line
    /// of an `Instructions { … }` or `Prompt { … }` builder is a segment of its own, and run
    /// together (`…search results.Search results are…`) they read as one garbled sentence to a
    /// model.
    package var joinedText: String {
        map { segment in
            if case .attachment(let attachment) = segment { return attachment.promptText }
            return segment.description
        }.joined(separator: "\n")
    }
}

extension Transcript.Segment {
    /// Whether the segment is an attachment.
    package var isAttachment: Bool {
        if case .attachment = self { return true }
        return false
    }
}
