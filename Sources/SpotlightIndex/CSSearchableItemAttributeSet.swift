public import Foundation
public import UniformTypeIdentifiers

/// The metadata of a searchable item: its title, text, dates, people and places (Apple's
/// `CSSearchableItemAttributeSet`).
///
/// ```swift
/// let attributes = CSSearchableItemAttributeSet(contentType: .text)
/// attributes.title = "Herons at the lake"
/// attributes.textContent = "Two grey herons fishing in the reeds at dawn."
/// attributes.contentCreationDate = noteDate
/// ```
///
/// Every property is stored under its own name (``SearchableItemAttribute``'s raw value). Which
/// ones a full-text search reads, and with what weight, is ``SearchableItemAttribute/searchColumn``'s
/// one table. Not `Sendable`: like Apple's class, an attribute set is filled by one task and then
/// handed to the index, which copies its values at once.
public final class CSSearchableItemAttributeSet {
    /// The stored values, by attribute name.
    var values: [String: AttributeValue]
    /// Values under the app's own keys, by key name.
    var customValues: [String: CustomValue]

    /// Creates an empty attribute set for content of a type.
    ///
    /// - Parameter contentType: The content's type (``contentType`` becomes its identifier).
    public init(contentType: UTType) {
        values = ["contentType": .text(contentType.identifier)]
        let tree = [contentType.identifier] + contentType.supertypes.map(\.identifier).sorted()
        values["contentTypeTree"] = .texts(tree)
        customValues = [:]
    }

    /// Creates an empty attribute set for content of a type identifier (deprecated by Apple for
    /// ``init(contentType:)``).
    @available(*, deprecated, renamed: "init(contentType:)")
    public convenience init(itemContentType: String) {
        self.init(contentType: UTType(itemContentType) ?? .item)
    }

    /// Creates an empty attribute set of the generic `public.item` type.
    public convenience init() {
        self.init(contentType: .item)
    }

    init(values: [String: AttributeValue], customValues: [String: CustomValue]) {
        self.values = values
        self.customValues = customValues
    }

    /// A copy with the same values.
    public func copy() -> CSSearchableItemAttributeSet {
        CSSearchableItemAttributeSet(values: values, customValues: customValues)
    }

    /// Sets a value under an app-defined key, or removes it with `nil`.
    ///
    /// - Parameters:
    ///   - value: A string, number, date, URL or array of them (`NSString`, `NSNumber`, `NSDate`,
    ///     `NSURL`, `NSArray`); other values are ignored.
    ///   - key: The key.
    public func setValue(_ value: (any NSSecureCoding & NSObjectProtocol)?, forCustomKey key: CSCustomAttributeKey) {
        guard let value, let stored = Self.attributeValue(of: value) else {
            customValues[key.keyName] = nil
            return
        }
        customValues[key.keyName] = CustomValue(value: stored, searchable: key.isSearchable && key.isSearchableByDefault)
    }

    /// The value under an app-defined key, or `nil`.
    public func value(forCustomKey key: CSCustomAttributeKey) -> (any NSSecureCoding & NSObjectProtocol)? {
        customValues[key.keyName].map { Self.object(of: $0.value) }
    }

    /// Adds the values of another set, replacing the values both have (used for updates).
    func merge(_ other: CSSearchableItemAttributeSet) {
        values.merge(other.values) { $1 }
        customValues.merge(other.customValues) { $1 }
    }

    // MARK: - Typed access

    func string(_ attribute: SearchableItemAttribute) -> String? {
        if case .text(let text) = values[attribute.rawValue] { return text }
        return nil
    }

    func strings(_ attribute: SearchableItemAttribute) -> [String]? {
        if case .texts(let texts) = values[attribute.rawValue] { return texts }
        return nil
    }

    func date(_ attribute: SearchableItemAttribute) -> Date? {
        if case .date(let date) = values[attribute.rawValue] { return date }
        return nil
    }

    func dates(_ attribute: SearchableItemAttribute) -> [Date]? {
        if case .dates(let dates) = values[attribute.rawValue] { return dates }
        return nil
    }

    func number(_ attribute: SearchableItemAttribute) -> NSNumber? {
        if case .number(let number) = values[attribute.rawValue] { return NSNumber(value: number) }
        return nil
    }

    func url(_ attribute: SearchableItemAttribute) -> URL? {
        if case .url(let url) = values[attribute.rawValue] { return URL(string: url) }
        return nil
    }

    func set(_ attribute: SearchableItemAttribute, _ value: AttributeValue?) {
        values[attribute.rawValue] = value
    }

    // MARK: - Objective-C values

    /// The stored form of an Objective-C value (strings, numbers, dates, URLs, arrays of them).
    static func attributeValue(of object: Any) -> AttributeValue? {
        switch object {
        case let string as String: return .text(string)
        case let string as NSString: return .text(string as String)
        case let date as Date: return .date(date)
        case let date as NSDate: return .date(date as Date)
        case let url as URL: return .url(url.absoluteString)
        case let url as NSURL: return .url(url.absoluteString)
        case let number as NSNumber: return .number(number.doubleValue)
        case let data as Data: return .data(data)
        case let array as NSArray:
            let elements = array.compactMap { attributeValue(of: $0) }
            if elements.allSatisfy({ if case .text = $0 { true } else { false } }) {
                return .texts(elements.compactMap { if case .text(let text) = $0 { text } else { nil } })
            }
            if elements.allSatisfy({ if case .date = $0 { true } else { false } }) {
                return .dates(elements.compactMap { if case .date(let date) = $0 { date } else { nil } })
            }
            return nil
        default: return nil
        }
    }

    /// The Objective-C object for a stored value.
    static func object(of value: AttributeValue) -> any NSSecureCoding & NSObjectProtocol {
        switch value {
        case .text(let text): return NSString(string: text)
        case .texts(let texts): return NSArray(array: texts.map { NSString(string: $0) })
        case .date(let date): return NSDate(timeIntervalSinceReferenceDate: date.timeIntervalSinceReferenceDate)
        case .dates(let dates): return NSArray(array: dates.map { NSDate(timeIntervalSinceReferenceDate: $0.timeIntervalSinceReferenceDate) })
        case .number(let number): return NSNumber(value: number)
        case .url(let url): return NSString(string: url)
        case .data(let data): return NSData(data: data)
        case .people(let people): return NSArray(array: people.map { NSString(string: $0.displayName ?? "") })
        }
    }
}
