/// A JSON value whose objects keep their key order, used to write, encode and read schemas.
indirect enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    /// A number, kept as its JSON text so that it prints exactly as it was made.
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.number(let a), .number(let b)): a == b || Double(a) == Double(b)
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)):
            a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: false
        }
    }

    /// The value of a key of an object.
    subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.last { $0.key == key }?.value
    }

    /// The JSON text of the value.
    ///
    /// - Parameter prettyPrinted: Whether to indent members over several lines (two spaces a level).
    func serialized(prettyPrinted: Bool = false) -> String {
        var output: [UInt8] = []
        write(to: &output, indentation: prettyPrinted ? 0 : nil)
        return String(decoding: output, as: UTF8.self)
    }

    private func write(to output: inout [UInt8], indentation: Int?) {
        switch self {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let value): output.append(contentsOf: (value ? "true" : "false").utf8)
        case .number(let text): output.append(contentsOf: text.utf8)
        case .string(let value): JSONText.appendQuoted(value, to: &output)
        case .array(let elements) where indentation != nil && elements.allSatisfy(\.isScalar):
            // Why: pretty text keeps short lists of scalars (`required`, `enum`) on one line.
            output.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { output.append(contentsOf: ", ".utf8) }
                element.write(to: &output, indentation: nil)
            }
            output.append(UInt8(ascii: "]"))
        case .array(let elements):
            writeContainer(elements.map { (nil, $0) }, open: "[", close: "]", to: &output, indentation: indentation)
        case .object(let members):
            writeContainer(members.map { ($0.key, $0.value) }, open: "{", close: "}", to: &output, indentation: indentation)
        }
    }

    private func writeContainer(
        _ members: [(String?, JSONValue)],
        open: Unicode.Scalar,
        close: Unicode.Scalar,
        to output: inout [UInt8],
        indentation: Int?
    ) {
        output.append(UInt8(ascii: open))
        guard !members.isEmpty else {
            output.append(UInt8(ascii: close))
            return
        }
        let inner = indentation.map { $0 + 2 }
        for (index, (key, value)) in members.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            if let inner {
                output.append(UInt8(ascii: "\n"))
                output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: inner))
            }
            if let key {
                JSONText.appendQuoted(key, to: &output)
                output.append(UInt8(ascii: ":"))
                if inner != nil { output.append(UInt8(ascii: " ")) }
            }
            value.write(to: &output, indentation: inner)
        }
        if let indentation {
            output.append(UInt8(ascii: "\n"))
            output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indentation))
        }
        output.append(UInt8(ascii: close))
    }
}

// MARK: - Conversions

extension JSONValue {
    /// The value of parsed JSON text; numbers keep the shortest spelling of their `Double` value.
    init(_ content: GeneratedContent) {
        switch content.kind {
        case .null: self = .null
        case .bool(let value): self = .bool(value)
        case .number(let value): self = .number(JSONText.number(value))
        case .string(let value): self = .string(value)
        case .array(let elements): self = .array(elements.map(JSONValue.init))
        case .structure(let properties, let keys):
            self = .object(keys.compactMap { key in properties[key].map { (key, JSONValue($0)) } })
        }
    }

    /// Whether the value is neither an array nor an object.
    var isScalar: Bool {
        switch self {
        case .array, .object: false
        default: true
        }
    }

    /// A short name for the value's JSON type, for error messages.
    var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a Boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

// MARK: - Codable

/// A coding key made from any string, for objects whose keys are not known in advance.
struct JSONKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }

    init(_ string: String) { self.stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

extension JSONValue: Codable {
    init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: JSONKey.self) {
            // Why: the decoder's key order is not the document's (JSONDecoder uses a dictionary);
            // schemas carry `x-order` for the order that matters.
            self = .object(try object.allKeys.map { ($0.stringValue, try object.decode(JSONValue.self, forKey: $0)) })
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
            self = .number(JSONText.number(value))
        } else {
            self = .string(try single.decode(String.self))
        }
    }

    func encode(to encoder: any Encoder) throws {
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
            var object = encoder.container(keyedBy: JSONKey.self)
            for (key, value) in members { try object.encode(value, forKey: JSONKey(key)) }
        }
    }
}
