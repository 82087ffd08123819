import Foundation

/// The attachments a tool may read while the session runs it: every attachment of the
/// conversation and of the request being answered, oldest first (an extra of this implementation).
///
/// A text-only model cannot see an image, but a tool can read it for the model: Vision's
/// `OCRTool` and `BarcodeReaderTool` find the image the model names here. The session sets
/// ``current`` around each tool call; outside a tool call it is empty.
///
/// ```swift
/// struct PixelCountTool: AttachmentReadingTool {
///     func call(arguments: Arguments) async throws -> String {
///         guard let image = ToolAttachments.current.image(labeled: arguments.label) else {
///             return "There is no image labelled \(arguments.label)."
///         }
///         …
///     }
/// }
/// ```
public struct ToolAttachments: Sendable, Equatable {
    /// The attachment segments, oldest first.
    public var segments: [Transcript.AttachmentSegment]

    /// Attachments, oldest first.
    ///
    /// - Parameter segments: The attachment segments.
    public init(_ segments: [Transcript.AttachmentSegment] = []) {
        self.segments = segments
    }

    /// The attachments of the request whose tool is running; empty outside a tool call.
    @TaskLocal public static var current = ToolAttachments()

    /// The labels of the images, oldest first (unlabelled images are left out).
    public var imageLabels: [String] {
        segments.compactMap { segment in
            guard case .image = segment.content else { return nil }
            return segment.label
        }
    }

    /// The newest image whose label is `label`; with `nil`, the newest image of all.
    ///
    /// Labels are matched exactly first, then ignoring case and surrounding spaces and quotes (a
    /// small model often writes `"Sign-Photo"` for `sign-photo`).
    ///
    /// - Parameter label: The label the model gave, or `nil` for the newest image.
    /// - Returns: The image, or `nil` when no image has that label (or there is none).
    public func image(labeled label: String?) -> Transcript.ImageAttachment? {
        let images = segments.reversed().compactMap { segment -> (String?, Transcript.ImageAttachment)? in
            guard case .image(let image) = segment.content else { return nil }
            return (segment.label, image)
        }
        guard let label else { return images.first?.1 }
        if let exact = images.first(where: { $0.0 == label }) { return exact.1 }
        let loose = Self.normalized(label)
        return images.first { $0.0.map(Self.normalized) == loose }?.1
    }

    /// Every attachment segment of some entries, in order.
    static func collected(from entries: some Sequence<Transcript.Entry>) -> ToolAttachments {
        ToolAttachments(
            entries.flatMap { entry in
                entry.segments.compactMap { segment -> Transcript.AttachmentSegment? in
                    if case .attachment(let attachment) = segment { return attachment }
                    return nil
                }
            })
    }

    private static func normalized(_ label: String) -> String {
        label.trimmingCharacters(in: .whitespacesAndNewlines.union(CharacterSet(charactersIn: "\"'`[]")))
            .lowercased()
    }
}
