public import Foundation

/// One piece of the app's content that search can find: an identifier, an optional domain and
/// its metadata (Apple's `CSSearchableItem`).
///
/// ```swift
/// let item = CSSearchableItem(uniqueIdentifier: note.id, domainIdentifier: "notes", attributeSet: attributes)
/// try await CSSearchableIndex.default().indexSearchableItems([item])
/// ```
///
/// Not `Sendable`, like Apple's class: the index copies its values when it is indexed.
public final class CSSearchableItem {
    /// The identifier that is unique in the index; indexing another item with it replaces this one.
    public var uniqueIdentifier: String
    /// A group of items that can be deleted together (``CSSearchableIndex/deleteSearchableItems(withDomainIdentifiers:)``).
    public var domainIdentifier: String?
    /// The date after which searches no longer find the item and it is removed.
    ///
    /// Apple's system expires items left without a date after a while and asks the app to index
    /// them again; on Linux there is no such cycle, so an item without a date never expires.
    public var expirationDate: Date!
    /// The item's metadata.
    public var attributeSet: CSSearchableItemAttributeSet
    /// Whether indexing the item only replaces the attributes it sets, keeping the stored ones.
    public var isUpdate: Bool = false

    /// Creates an item.
    ///
    /// - Parameters:
    ///   - uniqueIdentifier: The identifier; a new UUID when `nil`.
    ///   - domainIdentifier: The item's group, or `nil`.
    ///   - attributeSet: The metadata.
    public init(uniqueIdentifier: String?, domainIdentifier: String?, attributeSet: CSSearchableItemAttributeSet) {
        self.uniqueIdentifier = uniqueIdentifier ?? UUID().uuidString
        self.domainIdentifier = domainIdentifier
        self.attributeSet = attributeSet
        self.expirationDate = nil
    }

    /// Orders two items found by the same ranked query: the better match first.
    public func compare(byRank other: CSSearchableItem) -> ComparisonResult {
        let mine = rankScore ?? 0
        let theirs = other.rankScore ?? 0
        if mine == theirs { return .orderedSame }
        return mine > theirs ? .orderedAscending : .orderedDescending
    }

    /// The relevance a ranked query gave the item (higher is better), or `nil`.
    var rankScore: Double?

    /// The values the index stores.
    var record: ItemRecord {
        ItemRecord(
            identifier: uniqueIdentifier, domain: domainIdentifier, expiration: expirationDate,
            values: attributeSet.values, customValues: attributeSet.customValues)
    }

    /// An item read back from the index.
    convenience init(_ record: ItemRecord) {
        self.init(
            uniqueIdentifier: record.identifier, domainIdentifier: record.domain,
            attributeSet: CSSearchableItemAttributeSet(values: record.values, customValues: record.customValues))
        expirationDate = record.expiration
    }
}
