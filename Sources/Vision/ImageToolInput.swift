import Foundation
import FoundationModels

/// The image a Vision tool reads, found among the attachments of the request being answered.
struct ImageToolInput {
    /// The image.
    let image: Transcript.ImageAttachment
    /// The image as the tool's answer names it after "the": `image "sign-photo"`, or `image`.
    let name: String

    /// What a tool tells the model when it cannot pick an image; never an error, so the model can
    /// answer (or ask) instead of the request failing.
    enum Problem: Error {
        case noImage
        case unknownLabel(String, known: [String])

        /// The sentence the model receives.
        var message: String {
            switch self {
            case .noImage:
                return "There is no image in this conversation to read."
            case .unknownLabel(let label, let known):
                let list = known.map { "\"\($0)\"" }.joined(separator: ", ")
                return "There is no image labelled \"\(label)\". The images in this conversation are labelled: \(list)."
            }
        }
    }

    /// The image the model named by `label` (exactly, or ignoring case and quotes); the newest
    /// image when `label` is empty, or when it names none and the conversation has only one image.
    static func resolve(label: String, in attachments: ToolAttachments) -> Result<ImageToolInput, Problem> {
        let trimmed = label.trimmingCharacters(in: .whitespacesAndNewlines)
        let imageCount = attachments.segments.filter { if case .image = $0.content { true } else { false } }.count
        guard imageCount > 0 else { return .failure(.noImage) }
        if !trimmed.isEmpty, let image = attachments.image(labeled: trimmed) {
            return .success(ImageToolInput(image: image, name: "image \"\(trimmed)\""))
        }
        if trimmed.isEmpty || imageCount == 1, let image = attachments.image(labeled: nil) {
            let newest = attachments.segments.last { if case .image = $0.content { true } else { false } }
            return .success(ImageToolInput(image: image, name: newest?.label.map { "image \"\($0)\"" } ?? "image"))
        }
        return .failure(.unknownLabel(trimmed, known: attachments.imageLabels))
    }

    /// Performs `request` on the image (its file or its bytes), with the attachment's orientation.
    ///
    /// - Throws: ``VisionError`` when the image cannot be read.
    func perform<Request: ImageProcessingRequest>(_ request: Request) async throws -> Request.Result {
        switch try source() {
        case .file(let url): try await request.perform(on: url, orientation: image.orientation)
        case .data(let data): try await request.perform(on: data, orientation: image.orientation)
        }
    }

    /// Where the image's bytes are: a file, or the bytes of a `data:` URL.
    enum Source {
        case file(URL)
        case data(Data)
    }

    /// The image's bytes, from a `file:` URL or a base64 `data:` URL.
    ///
    /// - Throws: ``VisionError`` when the URL is of another kind (a server's `http:` image is not
    ///   fetched by a tool) or a `data:` URL is not base64.
    func source() throws -> Source {
        guard let url = image.url else { throw VisionError.invalidImage("The \(name) has no URL.") }
        switch url.scheme?.lowercased() {
        case "file":
            return .file(url)
        case "data":
            let text = url.absoluteString
            guard let comma = text.firstIndex(of: ","), text[..<comma].lowercased().hasSuffix(";base64"),
                let data = Data(base64Encoded: String(text[text.index(after: comma)...]))
            else {
                throw VisionError.invalidImage("The \(name) is a data: URL that does not hold base64 image bytes.")
            }
            return .data(data)
        default:
            throw VisionError.invalidImage(
                "The \(name) is at \(url.absoluteString); Vision's tools read file: and data: URLs only.")
        }
    }
}
