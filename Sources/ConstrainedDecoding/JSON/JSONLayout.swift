import JSONValues

/// The fixed whitespace layout of JSON that a grammar generates.
///
/// A fixed layout leaves the model no choice of whitespace, so it cannot loop on spaces, and makes
/// punctuation and keys forced text that the caller can jump forward over.
public struct JSONLayout: Sendable, Hashable {
    /// The text between an object key and its value.
    public var keySeparator: String
    /// The text between two array items or object members.
    public var itemSeparator: String

    /// Creates a layout from its two separators.
    public init(keySeparator: String, itemSeparator: String) {
        self.keySeparator = keySeparator
        self.itemSeparator = itemSeparator
    }

    /// One line with `": "` after keys and `", "` between items, like `GeneratedContent.jsonString`.
    public static let canonical = JSONLayout(keySeparator: ": ", itemSeparator: ", ")
    /// No whitespace at all: `":"` and `","`.
    public static let compact = JSONLayout(keySeparator: ":", itemSeparator: ",")
}

extension JSONLayout {
    /// The package's JSON writer set to this layout's separators, on one line.
    var writer: JSONWriter {
        JSONWriter(keySeparator: keySeparator, itemSeparator: itemSeparator)
    }
}
