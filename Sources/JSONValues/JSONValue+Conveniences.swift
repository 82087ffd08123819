extension JSONValue {
    /// The JSON text of a `Double`: integers without a fraction (`1`, not `1.0`) below 10^15, other
    /// values in Swift's shortest round-tripping form (`0.1`, `1e+20`), and `null` for values JSON
    /// cannot spell (NaN, infinity).
    public static func numberText(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 {
            return String(Int64(value))
        }
        return String(value)
    }

    /// The value with each object's repeated keys merged the way `JSONDecoder` and Python read
    /// them: the key keeps its first position and takes its last value (recursively).
    ///
    /// ``JSONReader`` keeps repeated keys as written; readers that look keys up by name (a schema
    /// importer, a transcript decoder) call this first so that every lookup sees one value.
    public func mergingDuplicateKeys() -> JSONValue {
        switch self {
        case .array(let elements):
            return .array(elements.map { $0.mergingDuplicateKeys() })
        case .object(let members):
            var merged: [JSONMember] = []
            var positions: [String: Int] = [:]
            for member in members {
                let value = member.value.mergingDuplicateKeys()
                if let position = positions[member.key] {
                    merged[position].value = value
                } else {
                    positions[member.key] = merged.count
                    merged.append(JSONMember(key: member.key, value: value))
                }
            }
            return .object(merged)
        default:
            return self
        }
    }
}
