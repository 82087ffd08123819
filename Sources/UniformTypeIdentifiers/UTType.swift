// `UTType` on Linux: the smallest faithful stand-in for Apple's UniformTypeIdentifiers, with only
// what Core Spotlight code needs (`CSSearchableItemAttributeSet(contentType:)`, file sources).

/// A type of data, identified by a reverse-DNS string such as `public.plain-text`.
///
/// Only the common system types are known (their identifiers, filename extensions, MIME types
/// and what they conform to); `init(_:)` accepts any other identifier as a type that conforms
/// to nothing but itself and `public.item`.
public struct UTType: Hashable, Sendable, CustomStringConvertible {
    /// The type's reverse-DNS identifier.
    public let identifier: String

    /// Creates the type with an identifier.
    ///
    /// - Parameter identifier: A reverse-DNS identifier such as `public.html`; `nil` when empty.
    public init?(_ identifier: String) {
        guard !identifier.isEmpty else { return nil }
        self.identifier = identifier
    }

    /// The known type that has a filename extension (case-insensitive), or `nil`.
    ///
    /// - Parameters:
    ///   - filenameExtension: An extension without the dot, such as `md`.
    ///   - supertype: A type the result must conform to.
    public init?(filenameExtension: String, conformingTo supertype: UTType = .data) {
        let lowered = filenameExtension.lowercased()
        guard let known = Self.known.first(where: { $0.extensions.contains(lowered) }) else { return nil }
        let type = UTType(known: known.identifier)
        guard type.conforms(to: supertype) else { return nil }
        self = type
    }

    /// The known type for a MIME type, or `nil`.
    public init?(mimeType: String, conformingTo supertype: UTType = .data) {
        let lowered = mimeType.lowercased()
        guard let known = Self.known.first(where: { $0.mimeTypes.contains(lowered) }) else { return nil }
        let type = UTType(known: known.identifier)
        guard type.conforms(to: supertype) else { return nil }
        self = type
    }

    private init(known identifier: String) { self.identifier = identifier }

    /// The usual filename extension, without the dot.
    public var preferredFilenameExtension: String? { Self.entry(identifier)?.extensions.first }

    /// The usual MIME type.
    public var preferredMIMEType: String? { Self.entry(identifier)?.mimeTypes.first }

    /// Whether the type is one of the system's known types.
    public var isDeclared: Bool { Self.entry(identifier) != nil }

    /// The types this one conforms to directly.
    public var supertypes: Set<UTType> {
        var result = Set<UTType>()
        var pending = Self.entry(identifier)?.parents ?? ["public.item"]
        while let next = pending.popLast() {
            guard result.insert(UTType(known: next)).inserted else { continue }
            pending += Self.entry(next)?.parents ?? []
        }
        if identifier != "public.item" { result.insert(.item) }
        return result
    }

    /// Whether the type is the same as, or a subtype of, another.
    public func conforms(to type: UTType) -> Bool {
        type == self || supertypes.contains(type)
    }

    /// Whether the type is a subtype of another (not the same type).
    public func isSubtype(of type: UTType) -> Bool { type != self && conforms(to: type) }

    /// Whether the type is a supertype of another (not the same type).
    public func isSupertype(of type: UTType) -> Bool { type != self && type.conforms(to: self) }

    /// The identifier.
    public var description: String { identifier }
}

extension UTType {
    /// The base of every type of item.
    public static let item = UTType(known: "public.item")
    /// Content: text, images, audio, documents.
    public static let content = UTType(known: "public.content")
    /// Any bytes.
    public static let data = UTType(known: "public.data")
    /// A folder.
    public static let folder = UTType(known: "public.folder")
    /// A directory.
    public static let directory = UTType(known: "public.directory")
    /// Text of any encoding and markup.
    public static let text = UTType(known: "public.text")
    /// Text without markup.
    public static let plainText = UTType(known: "public.plain-text")
    /// Plain text in UTF-8.
    public static let utf8PlainText = UTType(known: "public.utf8-plain-text")
    /// HTML.
    public static let html = UTType(known: "public.html")
    /// XML.
    public static let xml = UTType(known: "public.xml")
    /// JSON.
    public static let json = UTType(known: "public.json")
    /// Rich Text Format.
    public static let rtf = UTType(known: "public.rtf")
    /// Comma-separated values.
    public static let commaSeparatedText = UTType(known: "public.comma-separated-values-text")
    /// A URL.
    public static let url = UTType(known: "public.url")
    /// A file URL.
    public static let fileURL = UTType(known: "public.file-url")
    /// A PDF document.
    public static let pdf = UTType(known: "com.adobe.pdf")
    /// An image.
    public static let image = UTType(known: "public.image")
    /// A JPEG image.
    public static let jpeg = UTType(known: "public.jpeg")
    /// A PNG image.
    public static let png = UTType(known: "public.png")
    /// Audio.
    public static let audio = UTType(known: "public.audio")
    /// A movie.
    public static let movie = UTType(known: "public.movie")
    /// A message.
    public static let message = UTType(known: "public.message")
    /// An email message.
    public static let emailMessage = UTType(known: "public.email-message")
    /// A contact card.
    public static let contact = UTType(known: "public.contact")
    /// A calendar event.
    public static let calendarEvent = UTType(known: "public.calendar-event")
}

extension UTType {
    /// A known type: its identifier, parents, extensions and MIME types.
    struct Known {
        var identifier: String
        var parents: [String]
        var extensions: [String] = []
        var mimeTypes: [String] = []
    }

    /// The known types (Markdown is Apple's `net.daringfireball.markdown`, declared by the system
    /// on macOS 13 and later without a named constant).
    static let known: [Known] = [
        Known(identifier: "public.item", parents: []),
        Known(identifier: "public.content", parents: []),
        Known(identifier: "public.data", parents: ["public.item"]),
        Known(identifier: "public.directory", parents: ["public.item"]),
        Known(identifier: "public.folder", parents: ["public.directory"]),
        Known(identifier: "public.text", parents: ["public.data", "public.content"]),
        Known(identifier: "public.plain-text", parents: ["public.text"], extensions: ["txt", "text"], mimeTypes: ["text/plain"]),
        Known(identifier: "public.utf8-plain-text", parents: ["public.plain-text"]),
        Known(identifier: "net.daringfireball.markdown", parents: ["public.plain-text"], extensions: ["md", "markdown"], mimeTypes: ["text/markdown"]),
        Known(identifier: "public.html", parents: ["public.text"], extensions: ["html", "htm"], mimeTypes: ["text/html"]),
        Known(identifier: "public.xml", parents: ["public.text"], extensions: ["xml"], mimeTypes: ["application/xml", "text/xml"]),
        Known(identifier: "public.json", parents: ["public.text"], extensions: ["json"], mimeTypes: ["application/json"]),
        Known(identifier: "public.rtf", parents: ["public.text"], extensions: ["rtf"], mimeTypes: ["text/rtf"]),
        Known(identifier: "public.comma-separated-values-text", parents: ["public.text"], extensions: ["csv"], mimeTypes: ["text/csv"]),
        Known(identifier: "public.url", parents: ["public.data"]),
        Known(identifier: "public.file-url", parents: ["public.url"]),
        Known(identifier: "com.adobe.pdf", parents: ["public.data", "public.content"], extensions: ["pdf"], mimeTypes: ["application/pdf"]),
        Known(identifier: "public.image", parents: ["public.data", "public.content"]),
        Known(identifier: "public.jpeg", parents: ["public.image"], extensions: ["jpg", "jpeg"], mimeTypes: ["image/jpeg"]),
        Known(identifier: "public.png", parents: ["public.image"], extensions: ["png"], mimeTypes: ["image/png"]),
        Known(identifier: "public.audio", parents: ["public.data", "public.content"]),
        Known(identifier: "public.movie", parents: ["public.data", "public.content"]),
        Known(identifier: "public.message", parents: ["public.data", "public.content"]),
        Known(identifier: "public.email-message", parents: ["public.message"], extensions: ["eml"], mimeTypes: ["message/rfc822"]),
        Known(identifier: "public.contact", parents: ["public.data", "public.content"]),
        Known(identifier: "public.calendar-event", parents: ["public.data", "public.content"])
    ]

    static func entry(_ identifier: String) -> Known? { known.first { $0.identifier == identifier } }
}
