/// A JSON value that keeps object members in document order and numbers as their literal text.
///
/// The schema compiler needs both: property order comes from the document when `x-order` is absent,
/// and numeric bounds such as `0.1` must be compared exactly, not through `Double`.
public enum JSONValue: Sendable, Hashable {
    /// The literal `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, kept as its JSON text (for example `"-1.50e3"`).
    case number(String)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object whose members keep their document order (duplicate keys are kept).
    case object([JSONMember])

    /// The value of the first member named `key`, when this value is an object.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        for member in members where member.key == key { return member.value }
        return nil
    }

    /// The members when this value is an object.
    public var objectMembers: [JSONMember]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// The string when this value is a string.
    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The elements when this value is an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The number as a `Double` when this value is a number.
    public var doubleValue: Double? {
        if case .number(let text) = self { return Double(text) }
        return nil
    }

    /// The JSON type name of this value as JSON Schema spells it (`integer` for integral numbers).
    var schemaTypeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "boolean"
        case .number(let text):
            return DecimalNumber(text).map { $0.isInteger ? "integer" : "number" } ?? "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }

    /// This value as JSON text in `layout`.
    ///
    /// Strings escape only `"`, `\` and control characters; numbers are written as stored.
    public func serialized(layout: JSONLayout = .canonical) -> String {
        var output = ""
        write(to: &output, layout: layout)
        return output
    }

    private func write(to output: inout String, layout: JSONLayout) {
        switch self {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .number(let text): output += text
        case .string(let text): output += JSONValue.quoted(text)
        case .array(let elements):
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += layout.itemSeparator }
                element.write(to: &output, layout: layout)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { output += layout.itemSeparator }
                output += JSONValue.quoted(member.key)
                output += layout.keySeparator
                member.value.write(to: &output, layout: layout)
            }
            output += "}"
        }
    }

    /// `text` as a JSON string literal in this engine's canonical escaping.
    public static func quoted(_ text: String) -> String {
        var output = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
        return output
    }

    /// Semantic equality as JSON Schema defines it (numbers by value, object members unordered).
    func isSemanticallyEqual(to other: JSONValue) -> Bool {
        switch (self, other) {
        case (.number(let a), .number(let b)):
            if let x = DecimalNumber(a), let y = DecimalNumber(b) { return x == y }
            return a == b
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.isSemanticallyEqual(to: $1) }
        case (.object(let a), .object(let b)):
            guard a.count == b.count else { return false }
            return a.allSatisfy { member in
                b.contains { $0.key == member.key && $0.value.isSemanticallyEqual(to: member.value) }
            }
        default:
            return self == other
        }
    }
}

/// One member of a JSON object.
public struct JSONMember: Sendable, Hashable {
    /// The member's key.
    public var key: String
    /// The member's value.
    public var value: JSONValue

    /// Creates a member.
    public init(key: String, value: JSONValue) {
        self.key = key
        self.value = value
    }
}
