import Foundation

/// An item as the index stores it: `Sendable` values copied from a ``CSSearchableItem`` when it is
/// indexed, and what searches read back.
struct ItemRecord: Codable, Sendable, Equatable {
    var identifier: String
    var domain: String?
    var expiration: Date?
    var values: [String: AttributeValue]
    var customValues: [String: CustomValue]

    /// The most characters of one column that the full-text index reads: a huge document is
    /// stored whole but searched by its first million characters.
    static let maximumIndexedCharacters = 1_000_000

    /// The item's words by full-text column, in ``SearchColumn`` order.
    var columnTexts: [String] {
        var columns = Array(repeating: [String](), count: SearchColumn.allCases.count)
        for (name, value) in values.sorted(by: { $0.key < $1.key }) {
            guard let column = SearchableItemAttribute(rawValue: name).searchColumn else { continue }
            let text = value.searchableText
            if !text.isEmpty { columns[column.rawValue].append(text) }
        }
        for (_, custom) in customValues.sorted(by: { $0.key < $1.key }) where custom.searchable {
            let text = custom.value.searchableText
            if !text.isEmpty { columns[SearchColumn.keywords.rawValue].append(text) }
        }
        return columns.map { parts in
            let joined = parts.joined(separator: "\n")
            return joined.count > Self.maximumIndexedCharacters ? String(joined.prefix(Self.maximumIndexedCharacters)) : joined
        }
    }

    /// The date that date-range searches compare (``SearchableItemAttribute/datePreference``).
    var itemDate: Date? {
        for attribute in SearchableItemAttribute.datePreference {
            if let date = values[attribute.rawValue]?.firstDate { return date }
        }
        return nil
    }

    /// The content type and the types it conforms to (`contentTypeTree`, or `contentType`).
    var contentTypes: [String]? {
        if case .texts(let tree) = values[SearchableItemAttribute.contentTypeTree.rawValue] { return tree }
        if case .text(let type) = values[SearchableItemAttribute.contentType.rawValue] { return [type] }
        return nil
    }

    /// The record's title for answers: its title, display name, or the start of its text.
    var displayTitle: String? {
        for attribute in [SearchableItemAttribute.title, .displayName, .headline, .subject] {
            if case .text(let text) = values[attribute.rawValue], !text.isEmpty { return text }
        }
        return nil
    }

    /// The record with another record's values on top (an update).
    func merged(with update: ItemRecord) -> ItemRecord {
        var result = self
        result.values.merge(update.values) { $1 }
        result.customValues.merge(update.customValues) { $1 }
        result.domain = update.domain ?? domain
        result.expiration = update.expiration ?? expiration
        return result
    }
}
