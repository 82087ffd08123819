/// A key of the app's own for an attribute (Apple's `CSCustomAttributeKey`).
///
/// ```swift
/// let species = CSCustomAttributeKey(keyName: "species", searchable: true, searchableByDefault: true, unique: false, multiValued: false)!
/// attributes.setValue("grey heron" as NSString, forCustomKey: species)
/// ```
// `@unchecked Sendable` is sound: every stored property is an immutable `let` of a Sendable type,
// as in Apple's class of the same name.
public final class CSCustomAttributeKey: @unchecked Sendable, Hashable {
    /// The key's name.
    public let keyName: String
    /// Whether queries can search the key's values.
    public let isSearchable: Bool
    /// Whether a full-text search looks at the key's values without naming the key.
    public let isSearchableByDefault: Bool
    /// Whether values are unique identifiers (stored, not used on Linux).
    public let isUnique: Bool
    /// Whether the key holds several values.
    public let isMultiValued: Bool

    /// Creates a searchable key that full-text searches do not look at by default.
    ///
    /// - Parameter keyName: Letters, digits, `_`, `-` and `.`, not starting with `kMD` or `_`;
    ///   `nil` otherwise.
    public convenience init?(keyName: String) {
        self.init(keyName: keyName, searchable: true, searchableByDefault: false, unique: false, multiValued: false)
    }

    /// Creates a key.
    ///
    /// - Parameters:
    ///   - keyName: Letters, digits, `_`, `-` and `.`, not starting with `kMD` or `_`; `nil`
    ///     otherwise.
    ///   - searchable: Whether queries can search the key's values.
    ///   - searchableByDefault: Whether a full-text search looks at them.
    ///   - unique: Whether values are unique identifiers.
    ///   - multiValued: Whether the key holds several values.
    public init?(keyName: String, searchable: Bool, searchableByDefault: Bool, unique: Bool, multiValued: Bool) {
        let allowed = keyName.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil || "_-.".unicodeScalars.contains($0)) }
        guard !keyName.isEmpty, allowed, !keyName.hasPrefix("kMD"), !keyName.hasPrefix("_") else { return nil }
        self.keyName = keyName
        self.isSearchable = searchable
        self.isSearchableByDefault = searchableByDefault
        self.isUnique = unique
        self.isMultiValued = multiValued
    }

    public static func == (lhs: CSCustomAttributeKey, rhs: CSCustomAttributeKey) -> Bool { lhs.keyName == rhs.keyName }
    public func hash(into hasher: inout Hasher) { hasher.combine(keyName) }
}
