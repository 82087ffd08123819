import Foundation

/// A JSON-shaped value: what a tool call's arguments hold, compared without regard to their Swift
/// types.
///
/// ```swift
/// let arguments: StructuredValue = ["city": "Paris", "days": 3]
/// ```
public enum StructuredValue: Sendable, Hashable {
    /// A string.
    case string(String)
    /// A whole number.
    case int(Int)
    /// A number with a fraction.
    case double(Double)
    /// A Boolean.
    case bool(Bool)
    /// JSON's `null`.
    case null
    /// An ordered list of values.
    case array([StructuredValue])
    /// Values by key.
    case dictionary([String: StructuredValue])

    /// The value as plain Swift: `String`, `Int`, `Double`, `Bool`, `NSNull`, `[Any]` or
    /// `[String: Any]`.
    public var value: Any {
        switch self {
        case .string(let text): text
        case .int(let number): number
        case .double(let number): number
        case .bool(let flag): flag
        case .null: NSNull()
        case .array(let items): items.map(\.value)
        case .dictionary(let members): members.mapValues(\.value)
        }
    }

    /// The number this value holds, whole or not.
    var number: Double? {
        switch self {
        case .int(let number): Double(number)
        case .double(let number): number
        default: nil
        }
    }

    /// The value as compact JSON text, keys sorted.
    var jsonText: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(self) else { return "null" }
        return String(decoding: data, as: UTF8.self)
    }

    /// The value as text for matching: strings as they are, everything else as JSON.
    var text: String {
        if case .string(let text) = self { return text }
        return jsonText
    }
}

extension StructuredValue: ExpressibleByStringLiteral {
    /// A string value.
    public init(stringLiteral value: String) {
        self = .string(value)
    }
}

extension StructuredValue: ExpressibleByIntegerLiteral {
    /// A whole number.
    public init(integerLiteral value: Int) {
        self = .int(value)
    }
}

extension StructuredValue: ExpressibleByFloatLiteral {
    /// A number with a fraction.
    public init(floatLiteral value: Double) {
        self = .double(value)
    }
}

extension StructuredValue: ExpressibleByBooleanLiteral {
    /// A Boolean.
    public init(booleanLiteral value: Bool) {
        self = .bool(value)
    }
}

extension StructuredValue: ExpressibleByArrayLiteral {
    /// A list of values.
    public init(arrayLiteral elements: StructuredValue...) {
        self = .array(elements)
    }
}

extension StructuredValue: ExpressibleByDictionaryLiteral {
    /// Values by key (a later duplicate key wins).
    public init(dictionaryLiteral elements: (String, StructuredValue)...) {
        self = .dictionary(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}

extension StructuredValue: Codable {
    /// Reads any JSON value: whole numbers become ``int(_:)``, other numbers ``double(_:)``.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let number = try? container.decode(Int.self) {
            self = .int(number)
        } else if let number = try? container.decode(Double.self) {
            self = .double(number)
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let items = try? container.decode([StructuredValue].self) {
            self = .array(items)
        } else if let members = try? container.decode([String: StructuredValue].self) {
            self = .dictionary(members)
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a JSON value")
        }
    }

    /// Writes the value as plain JSON.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let text): try container.encode(text)
        case .int(let number): try container.encode(number)
        case .double(let number): try container.encode(number)
        case .bool(let flag): try container.encode(flag)
        case .null: try container.encodeNil()
        case .array(let items): try container.encode(items)
        case .dictionary(let members): try container.encode(members)
        }
    }
}
