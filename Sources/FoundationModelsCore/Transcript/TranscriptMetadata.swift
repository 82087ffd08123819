import Foundation
import JSONValues

/// Metadata as OS 27 types it: string keys, values any `Codable`, `Sendable` and `Equatable` type.
package typealias TranscriptMetadata = [String: any Sendable & Codable & Equatable]

extension Dictionary where Key == String, Value == any Sendable & Codable & Equatable {
    /// Whether two metadata dictionaries hold the same keys with equal values of the same types.
    package func isEqual(to other: Self) -> Bool {
        guard count == other.count else { return false }
        for (key, value) in self {
            guard let otherValue = other[key], MetadataValue.equal(value, otherValue) else { return false }
        }
        return true
    }

    /// The metadata as a JSON object, keys sorted so that the encoding is stable.
    ///
    /// A value that fails to encode is written as its description, so that encoding never loses a
    /// key.
    var jsonValue: JSONValue {
        .object(
            keys.sorted().map { key in
                JSONMember(key, MetadataValue.json(self[key]!))
            })
    }

    /// Metadata read back from a JSON object: strings, booleans and numbers become `String`,
    /// `Bool`, `Int` or `Double`; arrays and objects are kept as they were and encode back exactly.
    init(json: JSONValue) {
        self.init()
        for member in json.objectMembers ?? [] {
            self[member.key] = MetadataValue.value(member.value)
        }
    }
}

/// Equality, encoding and decoding of single metadata values.
enum MetadataValue {
    static func equal(_ lhs: any Equatable, _ rhs: any Equatable) -> Bool {
        func compare<T: Equatable>(_ value: T) -> Bool { (rhs as? T) == value }
        return compare(lhs)
    }

    static func json(_ value: any Sendable & Codable & Equatable) -> JSONValue {
        if let preserved = value as? PreservedJSON { return preserved.value }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(value), let decoded = try? JSONReader.read(utf8: Array(data)) else {
            return .string(String(describing: value))
        }
        return decoded
    }

    static func value(_ json: JSONValue) -> any Sendable & Codable & Equatable {
        switch json {
        case .string(let text): return text
        case .bool(let flag): return flag
        case .number(let text):
            if let integer = Int(text) { return integer }
            return Double(text) ?? PreservedJSON(value: json)
        case .null, .array, .object: return PreservedJSON(value: json)
        }
    }
}

/// A metadata value read from JSON that has no Swift scalar type (an array, an object or null):
/// kept exactly, so that a transcript decodes and encodes back unchanged.
struct PreservedJSON: Sendable, Codable, Equatable, CustomStringConvertible {
    var value: JSONValue

    init(value: JSONValue) {
        self.value = value
    }

    init(from decoder: any Decoder) throws {
        value = try JSONValue(from: decoder)
    }

    func encode(to encoder: any Encoder) throws {
        try value.encode(to: encoder)
    }

    var description: String { value.jsonText() }
}
