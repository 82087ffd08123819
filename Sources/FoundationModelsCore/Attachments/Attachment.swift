public import Foundation

/// Content attached to a prompt or instructions, such as an image, with an optional label
/// (OS 27).
///
/// ```swift
/// let answer = try await session.respond {
///     "What is the total on this receipt?"
///     Attachment(imageURL: receiptURL).label("receipt")
/// }
/// ```
///
/// A model without the ``LanguageModelCapabilities/Capability/vision`` capability refuses a
/// prompt with an image: the request throws ``LanguageModelError/unsupportedCapability(_:)``
/// rather than dropping the image.
public struct Attachment<Content> {
    let content: Content
    let attachmentLabel: String?
    let segment: Transcript.AttachmentSegment

    /// The same attachment with a label that the model (and ``ImageReference``) can refer to.
    ///
    /// - Parameter label: The label.
    public func label(_ label: String) -> Attachment<Content> {
        var segment = segment
        segment.label = label
        return Attachment(content: content, attachmentLabel: label, segment: segment)
    }
}

extension Attachment: PromptRepresentable, InstructionsRepresentable {
    /// The attachment as a prompt.
    public var promptRepresentation: Prompt {
        Prompt(segments: [.attachment(segment)])
    }

    /// The attachment as instructions.
    public var instructionsRepresentation: Instructions {
        Instructions(segments: [.attachment(segment)])
    }
}

/// The content of an image attachment (OS 27).
public struct ImageAttachmentContent: Sendable, Equatable {
    let image: Transcript.ImageAttachment
}

extension Attachment where Content == ImageAttachmentContent {
    /// An image at a URL.
    ///
    /// On Linux, use a `file:` URL, an `http(s):` URL the model's server can fetch, or a
    /// `data:image/…;base64,…` URL.
    ///
    /// - Parameters:
    ///   - imageURL: Where the image is.
    ///   - orientation: How the image is rotated or flipped; upright when `nil`.
    public init(imageURL: URL, orientation: CGImagePropertyOrientation? = nil) {
        let image = Transcript.ImageAttachment(imageURL: imageURL, orientation: orientation)
        self.init(
            content: ImageAttachmentContent(image: image), attachmentLabel: nil,
            segment: Transcript.AttachmentSegment(content: .image(image)))
    }
}
