public import FoundationModels

/// One value a tool call's argument is expected to have, in a ``ArgumentMatcher``.
///
/// Literals work directly: `.exact(argumentName: "city", value: "Paris")`.
/// In JSON (datasets, results) a value is written as the plain JSON value.
@Generable
public enum ArgumentValue: Sendable, Codable, Hashable {
    /// A string.
    case string(String)
    /// A whole number.
    case int(Int)
    /// A number with a fraction.
    case double(Double)
    /// A Boolean.
    case bool(Bool)

    /// The same value as a ``StructuredValue``.
    public var structuredValue: StructuredValue {
        switch self {
        case .string(let text): .string(text)
        case .int(let number): .int(number)
        case .double(let number): .double(number)
        case .bool(let flag): .bool(flag)
        }
    }

    /// Reads a plain JSON string, number or Boolean.
    public init(from decoder: any Decoder) throws {
        switch try StructuredValue(from: decoder) {
        case .string(let text): self = .string(text)
        case .int(let number): self = .int(number)
        case .double(let number): self = .double(number)
        case .bool(let flag): self = .bool(flag)
        case .null, .array, .dictionary:
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "an argument value is a JSON string, number or Boolean"))
        }
    }

    /// Writes the plain JSON value.
    public func encode(to encoder: any Encoder) throws {
        try structuredValue.encode(to: encoder)
    }

    /// Whether an argument the model wrote equals this value: numbers compare by value
    /// (`3` equals `3.0`), everything else exactly.
    func matches(_ actual: StructuredValue) -> Bool {
        if let expected = structuredValue.number, let number = actual.number { return expected == number }
        return structuredValue == actual
    }
}

extension ArgumentValue: ExpressibleByStringLiteral {
    /// A string value.
    public init(stringLiteral value: String) {
        self = .string(value)
    }
}

extension ArgumentValue: ExpressibleByIntegerLiteral {
    /// A whole number.
    public init(integerLiteral value: Int) {
        self = .int(value)
    }
}

extension ArgumentValue: ExpressibleByFloatLiteral {
    /// A number with a fraction.
    public init(floatLiteral value: Double) {
        self = .double(value)
    }
}

extension ArgumentValue: ExpressibleByBooleanLiteral {
    /// A Boolean.
    public init(booleanLiteral value: Bool) {
        self = .bool(value)
    }
}
