/// A coding key made from any string, for objects whose keys are not known in advance.
struct JSONCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }

    init(_ string: String) { self.stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

extension JSONValue: Codable {
    /// Decodes any JSON value.
    ///
    /// A keyed container's key order is the decoder's (`JSONDecoder` uses a dictionary), not the
    /// document's; read text with ``JSONReader`` where order matters. Integers that fit `Int` keep
    /// their digits; other numbers pass through `Double` (``numberText(_:)``).
    ///
    /// - Throws: The decoder's errors.
    public init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: JSONCodingKey.self) {
            var members: [JSONMember] = []
            for key in object.allKeys {
                members.append(JSONMember(key: key.stringValue, value: try object.decode(JSONValue.self, forKey: key)))
            }
            self = .object(members)
            return
        }
        if var array = try? decoder.unkeyedContainer() {
            var elements: [JSONValue] = []
            while !array.isAtEnd { elements.append(try array.decode(JSONValue.self)) }
            self = .array(elements)
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
        } else if let value = try? single.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? single.decode(Int.self) {
            self = .number(String(value))
        } else if let value = try? single.decode(Double.self) {
            self = .number(JSONValue.numberText(value))
        } else {
            self = .string(try single.decode(String.self))
        }
    }

    /// Encodes the value; a number is encoded as an `Int` when its text is one, else as a `Double`.
    ///
    /// - Throws: The encoder's errors.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var single = encoder.singleValueContainer()
            try single.encodeNil()
        case .bool(let value):
            var single = encoder.singleValueContainer()
            try single.encode(value)
        case .number(let text):
            var single = encoder.singleValueContainer()
            if let integer = Int(text) {
                try single.encode(integer)
            } else {
                try single.encode(Double(text) ?? .nan)
            }
        case .string(let value):
            var single = encoder.singleValueContainer()
            try single.encode(value)
        case .array(let elements):
            var array = encoder.unkeyedContainer()
            for element in elements { try array.encode(element) }
        case .object(let members):
            var object = encoder.container(keyedBy: JSONCodingKey.self)
            for member in members { try object.encode(member.value, forKey: JSONCodingKey(member.key)) }
        }
    }
}
