public import JSONValues

extension JSONValue {
    /// This value as JSON text in `layout`, the layout a grammar generates.
    ///
    /// Written by the package's one ``JSONWriter``; numbers are written as stored.
    public func serialized(layout: JSONLayout = .canonical) -> String {
        layout.writer.text(of: self)
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

    /// Semantic equality as JSON Schema defines it (numbers by exact decimal value, object members
    /// unordered).
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
