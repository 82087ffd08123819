import Foundation

/// One stored attribute value: what a ``CSSearchableItemAttributeSet`` property or custom key holds,
/// in a form that encodes to the database and back without loss.
enum AttributeValue: Codable, Sendable, Equatable {
    case text(String)
    case texts([String])
    case date(Date)
    case dates([Date])
    case number(Double)
    case url(String)
    case data(Data)
    case people([PersonRecord])

    /// The words this value adds to the full-text index (dates, numbers and data add none).
    var searchableText: String {
        switch self {
        case .text(let text): return text
        case .texts(let texts): return texts.joined(separator: " ")
        case .people(let people): return people.map { ([$0.displayName ?? ""] + $0.handles).joined(separator: " ") }.joined(separator: " ")
        case .url(let url): return url
        case .date, .dates, .number, .data: return ""
        }
    }

    /// The earliest date the value holds, if it is a date.
    var firstDate: Date? {
        switch self {
        case .date(let date): return date
        case .dates(let dates): return dates.min()
        default: return nil
        }
    }
}

/// A person as stored (``CSPerson``'s values).
struct PersonRecord: Codable, Sendable, Equatable {
    var displayName: String?
    var handles: [String]
    var handleIdentifier: String
}

/// A custom key's value and whether it is searched (``CSCustomAttributeKey``).
struct CustomValue: Codable, Sendable, Equatable {
    var value: AttributeValue
    var searchable: Bool
}
