/// An order-preserving JSON parser for schema documents.
///
/// Keys keep their document order, which the schema compiler uses for property order when a schema
/// has no `x-order`. Numbers keep their literal text.
public struct JSONReader {
    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0

    /// Parses `text` as one JSON value.
    /// - Throws: ``SchemaError/invalidJSON(offset:reason:)`` for malformed text.
    public static func parse(_ text: String) throws(SchemaError) -> JSONValue {
        try parse(bytes: Array(text.utf8))
    }

    /// Parses UTF-8 `bytes` as one JSON value.
    /// - Throws: ``SchemaError/invalidJSON(offset:reason:)`` for malformed text.
    public static func parse(bytes: [UInt8]) throws(SchemaError) -> JSONValue {
        var reader = JSONReader(bytes: bytes)
        reader.skipWhitespace()
        let value = try reader.parseValue()
        reader.skipWhitespace()
        guard reader.index == bytes.count else { throw reader.failure("trailing characters") }
        return value
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private func failure(_ reason: String) -> SchemaError {
        .invalidJSON(offset: index, reason: reason)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 {
            index += 1
        }
    }

    private mutating func parseValue() throws(SchemaError) -> JSONValue {
        guard index < bytes.count else { throw failure("unexpected end") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectWord("null"); return .null
        default: return .number(try parseNumber())
        }
    }

    private mutating func expectWord(_ word: String) throws(SchemaError) {
        for byte in word.utf8 {
            guard index < bytes.count, bytes[index] == byte else { throw failure("expected \(word)") }
            index += 1
        }
    }

    private mutating func parseObject() throws(SchemaError) -> JSONValue {
        depth += 1
        defer { depth -= 1 }
        guard depth < 512 else { throw failure("nesting too deep") }
        index += 1
        var members: [JSONMember] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw failure("expected key") }
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw failure("expected ':'") }
            index += 1
            skipWhitespace()
            members.append(JSONMember(key: key, value: try parseValue()))
            skipWhitespace()
            guard index < bytes.count else { throw failure("unexpected end in object") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
            throw failure("expected ',' or '}'")
        }
    }

    private mutating func parseArray() throws(SchemaError) -> JSONValue {
        depth += 1
        defer { depth -= 1 }
        guard depth < 512 else { throw failure("nesting too deep") }
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(elements) }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            guard index < bytes.count else { throw failure("unexpected end in array") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(elements) }
            throw failure("expected ',' or ']'")
        }
    }

    private mutating func parseNumber() throws(SchemaError) -> String {
        let start = index
        func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { throw failure("invalid number") }
        if bytes[index] == 0x30 { index += 1 } else { while index < bytes.count, isDigit(bytes[index]) { index += 1 } }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw failure("invalid fraction") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { throw failure("invalid exponent") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func parseHex4() throws(SchemaError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw failure("short \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case 0x30...0x39: digit = UInt32(byte - 0x30)
            case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
            case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
            default: throw failure("invalid hex digit")
            }
            value = value * 16 + digit
            index += 1
        }
        return value
    }

    private mutating func parseString() throws(SchemaError) -> String {
        index += 1
        var scalars = String.UnicodeScalarView()
        var runStart = index
        var output = ""
        func flush(_ reader: JSONReader, to output: inout String, from start: Int) {
            if start < reader.index { output += String(decoding: reader.bytes[start..<reader.index], as: UTF8.self) }
        }
        while true {
            guard index < bytes.count else { throw failure("unterminated string") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                flush(self, to: &output, from: runStart)
                index += 1
                return output
            }
            if byte < 0x20 { throw failure("control character in string") }
            if byte != UInt8(ascii: "\\") { index += 1; continue }
            flush(self, to: &output, from: runStart)
            index += 1
            guard index < bytes.count else { throw failure("unterminated escape") }
            let escape = bytes[index]
            index += 1
            scalars.removeAll()
            switch escape {
            case UInt8(ascii: "\""): output += "\""
            case UInt8(ascii: "\\"): output += "\\"
            case UInt8(ascii: "/"): output += "/"
            case UInt8(ascii: "b"): output += "\u{08}"
            case UInt8(ascii: "f"): output += "\u{0C}"
            case UInt8(ascii: "n"): output += "\n"
            case UInt8(ascii: "r"): output += "\r"
            case UInt8(ascii: "t"): output += "\t"
            case UInt8(ascii: "u"):
                var code = try parseHex4()
                if code >= 0xD800, code < 0xDC00, index + 6 <= bytes.count,
                   bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                    index += 2
                    let low = try parseHex4()
                    if low >= 0xDC00, low < 0xE000 {
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    } else {
                        throw failure("invalid surrogate pair")
                    }
                }
                guard let scalar = Unicode.Scalar(code) else { throw failure("lone surrogate") }
                output.unicodeScalars.append(scalar)
            default:
                throw failure("invalid escape")
            }
            runStart = index
        }
    }
}
