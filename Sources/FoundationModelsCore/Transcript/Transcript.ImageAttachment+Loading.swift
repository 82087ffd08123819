import Foundation

extension Transcript.ImageAttachment {
    /// The image as a URL a server can fetch: `http(s):` URLs unchanged, `data:` URLs checked,
    /// and `file:` URLs read and sent as `data:` URLs.
    ///
    /// - Throws: ``LanguageModelError/unsupportedTranscriptContent(_:)`` naming the URL when the
    ///   file is missing or unreadable, when its bytes are not a PNG, JPEG, GIF, WebP or BMP image,
    ///   or when the URL's scheme is not one of these.
    package func portableURL() throws -> String {
        switch imageURL.scheme?.lowercased() {
        case "http", "https":
            return imageURL.absoluteString
        case "data":
            let text = imageURL.absoluteString
            guard text.lowercased().hasPrefix("data:image/") else {
                throw Self.unsupported("The data URL does not hold an image (it must start with data:image/): \(text.prefix(40))…")
            }
            return text
        case "file":
            let data: Data
            do {
                data = try Data(contentsOf: imageURL)
            } catch {
                throw Self.unsupported("The image file \(imageURL.path) cannot be read: \(error.localizedDescription)")
            }
            guard let mediaType = Self.mediaType(of: data) else {
                throw Self.unsupported("The file \(imageURL.path) is not a PNG, JPEG, GIF, WebP or BMP image.")
            }
            return "data:\(mediaType);base64," + data.base64EncodedString()
        default:
            throw Self.unsupported("Images must have a file:, http(s): or data: URL, not \(imageURL.absoluteString).")
        }
    }

    /// The image's media type from its first bytes, or nil when they are not a known image format.
    static func mediaType(of data: Data) -> String? {
        let bytes = [UInt8](data.prefix(12))
        func starts(_ prefix: [UInt8]) -> Bool { bytes.starts(with: prefix) }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "image/png" }
        if starts([0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return "image/gif" }
        if bytes.count >= 12, starts(Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) { return "image/webp" }
        if starts(Array("BM".utf8)) { return "image/bmp" }
        return nil
    }

    private static func unsupported(_ description: String) -> LanguageModelError {
        .unsupportedTranscriptContent(.init(unsupportedContent: [], debugDescription: description))
    }
}
