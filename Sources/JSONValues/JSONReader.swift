/// A strict JSON reader (RFC 8259) that keeps object key order and numbers' literal text.
///
/// The package's one reader of complete JSON documents: schema documents, transcripts and tool
/// arguments. It accepts exactly JSON's grammar (no comments, no trailing commas, no `NaN`) and
/// reports the first error with its byte offset. Two readers in the package differ on purpose:
/// `PartialJSONParser` (FoundationModels) reads any *beginning* of a document while a response
/// streams, and the chat templates' reader accepts what Python's `json.loads` accepts.
///
/// - Objects keep their members in document order, duplicate keys included (see
///   ``JSONValue/mergingDuplicateKeys()`` for the last-value-wins reading).
/// - Numbers keep their text exactly as written.
/// - A `\u` escape of a lone surrogate, which JSON's grammar allows but a Swift string cannot hold,
///   becomes U+FFFD.
/// - Arrays and objects may nest ``maximumDepth`` deep.
///
/// ```swift
/// let value = try JSONReader.read(#"{"b": 1, "a": [true, null]}"#)
/// value.objectMembers?.map(\.key)   // ["b", "a"]
/// ```
public struct JSONReader {
    /// The deepest nesting of arrays and objects accepted.
    public static let maximumDepth = 512

    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0

    /// Reads `text` as one JSON document (whitespace around it is allowed).
    ///
    /// - Parameter text: The JSON text.
    /// - Returns: The document's value.
    /// - Throws: ``JSONReadError`` with the byte offset of the first error.
    public static func read(_ text: String) throws(JSONReadError) -> JSONValue {
        try read(utf8: Array(text.utf8))
    }

    /// Reads UTF-8 bytes as one JSON document; invalid UTF-8 inside strings becomes U+FFFD.
    ///
    /// - Parameter bytes: The UTF-8 bytes of the JSON text.
    /// - Returns: The document's value.
    /// - Throws: ``JSONReadError`` with the byte offset of the first error.
    public static func read(utf8 bytes: [UInt8]) throws(JSONReadError) -> JSONValue {
        var reader = JSONReader(bytes: bytes)
        reader.skipWhitespace()
        let value = try reader.readValue()
        reader.skipWhitespace()
        guard reader.index == bytes.count else {
            throw reader.failure("unexpected \(reader.describeCurrent()) after the JSON value")
        }
        return value
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    // MARK: - Values

    private mutating func readValue() throws(JSONReadError) -> JSONValue {
        guard index < bytes.count else { throw endOfText() }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try readObject()
        case UInt8(ascii: "["): return try readArray()
        case UInt8(ascii: "\""): return .string(try readString())
        case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectWord("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try readNumber())
        default: throw failure("expected a JSON value, found \(describeCurrent())")
        }
    }

    private mutating func expectWord(_ word: String) throws(JSONReadError) {
        for byte in word.utf8 {
            guard index < bytes.count else { throw endOfText() }
            guard bytes[index] == byte else { throw failure("expected '\(word)', found \(describeCurrent())") }
            index += 1
        }
    }

    private mutating func enter() throws(JSONReadError) {
        guard depth < Self.maximumDepth else {
            throw failure("nesting deeper than \(Self.maximumDepth) arrays and objects")
        }
        depth += 1
        index += 1
    }

    private mutating func readObject() throws(JSONReadError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        var members: [JSONMember] = []
        skipWhitespace()
        guard index < bytes.count else { throw endOfText() }
        if bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count else { throw endOfText() }
            guard bytes[index] == UInt8(ascii: "\"") else {
                throw failure("expected a key string, found \(describeCurrent())")
            }
            let key = try readString()
            skipWhitespace()
            guard index < bytes.count else { throw endOfText() }
            guard bytes[index] == UInt8(ascii: ":") else {
                throw failure("expected ':' after a key, found \(describeCurrent())")
            }
            index += 1
            skipWhitespace()
            members.append(JSONMember(key: key, value: try readValue()))
            skipWhitespace()
            guard index < bytes.count else { throw endOfText() }
            switch bytes[index] {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                return .object(members)
            default: throw failure("expected ',' or '}'")
            }
        }
    }

    private mutating func readArray() throws(JSONReadError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        var elements: [JSONValue] = []
        skipWhitespace()
        guard index < bytes.count else { throw endOfText() }
        if bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try readValue())
            skipWhitespace()
            guard index < bytes.count else { throw endOfText() }
            switch bytes[index] {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                return .array(elements)
            default: throw failure("expected ',' or ']'")
            }
        }
    }

    // MARK: - Numbers

    private mutating func readNumber() throws(JSONReadError) -> String {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        try expectDigit("expected a digit")
        if bytes[index] == UInt8(ascii: "0") { index += 1 } else { skipDigits() }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            try expectDigit("expected a digit after '.'")
            skipDigits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            try expectDigit("expected a digit in the exponent")
            skipDigits()
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private func expectDigit(_ message: String) throws(JSONReadError) {
        guard index < bytes.count else { throw endOfText() }
        guard Self.isDigit(bytes[index]) else { throw failure("\(message), found \(describeCurrent())") }
    }

    private mutating func skipDigits() {
        while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    // MARK: - Strings

    private mutating func readString() throws(JSONReadError) -> String {
        index += 1
        var decoded: [UInt8] = []
        var runStart = index
        while true {
            guard index < bytes.count else { throw endOfText() }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                decoded.append(contentsOf: bytes[runStart..<index])
                index += 1
                return String(decoding: decoded, as: UTF8.self)
            case UInt8(ascii: "\\"):
                decoded.append(contentsOf: bytes[runStart..<index])
                try readEscape(into: &decoded)
                runStart = index
            case 0x00..<0x20:
                throw failure("a control character must be escaped in a string")
            default:
                index += 1
            }
        }
    }

    /// Reads the escape at `index` (its backslash) into `decoded`.
    private mutating func readEscape(into decoded: inout [UInt8]) throws(JSONReadError) {
        index += 1
        guard index < bytes.count else { throw endOfText() }
        let escape = bytes[index]
        index += 1
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(escape)
        case UInt8(ascii: "b"): decoded.append(0x08)
        case UInt8(ascii: "f"): decoded.append(0x0C)
        case UInt8(ascii: "n"): decoded.append(0x0A)
        case UInt8(ascii: "r"): decoded.append(0x0D)
        case UInt8(ascii: "t"): decoded.append(0x09)
        case UInt8(ascii: "u"):
            var code = UInt32(try readHex4())
            if (0xD800...0xDBFF).contains(code), index + 1 < bytes.count,
                bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
            {
                let save = index
                index += 2
                let low = UInt32(try readHex4())
                if (0xDC00...0xDFFF).contains(low) {
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                } else {
                    index = save  // the next escape stands on its own
                }
            }
            let scalar = Unicode.Scalar(code) ?? "\u{FFFD}"
            Unicode.UTF8.encode(scalar) { decoded.append($0) }
        default:
            index -= 1
            throw failure("invalid escape '\\\(Self.describeRaw(escape))' in a string")
        }
    }

    private mutating func readHex4() throws(JSONReadError) -> UInt16 {
        var value: UInt16 = 0
        for _ in 0..<4 {
            guard index < bytes.count else { throw endOfText() }
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure("expected a hexadecimal digit in a \\u escape, found \(describeCurrent())")
            }
            value = value << 4 | UInt16(digit)
            index += 1
        }
        return value
    }

    // MARK: - Errors

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private func failure(_ reason: String) -> JSONReadError {
        JSONReadError(offset: index, reason: reason)
    }

    private func endOfText() -> JSONReadError {
        JSONReadError(offset: bytes.count, reason: "the document ends early")
    }

    private func describeCurrent() -> String {
        "'\(Self.describeRaw(bytes[index]))'"
    }

    private static func describeRaw(_ byte: UInt8) -> String {
        (0x20..<0x7F).contains(byte) ? String(UnicodeScalar(byte)) : "\\u{\(String(byte, radix: 16))}"
    }
}
