package import JSONValues

/// Reads the typed fields of one JSON object, naming the field in every error.
///
/// A missing field and an explicit `null` read as `nil`; a field given twice reads as its last
/// value (as `JSONDecoder` and Python read it). ``path`` prefixes every field named in an error:
///
/// ```swift
/// let reader = FieldReader(members: members, path: "messages[0].")
/// let role = try reader.string("role")   // "messages[0].role must be a string"
/// ```
package struct FieldReader {
    /// The object's members, in document order.
    package let members: [JSONMember]
    /// The path of the object, ending in `.` (empty for the body).
    package let path: String

    /// A reader of an object's members at `path`.
    package init(members: [JSONMember], path: String) {
        self.members = members
        self.path = path
    }

    /// A field's value, whatever its type.
    package func value(_ key: String) -> JSONValue? {
        members.last { $0.key == key }?.value
    }

    /// A string field.
    ///
    /// - Throws: ``WireError`` when the field is not a string.
    package func string(_ key: String) throws(WireError) -> String? {
        switch value(key) {
        case nil, .null?: return nil
        case .string(let text)?: return text
        default: throw WireError("\(path)\(key) must be a string", param: path + key)
        }
    }

    /// A boolean field.
    ///
    /// - Throws: ``WireError`` when the field is not `true` or `false`.
    package func bool(_ key: String) throws(WireError) -> Bool? {
        switch value(key) {
        case nil, .null?: return nil
        case .bool(let flag)?: return flag
        default: throw WireError("\(path)\(key) must be true or false", param: path + key)
        }
    }

    /// A number field within `range`.
    ///
    /// - Throws: ``WireError`` when the field is not a number or is out of range.
    package func number(_ key: String, in range: ClosedRange<Double>) throws(WireError) -> Double? {
        switch value(key) {
        case nil, .null?: return nil
        case .number(let text)?:
            guard let number = Double(text), range.contains(number) else {
                throw WireError("\(path)\(key) must be a number from \(range.lowerBound) to \(range.upperBound), got \(text)", param: path + key)
            }
            return number
        default: throw WireError("\(path)\(key) must be a number", param: path + key)
        }
    }

    /// An integer field within `range`; a number with a zero fraction (`3.0`) is an integer.
    ///
    /// - Throws: ``WireError`` when the field is not an integer or is out of range.
    package func integer(_ key: String, in range: ClosedRange<Int>) throws(WireError) -> Int? {
        switch value(key) {
        case nil, .null?: return nil
        case .number(let text)?:
            guard let number = Int(text) ?? Double(text).flatMap({ $0.rounded() == $0 && abs($0) < 9e18 ? Int($0) : nil }) else {
                throw WireError("\(path)\(key) must be an integer, got \(text)", param: path + key)
            }
            guard range.contains(number) else {
                throw WireError("\(path)\(key) must be at least \(range.lowerBound), got \(text)", param: path + key)
            }
            return number
        default: throw WireError("\(path)\(key) must be an integer", param: path + key)
        }
    }

    /// A list field.
    ///
    /// - Throws: ``WireError`` when the field is not a list.
    package func array(_ key: String) throws(WireError) -> [JSONValue]? {
        switch value(key) {
        case nil, .null?: return nil
        case .array(let items)?: return items
        default: throw WireError("\(path)\(key) must be a list", param: path + key)
        }
    }

    /// An object field's members.
    ///
    /// - Throws: ``WireError`` when the field is not an object.
    package func object(_ key: String) throws(WireError) -> [JSONMember]? {
        switch value(key) {
        case nil, .null?: return nil
        case .object(let members)?: return members
        default: throw WireError("\(path)\(key) must be an object", param: path + key)
        }
    }

    /// A reader of the object field `key`, at its path.
    ///
    /// - Throws: ``WireError`` when the field is not an object.
    package func nested(_ key: String) throws(WireError) -> FieldReader? {
        try object(key).map { FieldReader(members: $0, path: path + key + ".") }
    }
}
