public import Foundation

extension Transcript {
    /// A segment that carries an attachment, such as an image, with an optional label (OS 27).
    ///
    /// The label lets the model (and an ``ImageReference`` it generates) name the attachment.
    public struct AttachmentSegment: Sendable, Identifiable, Equatable, CustomStringConvertible {
        /// The segment's identifier.
        public var id: String
        /// What is attached.
        public var content: Transcript.Attachment
        /// A name for the attachment that the model can refer to.
        public var label: String?

        /// Creates an attachment segment.
        ///
        /// - Parameters:
        ///   - id: The identifier; a new UUID by default.
        ///   - content: What is attached.
        ///   - label: A name for the attachment, if any.
        public init(id: String = UUID().uuidString, content: Transcript.Attachment, label: String? = nil) {
            self.id = id
            self.content = content
            self.label = label
        }

        /// The attachment as a short placeholder, such as `[image "receipt": file:///tmp/r.png]`.
        public var description: String {
            let name = label.map { " \"\($0)\"" } ?? ""
            switch content {
            case .image(let image): return "[image\(name): \(image.url?.absoluteString ?? "in memory")]"
            }
        }

        /// The attachment as the model reads it in a prompt: `[image "receipt"]`, or `[image]`
        /// without a label. The image's URL stays out: it names nothing the model can use (tools
        /// find images by label), it shows a text-only model folder and file names that it then
        /// writes into answers ("Sign 38", "Seed Evaluation Center"), and it would put the host's
        /// paths in prompts, traces and token counts.
        package var promptText: String {
            switch content {
            case .image: label.map { "[image \"\($0)\"]" } ?? "[image]"
            }
        }
    }

    /// What an attachment segment carries (OS 27).
    public enum Attachment: Sendable, Equatable {
        /// An image.
        case image(Transcript.ImageAttachment)
    }

    /// An image in a transcript (OS 27).
    ///
    /// On Linux an image is known by its URL: a `file:` URL, an `http(s):` URL a server can
    /// fetch, or a `data:` URL that holds the image's bytes (`data:image/png;base64,…`). Apple's
    /// initialisers from `CGImage`, `CIImage` and `CVPixelBuffer` need frameworks Linux lacks.
    public struct ImageAttachment: Sendable, Equatable {
        /// Where the image is.
        public var url: URL? { imageURL }
        /// How the image is rotated or flipped.
        public var orientation: CGImagePropertyOrientation { storedOrientation ?? .up }

        let imageURL: URL
        let storedOrientation: CGImagePropertyOrientation?

        /// An image at a URL.
        ///
        /// - Parameters:
        ///   - imageURL: A `file:`, `http(s):` or `data:` URL.
        ///   - orientation: How the image is rotated or flipped; upright when `nil`.
        public init(imageURL: URL, orientation: CGImagePropertyOrientation? = nil) {
            self.imageURL = imageURL
            self.storedOrientation = orientation
        }
    }
}
