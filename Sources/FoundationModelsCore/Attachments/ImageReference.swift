/// An image the model names by its attachment label, for example as a tool's argument (OS 27).
///
/// Label images in the prompt, and let the model pick one:
///
/// ```swift
/// @Generable struct CropArguments { var image: ImageReference; var box: [Int] }
///
/// // in the tool:
/// guard let image = arguments.image.resolve(in: session.transcript) else { … }
/// ```
public struct ImageReference: Sendable, Equatable {
    /// The label of the attachment the model chose.
    public let attachmentLabel: String

    /// The most recent image in the transcript whose attachment has this label, or `nil` when none
    /// does.
    ///
    /// - Parameter transcript: The transcript to search, newest entry first.
    public func resolve(in transcript: Transcript) -> Transcript.ImageAttachment? {
        for entry in transcript.reversed() {
            for segment in entry.segments.reversed() {
                if case .attachment(let attachment) = segment, attachment.label == attachmentLabel,
                    case .image(let image) = attachment.content
                {
                    return image
                }
            }
        }
        return nil
    }
}

extension ImageReference {
    /// An image reference as it streams in.
    public struct PartiallyGenerated: Identifiable, ConvertibleFromGeneratedContent, Equatable {
        /// The identity of the value being generated.
        public var id: GenerationID
        /// The label generated so far.
        public var attachmentLabel: String.PartiallyGenerated?

        /// Reads a partial reference from generated content.
        ///
        /// - Parameter content: An object with an `attachmentLabel` string, possibly incomplete.
        /// - Throws: ``GeneratedContent/ConversionError`` when the content is not an object.
        public init(_ content: GeneratedContent) throws {
            guard case .structure(let properties, _) = content.kind else {
                throw GeneratedContent.ConversionError.typeMismatch(expected: "an object", content: content)
            }
            self.id = content.id ?? GenerationID()
            self.attachmentLabel = try properties["attachmentLabel"].map { try String($0) }
        }
    }
}

extension ImageReference: Generable {
    /// An object with one string property, `attachmentLabel`.
    public static var generationSchema: GenerationSchema {
        GenerationSchema(
            type: Self.self, description: "An image in the conversation, named by its attachment label",
            properties: [
                GenerationSchema.Property(
                    name: "attachmentLabel", description: "The label of an image attachment in the conversation", type: String.self)
            ])
    }

    /// The reference as generated content.
    public var generatedContent: GeneratedContent {
        GeneratedContent(properties: ["attachmentLabel": attachmentLabel])
    }

    /// Reads a reference from generated content.
    ///
    /// - Parameter content: An object with an `attachmentLabel` string.
    /// - Throws: ``GeneratedContent/ConversionError`` when the label is missing or not a string.
    public init(_ content: GeneratedContent) throws {
        self.attachmentLabel = try content.value(String.self, forProperty: "attachmentLabel")
    }
}
