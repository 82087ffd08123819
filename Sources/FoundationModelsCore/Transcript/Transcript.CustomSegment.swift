extension Transcript {
    /// A segment of a kind the app defines (OS 27), carried through the transcript with its
    /// `Codable` content.
    ///
    /// A custom segment says how it reads to the model through its prompt and instructions
    /// representations; by default, its ``description``.
    public protocol CustomSegment: InstructionsRepresentable, PromptRepresentable, CustomStringConvertible, Equatable, Identifiable, Sendable {
        /// The segment's content.
        associatedtype Content: Codable, Equatable, Sendable
        /// The segment's identifier.
        var id: String { get }
        /// The segment's content.
        var content: Content { get }
    }
}

import JSONValues

extension Transcript.CustomSegment {
    /// The segment as a prompt: its description as text.
    public var promptRepresentation: Prompt {
        Prompt(segments: [.text(description)])
    }

    /// The segment as instructions: its description as text.
    public var instructionsRepresentation: Instructions {
        Instructions(segments: [.text(description)])
    }

    /// The segment's content, as JSON when it encodes to JSON.
    public var description: String {
        contentJSON.jsonText()
    }

    /// The content as JSON.
    var contentJSON: JSONValue {
        MetadataValue.json(content)
    }
}

/// A custom segment read back from a transcript whose Swift type this process does not know:
/// its type name and JSON content are kept, so that the transcript encodes back unchanged.
struct PreservedCustomSegment: Transcript.CustomSegment {
    var id: String
    var typeName: String
    var content: PreservedJSON

    var description: String { content.description }

    var contentJSON: JSONValue { content.value }
}
